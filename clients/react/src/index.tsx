// <ImportWidget>: the Import Service widget (the <import-widget> element, docs/embed.md) as a React
// component. Nothing here touches `window` or `document` until the component mounts in a browser: a
// server-side render outputs the empty host, and the widget's script is loaded once, on first mount.
import { useEffect, useRef, type CSSProperties } from 'react';

/** What the widget reports when an import starts. */
export interface ImportStartedDetail {
  importId: string;
}

/** What the widget reports when an import ends (import-complete, import-failed). */
export interface ImportFinishedDetail {
  importId: string;
  status: 'COMPLETED' | 'FAILED';
  totalRows: number;
  validRows: number;
  errorRows: number;
  skippedRows: number;
}

export interface ImportWidgetProps {
  /** The template to import into (an embed-enabled template's id). */
  template?: string;
  /** The stage's widget loader, e.g. https://<widget host>/widget/import-widget.js (the embed page of the dashboard shows it). */
  scriptUrl: string;
  /** The service's API address; default the script's origin. */
  api?: string;
  /** en, de, fr, es, it, pt, nl, ja, zh or ko; default the organization's branding. */
  locale?: string;
  /** Who imports: delivered with the import (webhook, API). */
  user?: { id?: string; email?: string; name?: string };
  metadata?: Record<string, unknown>;
  externalUserId?: string;
  /** A review link's import and token: the widget opens that import's correction step. */
  review?: { importId: string; token: string };
  onStarted?: (detail: ImportStartedDetail) => void;
  onComplete?: (detail: ImportFinishedDetail) => void;
  onFailed?: (detail: ImportFinishedDetail) => void;
  /** The script could not be loaded. */
  onLoadError?: (error: Error) => void;
  className?: string;
  style?: CSSProperties;
  /** The region's accessible name. */
  'aria-label'?: string;
}

type WidgetElement = HTMLElement & { user: unknown; metadata: unknown; externalUserId: string | null };

const scripts = new Map<string, Promise<void>>();

/** Loads the widget's ES module once per URL, resolving once <import-widget> is defined. */
export function loadWidgetScript(url: string): Promise<void> {
  let loading = scripts.get(url);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      if (customElements.get('import-widget')) return resolve();
      const script = document.createElement('script');
      script.type = 'module';
      script.src = url;
      script.onload = () => void customElements.whenDefined('import-widget').then(() => resolve());
      script.onerror = () => {
        scripts.delete(url);
        reject(new Error(`The import widget could not be loaded from ${url}`));
      };
      document.head.append(script);
    });
    scripts.set(url, loading);
  }
  return loading;
}

export function ImportWidget(props: ImportWidgetProps) {
  const host = useRef<HTMLDivElement>(null);
  const element = useRef<WidgetElement | null>(null);
  // The latest callbacks, read when an event comes: new functions on each render do not remake the widget.
  const latest = useRef(props);
  latest.current = props;
  const { template, scriptUrl, api, review } = props;

  useEffect(() => {
    let live = true;
    const listeners: [string, EventListener][] = [
      ['import-started', (event) => latest.current.onStarted?.((event as CustomEvent<ImportStartedDetail>).detail)],
      ['import-complete', (event) => latest.current.onComplete?.((event as CustomEvent<ImportFinishedDetail>).detail)],
      ['import-failed', (event) => latest.current.onFailed?.((event as CustomEvent<ImportFinishedDetail>).detail)],
    ];
    loadWidgetScript(scriptUrl).then(
      () => {
        if (!live || !host.current) return;
        const widget = document.createElement('import-widget') as WidgetElement;
        // Properties and attributes before it connects: it loads its template once.
        widget.user = latest.current.user ?? null;
        widget.metadata = latest.current.metadata ?? null;
        widget.externalUserId = latest.current.externalUserId ?? null;
        if (api) widget.setAttribute('api', api);
        if (template) widget.setAttribute('template', template);
        if (review) {
          widget.setAttribute('import-id', review.importId);
          widget.setAttribute('token', review.token);
        }
        if (latest.current.locale) widget.setAttribute('locale', latest.current.locale);
        if (latest.current['aria-label']) widget.setAttribute('aria-label', latest.current['aria-label']);
        for (const [name, listener] of listeners) widget.addEventListener(name, listener);
        host.current.replaceChildren(widget);
        element.current = widget;
      },
      (error: Error) => live && latest.current.onLoadError?.(error),
    );
    return () => {
      live = false;
      const widget = element.current;
      if (widget) {
        for (const [name, listener] of listeners) widget.removeEventListener(name, listener);
        widget.remove();
      }
      element.current = null;
    };
  }, [scriptUrl, api, template, review?.importId, review?.token]);

  // What changes in place: the language, and who imports (read at the next import's start).
  useEffect(() => {
    const widget = element.current;
    if (!widget) return;
    if (props.locale) widget.setAttribute('locale', props.locale);
    else widget.removeAttribute('locale');
    widget.user = props.user ?? null;
    widget.metadata = props.metadata ?? null;
    widget.externalUserId = props.externalUserId ?? null;
  });

  return <div ref={host} className={props.className} style={props.style} data-import-widget="" />;
}
