// <import-widget>: imports one file end to end through the embed API (docs/embed.md), in an open
// shadow root, styled by the organization's branding. Steps: welcome -> choose -> upload -> reading
// -> review (mapping) -> processing -> result; any failure shows what happened and a way on.
import {
  ApiFailure,
  request,
  sleep,
  uploadFile,
  type CreatedImport,
  type EmbedTemplate,
  type ErrorRow,
  type ImportStatus,
  type Page,
  type Preview,
  type PreviewSheet,
} from './api';
import { h, replace, type Child } from './dom';
import { toCsv } from './csv';
import { supportedLocale, translate, type MessageKey } from './i18n';
import { BASE_CSS, brandingCss, BUTTON_STYLES, HEADER_STYLES } from './styles';

/** The service's upload limit (MAX_FILE_BYTES default): checked before anything is sent. */
export const MAX_FILE_BYTES = 100 * 1024 * 1024;
/** Content types the embed API accepts per file type (shared/domain/embed.ts); anything else is sent as octet-stream. */
const CONTENT_TYPES: Record<string, string[]> = {
  csv: ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel'],
  tsv: ['text/tab-separated-values', 'text/tsv', 'text/plain'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/zip'],
  xls: ['application/vnd.ms-excel', 'application/x-msexcel'],
};
const ERRORS_PAGE_SIZE = 10;
const DOWNLOAD_PAGE_SIZE = 1000;
const PRODUCT_NAME = 'Import Service';
const TIMEOUT_MESSAGES: Record<string, MessageKey> = {
  UPLOAD_TIMEOUT: 'uploadTimeout',
  MAPPING_TIMEOUT: 'mappingTimeout',
  PROCESSING_TIMEOUT: 'processingTimeout',
};

declare global {
  // eslint-disable-next-line no-var
  var importWidgetConfig: { api?: string } | undefined;
}

type Step = 'loading' | 'welcome' | 'choose' | 'upload' | 'reading' | 'review' | 'processing' | 'result' | 'problem';

/** One file's way through the steps. */
interface Current {
  file: File;
  created?: CreatedImport;
  preview?: Preview;
  sheet: number;
  /** header -> column key, '' for "don't import". */
  mapping: Record<string, string>;
  status?: ImportStatus;
}

const extensionOf = (name: string) => /\.([a-z0-9]+)$/i.exec(name)?.[1].toLowerCase() ?? '';
const formatSize = (bytes: number, locale: string) => `${new Intl.NumberFormat(locale).format(Math.round(bytes / 1024 / 1024))} MB`;

export class ImportWidget extends HTMLElement {
  static observedAttributes = ['template', 'api', 'locale'];
  /** Where the script was loaded from: the default API base. */
  static scriptOrigin: string | undefined;

  private userValue: unknown = null;
  private metadataValue: unknown = null;
  private externalUserIdValue: string | null = null;
  private readonly shadow: ShadowRoot;
  private readonly brandStyle: HTMLStyleElement;
  private readonly customStyle: HTMLStyleElement;
  private readonly frame: HTMLDivElement;
  private readonly header: HTMLElement;
  private readonly body: HTMLDivElement;
  private readonly wait: HTMLParagraphElement;
  private readonly live: HTMLDivElement;
  private readonly footer: HTMLElement;
  private embed?: EmbedTemplate;
  private step: Step = 'loading';
  private draw: () => HTMLElement = () => h('div');
  private current?: Current;
  private controller = new AbortController();
  private acted = false;
  private loaded = false;

  constructor() {
    super();
    // Properties set before the element was defined are own properties: move them onto the setters.
    for (const name of ['user', 'metadata', 'externalUserId'] as const) {
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

  // ---- plumbing ----

  private get locale(): string {
    return supportedLocale(this.getAttribute('locale')) ?? supportedLocale(this.embed?.branding.locale) ?? 'en';
  }

  private t(key: MessageKey, params: Record<string, string | number> = {}) {
    return translate(this.locale, key, params);
  }

  private num(value: number) {
    return new Intl.NumberFormat(this.locale).format(value);
  }

  private get api(): string {
    const base = this.getAttribute('api') || globalThis.importWidgetConfig?.api || ImportWidget.scriptOrigin || location.origin;
    return base.replace(/\/+$/, '');
  }

  private importUrl(suffix = '') {
    return `${this.api}/embed/v1/imports/${encodeURIComponent(this.current!.created!.importId)}${suffix}`;
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

  private emit(name: string, detail: unknown) {
    this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true }));
  }

  /** Show a step; focus moves to its heading unless the user is busy elsewhere on the page. */
  private show(step: Step, draw: () => HTMLElement) {
    const focusInside = this.shadow.activeElement !== null;
    this.step = step;
    this.draw = draw;
    this.wait.textContent = '';
    this.frame.dataset.step = step;
    replace(this.body, draw());
    const lost = document.activeElement === null || document.activeElement === document.body || document.activeElement === this;
    if (focusInside || (this.acted && lost)) this.body.querySelector<HTMLElement>('h2')?.focus();
  }

  /** A step: a region named by its heading (tabindex -1, so focus can be moved to it). */
  private section(heading: string, ...children: (Child | Child[])[]) {
    const id = `iw-h-${this.step}`;
    return h('section', { 'aria-labelledby': id, part: `step step-${this.step}` }, h('h2', { id, tabindex: '-1' }, heading), ...children);
  }

  private button(label: string, onclick: () => void, kind: 'primary' | 'secondary' = 'primary', extra: Record<string, string> = {}) {
    return h('button', { type: 'button', class: `iw-btn iw-${kind}`, part: `button ${kind}-button`, onclick, ...extra }, label);
  }

  private bar(label: string, percent?: number) {
    const fill = h('div');
    const bar = h('div', {
      class: 'iw-bar',
      role: 'progressbar',
      'aria-label': label,
      'aria-valuemin': '0',
      'aria-valuemax': '100',
      'data-indeterminate': percent === undefined,
    }, fill);
    if (percent !== undefined) {
      bar.setAttribute('aria-valuenow', String(percent));
      fill.style.width = `${percent}%`;
    }
    return bar;
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

  // ---- the steps ----

  private async load() {
    this.loaded = true;
    const signal = this.newRun();
    this.embed = undefined;
    this.current = undefined;
    this.applyBranding();
    this.show('loading', () => this.section(this.t('loading'), this.bar(this.t('loading'))));
    const template = this.getAttribute('template');
    if (!template) return this.problem(this.t('notFound'));
    try {
      this.embed = await request<EmbedTemplate>('GET', `${this.api}/embed/v1/templates/${encodeURIComponent(template)}`, {
        signal,
        onWait: this.onWait,
      });
    } catch (error) {
      return this.fail(error, () => void this.load());
    }
    this.applyBranding();
    this.show('welcome', () => this.drawWelcome());
  }

  private drawWelcome() {
    const { template, branding } = this.embed!;
    return this.section(
      this.t('welcomeHeading'),
      h('p', { class: 'iw-pre', part: 'welcome-text' }, branding.customWelcomeText || this.t('welcomeText')),
      h('p', { id: 'iw-cols-label' }, this.t('expectedColumns')),
      h('ul', { class: 'iw-cols', 'aria-labelledby': 'iw-cols-label' },
        template.columns.map((column) =>
          h('li', {}, column.name, column.required ? h('span', { class: 'iw-tag' }, this.t('required')) : null))),
      h('div', { class: 'iw-actions' }, this.button(this.t('start'), () => this.choose())),
    );
  }

  private choose(message = '') {
    this.newRun();
    this.current = undefined;
    this.show('choose', () => this.drawChoose(message));
  }

  private drawChoose(message: string) {
    const alert = h('div', { class: 'iw-alert', role: 'alert', part: 'alert' }, message);
    const accept = ['.csv', '.tsv', '.xlsx', '.xls', ...new Set(Object.values(CONTENT_TYPES).flat())].join(',');
    const input = h('input', { type: 'file', accept, hidden: true, 'aria-label': this.t('fileInput') });
    const take = (file: File | undefined) => {
      if (!file) return;
      input.value = '';
      const problem = this.fileProblem(file);
      if (problem) alert.textContent = problem;
      else void this.start(file);
    };
    input.addEventListener('change', () => take(input.files?.[0]));
    const drop = h('div', {
      class: 'iw-drop',
      part: 'dropzone',
      ondragover: (event: Event) => {
        event.preventDefault();
        drop.dataset.over = '';
      },
      ondragleave: () => delete drop.dataset.over,
      ondrop: (event: Event) => {
        event.preventDefault();
        delete drop.dataset.over;
        take((event as DragEvent).dataTransfer?.files[0]);
      },
    },
    h('p', { 'aria-hidden': 'true' }, this.t('dropHint')),
    this.button(this.t('browse'), () => input.click(), 'primary', { 'aria-describedby': 'iw-accepted' }),
    h('p', { class: 'iw-hint', id: 'iw-accepted' }, this.t('accepted', { size: formatSize(MAX_FILE_BYTES, this.locale) })),
    input);
    return this.section(this.t('chooseHeading'), drop, alert);
  }

  private fileProblem(file: File): string | undefined {
    if (!(extensionOf(file.name) in CONTENT_TYPES)) return this.t('badType', { name: file.name });
    if (file.size > MAX_FILE_BYTES) return this.t('tooBig', { name: file.name, size: formatSize(MAX_FILE_BYTES, this.locale) });
    if (file.size === 0) return this.t('emptyFile', { name: file.name });
    return undefined;
  }

  private async start(file: File) {
    this.current = { file, sheet: 0, mapping: {} };
    await this.run();
  }

  /** Create the import, upload the file, wait for the file's head, then the review. */
  private async run() {
    const current = this.current!;
    const { file } = current;
    const signal = this.newRun();
    let fill: HTMLElement | undefined;
    let text: HTMLElement | undefined;
    let bar: HTMLElement | undefined;
    let announced = -1;
    const progress = (sent: number, total: number) => {
      const percent = total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0;
      bar?.setAttribute('aria-valuenow', String(percent));
      if (fill) fill.style.width = `${percent}%`;
      if (text) text.textContent = this.t('uploaded', { percent });
      // Screen readers hear every fifth of the way, not every event.
      if (Math.floor(percent / 20) !== announced) {
        announced = Math.floor(percent / 20);
        this.announce(this.t('uploaded', { percent }));
      }
    };
    this.show('upload', () => {
      bar = this.bar(this.t('uploadProgress'), 0);
      fill = bar.firstElementChild as HTMLElement;
      text = h('p', { class: 'iw-hint' }, this.t('uploaded', { percent: 0 }));
      return this.section(
        this.t('uploadHeading'),
        h('p', {}, file.name),
        bar,
        text,
        h('div', { class: 'iw-actions' }, this.button(this.t('cancel'), () => this.choose(), 'secondary')),
      );
    });
    try {
      const type = extensionOf(file.name);
      const body: Record<string, unknown> = {
        fileName: file.name,
        fileSize: file.size,
        contentType: CONTENT_TYPES[type].includes(file.type) ? file.type : 'application/octet-stream',
        review: true,
      };
      if (this.userValue !== null) body.user = this.userValue;
      if (this.metadataValue !== null) body.metadata = this.metadataValue;
      if (this.externalUserIdValue !== null) body.externalUserId = this.externalUserIdValue;
      current.created = await request<CreatedImport>(
        'POST',
        `${this.api}/embed/v1/templates/${encodeURIComponent(this.embed!.template.id)}/imports`,
        { body, signal, onWait: this.onWait },
      );
      this.emit('import-started', { importId: current.created.importId });
      await uploadFile(current.created.upload, file, progress, signal);
      progress(1, 1);
      this.show('reading', () => this.section(this.t('readingHeading'), h('p', {}, this.t('reading')), this.bar(this.t('readingHeading'))));
      this.announce(this.t('reading'));
      const status = await this.poll((s) => s.phase === 'AWAITING_MAPPING' || s.status !== 'PENDING', signal);
      if (status.status !== 'PENDING') return this.result(status);
      current.preview = await this.fetchPreview(signal);
      this.pickSheet(current.preview.sheetIndex);
      this.show('review', () => this.drawReview());
    } catch (error) {
      this.fail(error, () => void this.run());
    }
  }

  /** Poll the import's status until `done`, backing off from 0.4 s to 4 s. */
  private async poll(done: (status: ImportStatus) => boolean, signal: AbortSignal): Promise<ImportStatus> {
    for (let delay = 400; ; delay = Math.min(4000, delay * 1.5)) {
      const status = await request<ImportStatus>('GET', this.importUrl(), { token: this.current!.created!.token, signal, onWait: this.onWait });
      this.current!.status = status;
      if (done(status)) return status;
      await sleep(delay, signal);
    }
  }

  private async fetchPreview(signal: AbortSignal): Promise<Preview> {
    for (let delay = 300; ; delay = Math.min(3000, delay * 1.5)) {
      try {
        return await request<Preview>('GET', this.importUrl('/preview'), { token: this.current!.created!.token, signal, onWait: this.onWait });
      } catch (error) {
        if (!(error instanceof ApiFailure && error.code === 'PREVIEW_NOT_READY')) throw error;
      }
      await sleep(delay, signal);
    }
  }

  /** The sheet to map, with its suggestions preselected. */
  private pickSheet(index: number) {
    const current = this.current!;
    const sheet = current.preview!.sheets.find((candidate) => candidate.index === index) ?? current.preview!.sheets[0];
    current.sheet = sheet?.index ?? 0;
    current.mapping = {};
    for (const header of this.headersOf(sheet)) current.mapping[header] = sheet.suggestedMapping[header] ?? '';
  }

  private sheetNow(): PreviewSheet | undefined {
    const { preview, sheet } = this.current!;
    return preview!.sheets.find((candidate) => candidate.index === sheet);
  }

  /** Headers that can be mapped: named, each once. */
  private headersOf(sheet: PreviewSheet | undefined): string[] {
    return [...new Set((sheet?.headers ?? []).filter((header) => header.trim() !== ''))];
  }

  private drawReview() {
    const current = this.current!;
    const { columns, sheets } = current.preview!;
    const alert = h('div', { class: 'iw-alert', role: 'alert', part: 'alert' });
    const tableBox = h('div');
    const drawTable = () => {
      const sheet = this.sheetNow();
      const headers = sheet?.headers ?? [];
      const rows = this.headersOf(sheet).map((header, i) => {
        const column = headers.indexOf(header);
        const suggested = sheet!.suggestedMapping[header] ?? null;
        const samples = sheet!.sampleRows
          .map((row) => row[column])
          .filter((value) => value !== null && value !== undefined && String(value).trim() !== '')
          .slice(0, 3)
          .map(String);
        const confidence = sheet!.source[header] === 'remembered'
          ? this.t('remembered')
          : suggested
            ? this.t('match', { percent: Math.round((sheet!.confidence[header] ?? 0) * 100) })
            : this.t('noMatch');
        const note = h('span', { class: 'iw-conf', id: `iw-conf-${i}` }, confidence);
        const select = h('select', {
          id: `iw-map-${i}`,
          'aria-describedby': `iw-conf-${i} iw-samples-${i}`,
          'data-header': header,
          onchange: () => {
            current.mapping[header] = select.value;
            note.hidden = select.value !== (suggested ?? '');
            alert.textContent = '';
            for (const other of tableBox.querySelectorAll('select')) other.removeAttribute('aria-invalid');
          },
        },
        h('option', { value: '' }, this.t('dontImport')),
        columns.map((col) => h('option', { value: col.key, selected: current.mapping[header] === col.key },
          col.required ? this.t('requiredField', { name: col.name }) : col.name)));
        return h('tr', {},
          h('th', { scope: 'row' }, h('label', { for: `iw-map-${i}` }, header)),
          h('td', { class: 'iw-samples', id: `iw-samples-${i}` }, samples.length ? samples.join(' · ') : this.t('empty')),
          h('td', {}, select, note));
      });
      replace(tableBox, h('table', { part: 'mapping-table', 'aria-labelledby': 'iw-h-review' },
        h('colgroup', {}, h('col', { style: 'width:32%' }), h('col', { style: 'width:30%' }), h('col')),
        h('thead', {}, h('tr', {},
          h('th', { scope: 'col' }, this.t('fileColumn')),
          h('th', { scope: 'col' }, this.t('samples')),
          h('th', { scope: 'col' }, this.t('importAs')))),
        h('tbody', {}, rows)));
    };
    drawTable();
    let sheetPicker: HTMLElement | null = null;
    if (sheets.length > 1) {
      const select = h('select', {
        id: 'iw-sheet',
        onchange: () => {
          this.pickSheet(Number(select.value));
          alert.textContent = '';
          drawTable();
        },
      }, sheets.map((sheet) => h('option', { value: String(sheet.index), selected: sheet.index === current.sheet },
        sheet.name ?? this.t('sheetN', { n: sheet.index + 1 }))));
      sheetPicker = h('div', { class: 'iw-sheet' }, h('label', { for: 'iw-sheet' }, this.t('sheet')), select);
    }
    const required = columns.filter((column) => column.required).map((column) => column.name);
    const confirm = this.button(this.t('confirm'), () => void this.confirm(alert, tableBox, confirm));
    return this.section(
      this.t('reviewHeading'),
      h('p', {}, this.t('reviewText')),
      sheetPicker,
      required.length ? h('p', { class: 'iw-hint' }, this.t('requiredFields', { list: required.join(', ') })) : null,
      tableBox,
      alert,
      h('div', { class: 'iw-actions' }, confirm, this.button(this.t('chooseAnother'), () => this.choose(), 'secondary')),
    );
  }

  /** Required columns mapped and no column chosen twice; the selects at fault are marked. */
  private mappingProblems(tableBox: HTMLElement): string[] {
    const { preview, mapping } = this.current!;
    const problems: string[] = [];
    const chosen = Object.values(mapping).filter(Boolean);
    for (const column of preview!.columns) {
      if (column.required && !chosen.includes(column.key)) problems.push(this.t('missingRequired', { name: column.name }));
      if (chosen.filter((key) => key === column.key).length > 1) {
        problems.push(this.t('chosenTwice', { name: column.name }));
        for (const select of tableBox.querySelectorAll('select')) {
          if (select.value === column.key) select.setAttribute('aria-invalid', 'true');
        }
      }
    }
    return problems;
  }

  private async confirm(alert: HTMLElement, tableBox: HTMLElement, button: HTMLButtonElement) {
    const current = this.current!;
    const problems = this.mappingProblems(tableBox);
    if (problems.length > 0) {
      replace(alert, h('ul', {}, problems.map((problem) => h('li', {}, problem))));
      return;
    }
    const signal = this.controller.signal;
    const mapping: Record<string, string | null> = {};
    for (const header of this.headersOf(this.sheetNow())) mapping[header] = current.mapping[header] || null;
    button.disabled = true;
    try {
      await request('POST', this.importUrl('/mapping'), {
        token: current.created!.token,
        body: { sheet: current.sheet, mapping },
        signal,
        onWait: this.onWait,
      });
    } catch (error) {
      button.disabled = false;
      if (error instanceof ApiFailure && error.status === 400) {
        alert.textContent = error.message || this.t('generic');
        return;
      }
      if (error instanceof ApiFailure && error.status === 409) {
        // No longer waiting for its mapping (a deadline closed it): show how it ended.
        try {
          const status = await this.poll(() => true, signal);
          if (status.status !== 'PENDING') return this.result(status);
        } catch (inner) {
          return this.fail(inner, () => void this.confirm(alert, tableBox, button));
        }
      }
      return this.fail(error, () => void this.confirm(alert, tableBox, button));
    }
    this.show('processing', () => this.section(
      this.t('processingHeading'),
      h('p', {}, this.t('processing')),
      this.bar(this.t('processingProgress')),
    ));
    this.announce(this.t('processing'));
    try {
      this.result(await this.poll((s) => s.status !== 'PENDING', signal));
    } catch (error) {
      const retry = () => void this.poll((s) => s.status !== 'PENDING', this.controller.signal).then((s) => this.result(s), (e) => this.fail(e, retry));
      this.fail(error, retry);
    }
  }

  private result(status: ImportStatus) {
    const current = this.current!;
    current.status = status;
    const { importId } = current.created!;
    this.show('result', () => this.drawResult(status));
    const { totalRows, validRows, errorRows, skippedRows } = status;
    this.emit(status.status === 'COMPLETED' ? 'import-complete' : 'import-failed', {
      importId,
      status: status.status,
      totalRows,
      validRows,
      errorRows,
      skippedRows,
    });
  }

  private drawResult(status: ImportStatus) {
    const branding = this.embed!.branding;
    const ok = status.status === 'COMPLETED';
    const timeout = status.error ? TIMEOUT_MESSAGES[status.error.code] : undefined;
    const message = ok
      ? h('div', { class: 'iw-alert iw-ok', part: 'success-text' }, h('p', { class: 'iw-pre' }, branding.customSuccessText || this.t('successText')))
      : h('div', { class: 'iw-alert', part: 'error-text' },
        h('p', { class: 'iw-pre' }, branding.customErrorText || this.t('errorText')),
        status.error ? h('p', {}, timeout ? this.t(timeout) : status.error.message) : null);
    const count = (key: MessageKey, value: number) => h('div', {}, h('dt', {}, this.t(key)), h('dd', {}, this.num(value)));
    const actions = h('div', { class: 'iw-actions' },
      timeout ? this.button(this.t('retry'), () => void this.run()) : null,
      this.button(this.t('another'), () => this.choose(), timeout ? 'secondary' : 'primary'));
    return this.section(
      this.t(ok ? 'completeHeading' : 'failedHeading'),
      message,
      // A failure before any row was read (a deadline, an unreadable file) has no counts worth showing.
      ok || status.totalRows + status.skippedRows > 0
        ? h('dl', { class: 'iw-counts', part: 'counts', 'aria-label': this.t('counts') },
          count('totalRows', status.totalRows),
          count('validRows', status.validRows),
          count('errorRows', status.errorRows),
          count('skippedRows', status.skippedRows))
        : null,
      status.errorRows > 0 ? this.drawErrors() : null,
      actions,
    );
  }

  /** The error rows, a page at a time from the errors route, and the whole list as CSV. */
  private drawErrors() {
    const box = h('div', { part: 'errors' });
    const pager = h('div', { class: 'iw-pager' });
    const note = h('div', { class: 'iw-alert', role: 'alert' });
    const signal = this.controller.signal;
    const token = this.current!.created!.token;
    const show = async (page: number, focus?: 'previous' | 'next') => {
      let result: Page<ErrorRow>;
      try {
        result = await request<Page<ErrorRow>>('GET', this.importUrl(`/errors?page=${page}&limit=${ERRORS_PAGE_SIZE}`), {
          token,
          signal,
          onWait: this.onWait,
        });
      } catch (error) {
        if (!(error instanceof ApiFailure && error.kind === 'aborted')) note.textContent = this.describe(error).join(' ');
        return;
      }
      const pages = Math.max(1, result.pagination.totalPages);
      replace(box, h('table', { 'aria-labelledby': 'iw-errors-h', part: 'errors-table' },
        h('colgroup', {}, h('col', { style: 'width:12%' }), h('col', { style: 'width:22%' }), h('col', { style: 'width:30%' }), h('col')),
        h('thead', {}, h('tr', {}, (['row', 'column', 'value', 'problem'] as const).map((key) => h('th', { scope: 'col' }, this.t(key))))),
        h('tbody', {}, result.data.flatMap((row) => row.errors.map((cell) => h('tr', {},
          h('td', {}, this.num(row.row)),
          h('td', {}, this.columnName(cell.column)),
          h('td', {}, cell.value === null || cell.value === '' ? this.t('empty') : cell.value),
          h('td', {}, cell.message)))))));
      const position = this.t('pageOf', { page: this.num(page), pages: this.num(pages) });
      const previous = this.button(this.t('previous'), () => void show(page - 1, 'previous'), 'secondary', page <= 1 ? { disabled: '' } : {});
      const next = this.button(this.t('next'), () => void show(page + 1, 'next'), 'secondary', page >= pages ? { disabled: '' } : {});
      replace(pager, pages > 1 ? h('nav', { class: 'iw-pager', 'aria-label': this.t('pages') }, previous, h('span', {}, position), next) : null);
      if (focus) {
        this.announce(position);
        // The button pressed is disabled on the first and last page: focus stays in the pager.
        const pressed = focus === 'next' ? next : previous;
        (pressed.disabled ? (focus === 'next' ? previous : next) : pressed).focus();
      }
    };
    void show(1);
    const download = this.button(this.t('download'), () => void this.download(download, note), 'secondary');
    return h('div', {},
      h('h3', { id: 'iw-errors-h' }, this.t('errorsTable')),
      box,
      pager,
      note,
      h('div', { class: 'iw-actions' }, download));
  }

  private async download(button: HTMLButtonElement, note: HTMLElement) {
    const current = this.current!;
    button.disabled = true;
    this.announce(this.t('preparing'));
    const rows: (string | number | null)[][] = [[this.t('row'), this.t('column'), this.t('value'), this.t('problem')]];
    try {
      for (let page = 1, pages = 1; page <= pages; page++) {
        const result = await request<Page<ErrorRow>>('GET', this.importUrl(`/errors?page=${page}&limit=${DOWNLOAD_PAGE_SIZE}`), {
          token: current.created!.token,
          signal: this.controller.signal,
          onWait: this.onWait,
        });
        pages = result.pagination.totalPages;
        for (const row of result.data) {
          for (const cell of row.errors) rows.push([row.row, this.columnName(cell.column), cell.value, cell.message]);
        }
      }
    } catch (error) {
      button.disabled = false;
      if (!(error instanceof ApiFailure && error.kind === 'aborted')) note.textContent = this.describe(error).join(' ');
      return;
    }
    const url = URL.createObjectURL(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }));
    const link = h('a', { href: url, download: `${current.file.name.replace(/\.[^.]+$/, '')}-errors.csv`, hidden: true });
    this.shadow.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    button.disabled = false;
  }

  /** Error rows name columns by key: shown by the template's name for them. */
  private columnName(key: string): string {
    return this.embed?.template.columns.find((column) => column.key === key)?.name ?? key;
  }

  // ---- failures ----

  /** What went wrong, in the user's language: the message, then the service's own words when they help. */
  private describe(error: unknown): string[] {
    if (!(error instanceof ApiFailure)) return [this.t('generic')];
    if (error.kind === 'network') return [this.t('network')];
    if (error.kind === 'upload') return [this.t(error.status === 403 ? 'linkExpired' : 'uploadFailed')];
    if (error.code === 'ORIGIN_NOT_ALLOWED') return [this.t('originRefused')];
    if (error.status === 404) return [this.t('notFound')];
    if (error.status === 401) return [this.t('sessionExpired')];
    if (error.status === 429) return [this.t('rateLimitedStop')];
    return error.message ? [this.t('generic'), error.message] : [this.t('generic')];
  }

  private fail(error: unknown, retry?: () => void) {
    if (error instanceof ApiFailure && error.kind === 'aborted') return;
    const [message, detail] = this.describe(error);
    // An expired link or session cannot be retried as is: the way on is a new import of the same file.
    const restart = error instanceof ApiFailure && ((error.kind === 'upload' && error.status === 403) || error.status === 401);
    const file = this.current?.file;
    const again = restart && file ? () => void this.start(file) : retry;
    this.problem(message, detail, again);
  }

  private problem(message: string, detail?: string, retry?: () => void) {
    this.show('problem', () => this.section(
      this.t('problemHeading'),
      h('div', { class: 'iw-alert', part: 'error-text' }, h('p', {}, message), detail ? h('p', {}, detail) : null),
      h('div', { class: 'iw-actions' },
        retry ? this.button(this.t('retry'), retry) : null,
        this.embed ? this.button(this.t('startOver'), () => this.choose(), retry ? 'secondary' : 'primary') : null),
    ));
    this.announce(message);
  }
}

/** Register the element once (a page may load the script twice). */
export function defineImportWidget(scriptUrl: string | undefined) {
  try {
    ImportWidget.scriptOrigin = scriptUrl ? new URL(scriptUrl).origin : undefined;
  } catch {
    ImportWidget.scriptOrigin = undefined;
  }
  if (!customElements.get('import-widget')) customElements.define('import-widget', ImportWidget);
}
