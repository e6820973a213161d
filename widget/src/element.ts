// <import-widget>: imports one file end to end through the embed API (docs/embed.md), in an open
// shadow root, styled by the organization's branding. Steps: welcome -> choose -> upload -> reading
// -> review (mapping) -> processing [-> corrections -> processing] -> result; any failure shows what
// happened and a way on.
// This is the element itself: its lifecycle, attributes and properties, branding and locale, events,
// and switching between steps. Each step is drawn by its own module (steps/, run.ts), which sees the
// element only through the WidgetContext (context.ts).
import { ApiFailure, request, type EmbedTemplate, type ImportStatus } from './api';
import type { LoadCorrections, Step, WidgetContext } from './context';
import { h, replace } from './dom';
import { supportedLocale, translate, type MessageKey } from './i18n';
import { awaitResult, run, start } from './run';
import { showChoose } from './steps/choose';
import { fail, showProblem } from './steps/problem';
import { showResult } from './steps/result';
import { showReview } from './steps/review';
import { showWelcome } from './steps/welcome';
import { BASE_CSS, brandingCss, BUTTON_STYLES, HEADER_STYLES } from './styles';
import { progressBar, section } from './ui';

const PRODUCT_NAME = 'Import Service';

declare global {
  // eslint-disable-next-line no-var
  var importWidgetConfig: { api?: string } | undefined;
}

export class ImportWidget extends HTMLElement {
  static observedAttributes = ['template', 'api', 'locale', 'import-id', 'token'];
  /** Where the script was loaded from: the default API base. */
  static scriptOrigin: string | undefined;
  /** Loads the correction step's chunk (set by the entry point). */
  static loadCorrections: LoadCorrections = () => Promise.reject(new ApiFailure('network'));

  private userValue: unknown = null;
  private metadataValue: unknown = null;
  private externalUserIdValue: string | null = null;
  private previewValue: EmbedTemplate | null = null;
  private readonly shadow: ShadowRoot;
  private readonly brandStyle: HTMLStyleElement;
  private readonly customStyle: HTMLStyleElement;
  private readonly frame: HTMLDivElement;
  private readonly header: HTMLElement;
  private readonly body: HTMLDivElement;
  private readonly wait: HTMLParagraphElement;
  private readonly live: HTMLDivElement;
  private readonly footer: HTMLElement;
  /** What the steps see of this element. */
  private readonly context: WidgetContext;
  private embed?: EmbedTemplate;
  private draw: () => HTMLElement = () => h('div');
  private controller = new AbortController();
  private acted = false;
  private loaded = false;

  constructor() {
    super();
    // Properties set before the element was defined are own properties: move them onto the setters.
    for (const name of ['user', 'metadata', 'externalUserId', 'preview'] as const) {
      if (Object.prototype.hasOwnProperty.call(this, name)) {
        const value = (this as Record<string, unknown>)[name];
        delete (this as Record<string, unknown>)[name];
        (this as Record<string, unknown>)[name] = value;
      }
    }
    this.shadow = this.attachShadow({ mode: 'open' });
    this.brandStyle = h('style');
    this.customStyle = h('style');
    this.header = h('div', { class: 'iw-header', part: 'header' });
    this.body = h('div', { class: 'iw-body', part: 'body' });
    this.wait = h('p', { class: 'iw-hint', 'aria-hidden': 'true' });
    this.live = h('div', { class: 'iw-sr', role: 'status', 'aria-live': 'polite', 'aria-atomic': 'true' });
    this.footer = h('div', { class: 'iw-footer', part: 'footer' });
    this.frame = h('div', { class: 'iw', part: 'container', role: 'region' }, this.header, this.body, this.wait, this.live, this.footer);
    this.shadow.append(h('style', {}, BASE_CSS), this.brandStyle, this.customStyle, this.frame);
    const acted = () => {
      this.acted = true;
    };
    this.shadow.addEventListener('pointerdown', acted);
    this.shadow.addEventListener('keydown', acted);
    this.shadow.addEventListener('drop', acted);
    this.shadow.addEventListener('change', acted);
    this.context = this.createContext();
  }

  get user() {
    return this.userValue;
  }
  set user(value: unknown) {
    this.userValue = value ?? null;
  }
  get metadata() {
    return this.metadataValue;
  }
  set metadata(value: unknown) {
    this.metadataValue = value ?? null;
  }
  get externalUserId() {
    return this.externalUserIdValue;
  }
  set externalUserId(value: string | null) {
    this.externalUserIdValue = value ?? null;
  }

