// The element as the steps see it (steps/*, run.ts): what a step may read, how it shows itself, and how
// it moves on. Steps never reach into the element and never import one another: every move to another
// step goes through here, so the element stays the one place that switches steps and no step module
// depends on the next one.
import type { CreatedImport, EmbedTemplate, ImportStatus, Preview } from './api';
import type { MessageKey } from './i18n';

export type Step = 'loading' | 'welcome' | 'choose' | 'upload' | 'reading' | 'review' | 'corrections' | 'processing' | 'result' | 'problem';

/** One file's way through the steps. */
export interface FileImport {
  file: File;
  created?: CreatedImport;
  preview?: Preview;
  sheet: number;
  /** header -> column key, '' for "don't import". */
  mapping: Record<string, string>;
  /** The row the end user takes the column names from (the sheet's proposal until they pick another). */
  headerRow?: number;
  /** The end user's answers to the review's questions about dates and numbers, per column key. */
  formats: Record<string, { dateOrder?: 'DMY' | 'MDY'; numberFormat?: 'point' | 'comma' }>;
}

/** The correction step's lazily loaded chunk (steps/corrections.ts). */
export interface CorrectionsChunk {
  showCorrections(ctx: WidgetContext): Promise<void>;
}

/** How an entry point loads that chunk: a dynamic import (ES module) or a script element (classic). */
export type LoadCorrections = () => Promise<CorrectionsChunk>;

export interface WidgetContext {
  /** The template and the organization's branding, once loaded. */
  readonly embed: EmbedTemplate | undefined;
  /** The file being imported, from its choice to its result. */
  current: FileImport | undefined;
  /** The service's base URL, without a trailing slash. */
  readonly api: string;
  /**
   * Opened by a review link (the import-id and token attributes): one import's correction step and
   * result, for someone who did not choose the file; no way to another file.
   */
  readonly reviewLink: boolean;
  readonly locale: string;
  /** The current run's signal: aborted when the user starts over or the widget leaves the page. */
  readonly signal: AbortSignal;
  /** The shadow root, for what belongs to no step (the error CSV's download link). */
  readonly root: ShadowRoot;
  /** The element's user, metadata and externalUserId, those the page set, for the import's creation. */
  importer(): Record<string, unknown>;
  t(key: MessageKey, params?: Record<string, string | number>): string;
  num(value: number): string;
  /** Abandon whatever the previous run was waiting for; returns the new run's signal. */
  newRun(): AbortSignal;
  /** Show a step; `draw` is called again when the locale changes. */
  show(step: Step, draw: () => HTMLElement): void;
  /** Say `text` in the polite live region. */
  announce(text: string): void;
  /** Tell the user about a 429's wait (the `onWait` of api.ts's request). */
  onWait(seconds: number): void;
  /** Dispatch one of the element's events (bubbling, composed). */
  emit(name: string, detail: unknown): void;

  // Moves to another step.
  choose(): void;
  start(file: File): void;
  /** Import `current.file` again from the start (a new import). */
  run(): void;
  review(): void;
  /** The correction step (a lazily loaded chunk), for an import waiting in AWAITING_CORRECTIONS. */
  corrections(): void;
  result(status: ImportStatus): void;
  /** The problem step for `error`, unless it was an abort; `retry` is its "Try again". */
  fail(error: unknown, retry?: () => void): void;
}
