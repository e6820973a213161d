// The real widget (<import-widget>, the same script organizations embed) inside the dashboard: to import
// a file for a template, with `preview`, to show a template or branding not saved yet (inert, no request),
// or, with `review`, one import's correction step (a review link's page).
// The script is loaded once, from the stage's widget address.
import { useEffect, useRef, useState } from 'react';
import { useSession } from '../session';
import { ErrorState, Loading } from './states';

/** What the widget's preview takes: the embed API's answer for a template (docs/embed.md). */
export interface WidgetPreview {
  template: { id: string; name: string; description: string | null; columns: unknown[] };
  branding: Record<string, unknown>;
}

let loading: Promise<void> | undefined;

function loadWidgetScript(url: string): Promise<void> {
  loading ??= new Promise<void>((resolve, reject) => {
    if (customElements.get('import-widget')) return resolve();
    const script = document.createElement('script');
    script.type = 'module';
    script.src = url;
    script.onload = () => void customElements.whenDefined('import-widget').then(() => resolve());
    script.onerror = () => {
      loading = undefined;
      reject(new Error(`The widget script could not be loaded from ${url}`));
    };
    document.head.append(script);
  });
  return loading;
}

type WidgetElement = HTMLElement & { preview: WidgetPreview | null; metadata: unknown; user: unknown };

export function ImportWidget({ template, preview, review, metadata, user, label }: {
  template?: string;
  preview?: WidgetPreview;
  review?: { importId: string; token: string };
  metadata?: unknown;
  user?: unknown;
  label?: string;
}) {
  const { config } = useSession();
  const [state, setState] = useState<'loading' | 'ready' | unknown>('loading');
  const host = useRef<HTMLDivElement>(null);
  const element = useRef<WidgetElement | null>(null);
  useEffect(() => {
    let live = true;
    loadWidgetScript(config.widgetScriptUrl).then(
      () => live && setState('ready'),
      (error) => live && setState(error),
    );
    return () => {
      live = false;
    };
  }, [config.widgetScriptUrl]);
  useEffect(() => {
    if (state !== 'ready' || !host.current) return;
    // Made here, not by React: its properties are set before it connects, and it is replaced when the template changes.
    const widget = document.createElement('import-widget') as WidgetElement;
    widget.setAttribute('api', config.embedApiUrl);
    if (template) widget.setAttribute('template', template);
    if (review) {
      widget.setAttribute('import-id', review.importId);
      widget.setAttribute('token', review.token);
    }
    widget.metadata = metadata ?? null;
    widget.user = user ?? null;
    widget.preview = preview ?? null;
    if (label) widget.setAttribute('aria-label', label);
    host.current.replaceChildren(widget);
    element.current = widget;
    return () => {
      widget.remove();
      element.current = null;
    };
    // A new element only for another template: the preview changes in place (below).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state, template, review?.importId, review?.token, config.embedApiUrl]);
  useEffect(() => {
    if (element.current) element.current.preview = preview ?? null;
  }, [preview]);
  if (state === 'loading') return <Loading />;
  if (state !== 'ready') return <ErrorState error={state} />;
  return <div ref={host} />;
}
