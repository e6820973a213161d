// The browser part of the correction step benchmark (bench/corrections.ts calls it): the same file
// imported through the widget on the local stack's demo page in headless Chromium, as an end user does
// it; how long the grid takes to show its first rows after the mapping is confirmed; scrolling through
// every row of "All rows" and of "Rows with errors" a screen per frame (longest main-thread task from
// the page's 'longtask' observer, row elements in the DOM, pages fetched, 429s); cell edits with the
// keyboard, Enter to the re-validated cell drawn; screenshots at the bottom of each scroll.
import type { Page } from 'playwright-core';
import { readLocalStackState } from '../scripts/local/state';
import { launchBrowser, screenshot } from '../test/support/browser';
import { COLUMNS, PEOPLE, type PeopleFile } from './corrections-fixtures';
import * as h from './harness';
import { round } from './harness';

/** A long task is one of 50 ms or more: "none" meets the target. */
export const LONG_TASK_MS = 50;
/** The grid's columns before the template's: the selection checkbox, the row number. */
const LEAD = 2;

/**
 * Installed before the page's own scripts. A 'longtask' observer counting while armed; the scroll loop
 * (a screen per frame, each step waiting until the rows in view are drawn); an Enter listener for the
 * cell edits. Page code as a string: the bench compiles without the DOM's types.
 */
const PAGE_PROBE = `
  globalThis.__grid = {
    armed: false, longestTask: 0, longTasks: 0, clickAt: 0, enterAt: 0,
    tasks: [],
    arm() { Object.assign(this, { armed: true, longestTask: 0, longTasks: 0, tasks: [] }); performance.clearResourceTimings(); },
    /** The long tasks since arm(); of them, those that began within 50 ms of a rows page's arrival (its JSON parsed, its rows drawn). */
    disarm() {
      this.armed = false;
      const arrivals = performance.getEntriesByType('resource').filter((e) => e.name.includes('/rows?')).map((e) => e.responseEnd);
      const afterRowsPage = this.tasks.filter((t) => arrivals.some((end) => t.start >= end - 5 && t.start <= end + 50)).length;
      return { longestTask: this.longestTask, longTasks: this.longTasks, afterRowsPage, tasks: this.tasks.slice(0, 50) };
    },
    now: () => performance.timeOrigin + performance.now(),
    parts() {
      const root = document.querySelector('import-widget')?.shadowRoot;
      const grid = root?.querySelector('[role=grid]');
      if (!grid) return undefined;
      return { root, grid, scroller: root.querySelector('.iw-gscroll'), body: root.querySelector('.iw-gbody'), head: root.querySelector('.iw-ghead') };
    },
    /** The rows in view (below the sticky header) all drawn with their data (a checkbox, not the placeholder). */
    inViewDrawn(g) {
      const rowHeight = g.head.offsetHeight;
      const total = Number(g.grid.getAttribute('aria-rowcount')) - 1;
      if (total <= 0) return true;
      const first = Math.floor(g.scroller.scrollTop / rowHeight);
      const last = Math.min(total - 1, Math.floor((g.scroller.scrollTop + g.scroller.clientHeight - 1) / rowHeight) - 1);
      const drawn = new Map();
      for (const row of g.body.children) drawn.set(Number(row.dataset.r), row);
      for (let i = first; i <= last; i++) if (!drawn.get(i)?.querySelector('input[type=checkbox]')) return false;
      return true;
    },
    /** The first rows of the grid drawn: the page's clock (ms since the epoch), else false. */
    firstRowsDrawn() {
      const g = this.parts();
      return g && g.body.children.length > 0 && this.inViewDrawn(g) ? this.now() : false;
    },
    /**
     * Up to \`steps\` steps of one screen of rows each: scrollTop moved, then the frame; when rows in view
     * are still placeholders (their page being fetched), the next frames until they are drawn.
     */
    async scroll(steps, pauseMs) {
      const g = this.parts();
      const rowHeight = g.head.offsetHeight;
      const afterFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      const out = { steps: 0, bottom: false, maxRows: 0, waitedSteps: 0, longestWaitMs: 0, longestFrameMs: 0, stuck: false };
      let last = performance.now();
      for (; out.steps < steps; out.steps++) {
        const screen = Math.max(rowHeight, g.scroller.clientHeight - rowHeight);
        if (g.scroller.scrollTop + g.scroller.clientHeight >= g.scroller.scrollHeight - 1) { out.bottom = true; break; }
        g.scroller.scrollTop += screen;
        await afterFrame();
        let now = performance.now();
        out.longestFrameMs = Math.max(out.longestFrameMs, now - last);
        const waitFrom = now;
        if (!this.inViewDrawn(g)) {
          out.waitedSteps++;
          while (!this.inViewDrawn(g)) {
            if (performance.now() - waitFrom > 15000) { out.stuck = true; return out; }
            await afterFrame();
          }
          now = performance.now();
          out.longestWaitMs = Math.max(out.longestWaitMs, now - waitFrom);
        }
        out.maxRows = Math.max(out.maxRows, g.body.children.length);
        if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
        last = performance.now();
      }
      return out;
    },
    /** What the step's alert says (a failed page read is said there). */
    alert() { return this.parts()?.root.querySelector('.iw-alert')?.textContent ?? ''; },
  };
  performance.setResourceTimingBufferSize(10000);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!__grid.armed) continue;
      __grid.longTasks++;
      __grid.longestTask = Math.max(__grid.longestTask, entry.duration);
      __grid.tasks.push({ start: Math.round(entry.startTime), ms: Math.round(entry.duration) });
    }
  }).observe({ type: 'longtask', buffered: false });
  document.addEventListener('click', () => { __grid.clickAt = __grid.now(); }, true);
  document.addEventListener('keydown', (event) => { if (event.key === 'Enter') __grid.enterAt = __grid.now(); }, true);
`;