  /**
   * A template and branding to show instead of the template attribute's: the dashboard's live preview of
   * a template or branding not saved yet. The first step is drawn with them, inert (nothing to press, no
   * request); null returns to the template attribute.
   */
  get preview() {
    return this.previewValue;
  }
  set preview(value: EmbedTemplate | null) {
    this.previewValue = value ?? null;
    if (this.isConnected) void this.load();
  }

  connectedCallback() {
    if (!this.loaded) void this.load();
  }

  disconnectedCallback() {
    // Stop polling and uploading: a widget taken out of the page does nothing more.
    this.controller.abort();
    this.loaded = false;
  }

  attributeChangedCallback(name: string, previous: string | null, next: string | null) {
    if (!this.isConnected || previous === next) return;
    if (name === 'locale') this.localize();
    else void this.load();
  }

  // ---- what the steps see ----

  private createContext(): WidgetContext {
    // The getters run with the context as `this`, so they reach the element by name.
    const widget = this;
    const context: WidgetContext = {
      get embed() {
        return widget.embed;
      },
      current: undefined,
      get api() {
        return widget.api;
      },
      get reviewLink() {
        return widget.reviewAccess !== undefined;
      },
      get locale() {
        return widget.locale;
      },
      get signal() {
        return widget.controller.signal;
      },
      root: this.shadow,
      importer: () => {
        const fields: Record<string, unknown> = {};
        if (this.userValue !== null) fields.user = this.userValue;
        if (this.metadataValue !== null) fields.metadata = this.metadataValue;
        if (this.externalUserIdValue !== null) fields.externalUserId = this.externalUserIdValue;
        return fields;
      },
      t: (key, params) => this.t(key, params),
      num: (value) => new Intl.NumberFormat(this.locale).format(value),
      newRun: () => this.newRun(),
      show: (step, draw) => this.show(step, draw),
      announce: (text) => this.announce(text),
      onWait: this.onWait,
      emit: (name, detail) => this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true })),
      choose: () => showChoose(context),
      start: (file) => void start(context, file),
      run: () => void run(context),
      review: () => showReview(context),
      corrections: () => void this.corrections(),
      result: (status) => showResult(context, status),
      fail: (error, retry) => fail(context, error, retry),
    };
    return context;
  }

  private get locale(): string {
    return supportedLocale(this.getAttribute('locale')) ?? supportedLocale(this.embed?.branding.locale) ?? 'en';
  }

  private t(key: MessageKey, params: Record<string, string | number> = {}) {
    return translate(this.locale, key, params);
  }

  /** A review link's import and token (both attributes set), else undefined. */
  private get reviewAccess(): { importId: string; token: string } | undefined {
    const importId = this.getAttribute('import-id');
    const token = this.getAttribute('token');
    return importId && token ? { importId, token } : undefined;
  }

  private get api(): string {
    const base = this.getAttribute('api') || globalThis.importWidgetConfig?.api || ImportWidget.scriptOrigin || location.origin;
    return base.replace(/\/+$/, '');
  }

  /** A new run of the flow: whatever the previous one was waiting for is abandoned. */
  private newRun(): AbortSignal {
    this.controller.abort();
    this.controller = new AbortController();
    return this.controller.signal;
  }

  private announce(text: string) {
    this.live.textContent = text;
  }

  private readonly onWait = (seconds: number) => {
    const text = this.t('rateLimited', { seconds });
    this.announce(text);
    this.wait.textContent = text;
    setTimeout(() => {
      if (this.wait.textContent === text) this.wait.textContent = '';
    }, seconds * 1000);
  };

  /** Show a step; focus moves to its heading unless the user is busy elsewhere on the page. */
  private show(step: Step, draw: () => HTMLElement) {
    const focusInside = this.shadow.activeElement !== null;
    this.draw = draw;
    this.wait.textContent = '';
    this.frame.dataset.step = step;
    replace(this.body, draw());
    const lost = document.activeElement === null || document.activeElement === document.body || document.activeElement === this;
    if (focusInside || (this.acted && lost)) this.body.querySelector<HTMLElement>('h2')?.focus();
  }

  /** The correction step, once its chunk is here (the loading step meanwhile). */
  private async corrections() {
    const signal = this.controller.signal;
    this.show('corrections', () => section('corrections', this.t('loading'), progressBar(this.t('loading'))));
    let chunk;
    try {
      chunk = await ImportWidget.loadCorrections();
    } catch {
      // The script host did not answer: said as any unreachable service is.
      return fail(this.context, new ApiFailure('network'), () => this.context.corrections());
    }
    if (!signal.aborted) await chunk.showCorrections(this.context);
  }

  // ---- branding and locale ----

  private applyBranding() {
    const branding = this.embed?.branding;
    this.brandStyle.textContent = brandingCss(branding ?? {});
    // customCss goes into this shadow root only: it cannot reach the host page.
    this.customStyle.textContent = branding?.customCss ?? '';
    this.frame.dataset.button = BUTTON_STYLES.includes(branding?.buttonStyle ?? '') ? branding!.buttonStyle : 'filled';
    this.header.dataset.style = HEADER_STYLES.includes(branding?.headerStyle ?? '') ? branding!.headerStyle : 'default';
    this.localize(false);
  }

  /** Strings of the frame, then the current step drawn again in the new language. */
  private localize(redraw = true) {
    const branding = this.embed?.branding;
    this.frame.lang = this.locale;
    this.frame.setAttribute('aria-label', this.t('widgetLabel'));
    const logo = branding?.logoUrl && /^https:\/\//i.test(branding.logoUrl)
      ? h('img', { class: 'iw-logo', part: 'logo', src: branding.logoUrl, alt: '' })
      : null;
    replace(this.header, logo, h('p', { class: 'iw-title' }, this.embed?.template.name ?? this.t('widgetLabel')));
    this.footer.hidden = !branding?.showPoweredBy;
    replace(this.footer, this.t('poweredBy', { name: PRODUCT_NAME }));
    if (redraw) replace(this.body, this.draw());
  }

  // ---- the template, then the first step ----

  private async load() {
    this.loaded = true;
    const signal = this.newRun();
    this.embed = undefined;
    this.context.current = undefined;
    this.applyBranding();
    this.body.inert = this.previewValue !== null;
    if (this.previewValue) {
      this.embed = this.previewValue;
      this.applyBranding();
      return showWelcome(this.context);
    }
    this.show('loading', () => section('loading', this.t('loading'), progressBar(this.t('loading'))));
    const review = this.reviewAccess;
    if (review) return this.openReview(review, signal);
    const template = this.getAttribute('template');
    if (!template) return showProblem(this.context, this.t('notFound'));
    try {
      this.embed = await request<EmbedTemplate>('GET', `${this.api}/embed/v1/templates/${encodeURIComponent(template)}`, {
        signal,
        onWait: this.onWait,
      });
    } catch (error) {
      return fail(this.context, error, () => void this.load());
    }
    this.applyBranding();
    showWelcome(this.context);
  }

  /**
   * A review link's import: its template (as the import was created) and branding, then its status,
   * which leads to the correction step while the import waits for it, else to its result.
   */
  private async openReview({ importId, token }: { importId: string; token: string }, signal: AbortSignal) {
    const path = `${this.api}/embed/v1/imports/${encodeURIComponent(importId)}`;
    try {
      const [embed, status] = await Promise.all([
        request<EmbedTemplate>('GET', `${path}/template`, { token, signal, onWait: this.onWait }),
        request<ImportStatus>('GET', path, { token, signal, onWait: this.onWait }),
      ]);
      this.embed = embed;
      this.applyBranding();
      this.context.current = { file: new File([], status.fileName), created: { importId, token }, sheet: 0, mapping: {}, formats: {} };
      await awaitResult(this.context, signal);
    } catch (error) {
      return fail(this.context, error, () => void this.load());
    }
  }
}

/** Register the element once (a page may load the script twice). */
export function defineImportWidget(scriptUrl: string | undefined, loadCorrections: LoadCorrections) {
  ImportWidget.loadCorrections = loadCorrections;
  try {
    ImportWidget.scriptOrigin = scriptUrl ? new URL(scriptUrl).origin : undefined;
  } catch {
    ImportWidget.scriptOrigin = undefined;
  }
  if (!customElements.get('import-widget')) customElements.define('import-widget', ImportWidget);
}