export interface GridOptions {
  /** Data rows in the file. */
  rows: number;
  /** Pause after each scroll step besides the frame, ms (0: a screen per frame). */
  scrollPauseMs: number;
  /** Cell edits with the keyboard. */
  edits: number;
}

/** Counts the row reads the page makes, and their 429s, while `on`. */
function watchRows(page: Page) {
  const seen = { on: false, reads: 0, tooMany: 0, firstReadAt: 0 };
  page.on('request', (request) => {
    if (request.method() === 'GET' && /\/embed\/v1\/imports\/[^/]+\/rows\?/.test(request.url())) {
      seen.firstReadAt ||= Date.now();
      if (seen.on) seen.reads++;
    }
  });
  page.on('response', (response) => {
    if (seen.on && response.status() === 429 && /\/rows\?/.test(response.url())) seen.tooMany++;
  });
  return seen;
}

type ScrollStep = { steps: number; bottom: boolean; maxRows: number; waitedSteps: number; longestWaitMs: number; longestFrameMs: number; stuck: boolean };

export async function measureGrid(file: PeopleFile, dataDir: string, options: GridOptions, progress: (...parts: unknown[]) => void) {
  const { parse } = await import('valibot');
  const { CreateTemplateSchema } = await import('../shared/domain/template-input');
  const { createOrganization } = await import('../shared/data/organizations');
  const { insertTemplate, templateFromInput, setTemplateEmbed } = await import('../shared/data/templates');
  const { importPhase } = await import('../shared/domain/imports');
  // A template of its own: the correction routes' rate limits count per template and client, so the
  // API part's requests leave this one's windows empty.
  const { organizationId } = await createOrganization('Bench corrections grid', 'pro');
  const template = await insertTemplate(organizationId, templateFromInput(parse(CreateTemplateSchema, PEOPLE)));
  await setTemplateEmbed(organizationId, template.id, { enabled: true });
  const demoUrl = `${readLocalStackState(dataDir)!.url}/widget/demo.html?template=${template.id}`;

  const browser = await launchBrowser();
  try {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.addInitScript(PAGE_PROBE);
    const rows = watchRows(page);
    let importId = '';
    let statusSeenAt = 0;
    page.on('response', (response) => {
      const url = response.url();
      if (response.request().method() === 'POST' && /\/embed\/v1\/templates\/[^/]+\/imports$/.test(url)) {
        void response.json().then((body: { importId: string }) => (importId = body.importId), () => undefined);
      }
      // The widget's status poll that finds the import waiting for corrections.
      if (!statusSeenAt && response.request().method() === 'GET' && /\/embed\/v1\/imports\/[^/?]+$/.test(url)) {
        void response.json().then((body: { phase?: string }) => void (body.phase === 'AWAITING_CORRECTIONS' && (statusSeenAt ||= Date.now())), () => undefined);
      }
    });
    const inPage = <T>(script: string) => page.evaluate(script) as Promise<T>;
    const waitInPage = async (script: string, timeout = 60_000) => Number(await (await page.waitForFunction(script, undefined, { polling: 'raf', timeout })).jsonValue());
    const step = (name: string) => page.locator(`import-widget [data-step="${name}"]`);

    progress(`browser: ${h.int(file.errorRows.length)} error rows of ${round(file.bytes / h.MB, 1)} MB through the widget: upload, mapping review`);
    await page.goto(demoUrl);
    await step('welcome').locator('button.iw-primary').click();
    await step('choose').locator('input[type="file"]').setInputFiles(file.path);
    await step('review').waitFor({ timeout: 120_000 });

    // ---- Grid shown: the mapping's confirmation click -> the first rows drawn; the phase change read beside it ----
    progress('browser: mapping confirmed, waiting for the grid');
    await inPage('__grid.arm()');
    await step('review').locator('.iw-actions .iw-primary').click();
    const waiting = await h.waitForRecord(organizationId, importId, (record) => importPhase(record) === 'AWAITING_CORRECTIONS' || record.status !== 'PENDING', 10);
    const phaseAt = Date.now();
    if (importPhase(waiting) !== 'AWAITING_CORRECTIONS') throw new Error(`the import did not wait for corrections: ${importPhase(waiting)} ${waiting.status}`);
    const drawnAt = await waitInPage('__grid.firstRowsDrawn()');
    const clickAt = await inPage<number>('__grid.clickAt');
    const showTasks = await inPage<{ longestTask: number; longTasks: number }>('__grid.disarm()');
    const shown = {
      confirmToGridMs: Math.round(drawnAt - clickAt),
      confirmToPhaseMs: Math.round(phaseAt - clickAt),
      phaseToGridMs: Math.round(drawnAt - phaseAt),
      // The widget's part, split: its status poll (backing off from 0.4 s to 4 s) noticing the phase;
      // then the correction step's chunk and the first GET rows; then the first rows page and the drawing.
      phaseToStatusSeenMs: Math.round(statusSeenAt - phaseAt),
      statusSeenToFirstRowsReadMs: Math.round(rows.firstReadAt - statusSeenAt),
      firstRowsReadToGridMs: Math.round(drawnAt - rows.firstReadAt),
      longestTaskMs: round(showTasks.longestTask, 0),
      longTasks: showTasks.longTasks,
    };

    // ---- Scrolling through every row of a view, top to bottom ----
    const show = step('corrections').locator('#iw-show');
    async function scrollThrough(value: string, label: string, expected: number) {
      await show.selectOption(value);
      await page.waitForFunction(`(() => { const g = __grid.parts(); return g && g.grid.getAttribute('aria-rowcount') === '${expected + 1}' && g.scroller.scrollTop === 0 && __grid.inViewDrawn(g); })()`, undefined, { polling: 'raf', timeout: 30_000 });
      // The rate limit counts per UTC minute: the same window for both views would be the worst case, not the usual one.
      Object.assign(rows, { on: true, reads: 0, tooMany: 0 });
      await inPage('__grid.arm()');
      const started = performance.now();
      const total: ScrollStep = { steps: 0, bottom: false, maxRows: 0, waitedSteps: 0, longestWaitMs: 0, longestFrameMs: 0, stuck: false };
      while (!total.bottom && !total.stuck) {
        const part = await page.evaluate(`__grid.scroll(1000, ${options.scrollPauseMs})`) as ScrollStep;
        total.steps += part.steps;
        total.bottom = part.bottom;
        total.stuck = part.stuck;
        total.waitedSteps += part.waitedSteps;
        for (const key of ['maxRows', 'longestWaitMs', 'longestFrameMs'] as const) total[key] = Math.max(total[key], part[key]);
        progress(`browser: ${label}: ${h.int(total.steps)} screens, ${h.int(rows.reads)} page reads, ${rows.tooMany} answered 429, ${round((performance.now() - started) / 1000, 0)} s`);
      }
      const seconds = (performance.now() - started) / 1000;
      const tasks = await inPage<{ longestTask: number; longTasks: number; afterRowsPage: number; tasks: { start: number; ms: number }[] }>('__grid.disarm()');
      rows.on = false;
      const bottom = await page.evaluate(`(() => {
        const g = __grid.parts();
        const numbers = [...g.body.children].filter((row) => row.querySelector('input[type=checkbox]')).map((row) => Number(row.querySelector('[role=rowheader]').textContent));
        // The column headers are meant to stay at the top of the scrolled grid (position: sticky).
        const headerShown = g.head.getBoundingClientRect().bottom > g.scroller.getBoundingClientRect().top;
        return { lastRowNumber: Math.max(...numbers), rowsInDom: g.body.children.length, busy: g.grid.getAttribute('aria-busy'), headerShown };
      })()`) as { lastRowNumber: number; rowsInDom: number; busy: string; headerShown: boolean };
      const shot = await screenshot(page, `corrections-grid-bottom-${value.replace(':', '')}`);
      return {
        view: label,
        rows: expected,
        seconds: round(seconds, 1),
        screens: total.steps,
        reachedBottom: total.bottom,
        stuck: total.stuck,
        longestTaskMs: round(tasks.longestTask, 0),
        longTasks: tasks.longTasks,
        longTasksAfterRowsPage: tasks.afterRowsPage,
        longTaskList: tasks.tasks,
        maxRowElements: total.maxRows,
        pageReads: rows.reads,
        readsPerMinute: round(rows.reads / (seconds / 60), 0),
        answered429: rows.tooMany,
        alert: await inPage<string>('__grid.alert()'),
        stepsWaitingForRows: total.waitedSteps,
        longestWaitForRowsMs: round(total.longestWaitMs, 0),
        longestFrameMs: round(total.longestFrameMs, 0),
        atBottom: bottom,
        screenshot: shot,
      };
    }
    const allRows = await scrollThrough('all:', 'all rows', options.rows);
    const errorRows = await scrollThrough('errors:', 'rows with errors', file.errorRows.length);

    // ---- Cell edits with the keyboard, at the top of "Rows with errors": Enter -> the re-validated cell drawn ----
    progress(`browser: ${options.edits} cell edits with the keyboard`);
    await page.evaluate('__grid.parts().scroller.scrollTop = 0');
    await page.waitForFunction('__grid.inViewDrawn(__grid.parts())', undefined, { polling: 'raf' });
    const edits: { row: number; kind: string; ms: number }[] = [];
    for (let k = 0; k < Math.min(options.edits, file.errorRows.length); k++) {
      const target = file.errorRows[k];
      const cell = `[data-r="${k}"] > :nth-child(${LEAD + COLUMNS.indexOf(target.kind) + 1})`;
      await step('corrections').locator(`.iw-gbody ${cell}`).click();
      await page.keyboard.press('Enter');
      await page.keyboard.type(target.fix);
      await page.keyboard.press('Enter');
      const drawn = await waitInPage(`(() => {
        const c = __grid.parts().body.querySelector('${cell}');
        return c && c.getAttribute('aria-invalid') !== 'true' && c.textContent === ${JSON.stringify(target.fix)} ? __grid.now() : false;
      })()`, 10_000);
      edits.push({ row: target.row, kind: target.kind, ms: round(drawn - (await inPage<number>('__grid.enterAt')), 1) });
    }
    await screenshot(page, 'corrections-grid-edited');
    return { shown, allRows, errorRows, edits };
  } finally {
    await browser.close();
  }
}
