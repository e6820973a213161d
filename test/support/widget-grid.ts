// The widget's correction grid driven by the keyboard alone (test/widget-corrections.test.ts and
// test/widget-hooks.test.ts): where focus is, arrows to a cell, and an edit typed into it.
import type { Page } from 'playwright-core';

export interface FocusedCell {
  tag: string;
  role: string | null;
  label: string | null;
  /** The file's row number of the focused grid cell's row, or null outside the grid. */
  row: string | null;
  /** The focused grid cell's column header, or null outside the grid. */
  column: string | null;
}

/** The focused element in the widget (through its shadow root): its tag, role and label, and for a grid cell its row and column. */
export function focusedCell(page: Page): Promise<FocusedCell> {
  return page.evaluate(() => {
    let element = (globalThis as any).document.activeElement;
    while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
    const cell = element?.closest?.('.iw-cell');
    const row = cell?.parentElement;
    const headers = row?.closest('[role=grid]')?.querySelectorAll('[role=columnheader]');
    return {
      tag: element?.tagName,
      role: element?.getAttribute('role'),
      label: element?.getAttribute('aria-label'),
      row: row?.querySelector('[role=rowheader]')?.textContent ?? null,
      column: cell && headers ? headers[[...row.children].indexOf(cell)]?.textContent ?? null : null,
    };
  });
}

/** Into the grid with Tab (unless the keyboard is in it), then with the arrow keys to the file's row `row`, column `column`. */
export async function arrowTo(page: Page, row: number, column: string): Promise<void> {
  for (let i = 0; i < 12 && !(await focusedCell(page)).row; i++) await page.keyboard.press('Tab');
  await page.keyboard.press('Control+Home');
  for (let i = 0; i < 8 && (await focusedCell(page)).column !== column; i++) await page.keyboard.press('ArrowRight');
  for (let i = 0; i < 20 && (await focusedCell(page)).row !== String(row); i++) await page.keyboard.press('ArrowDown');
  expect(await focusedCell(page)).toMatchObject({ role: 'gridcell', row: String(row), column });
}

/** Edit the focused cell with the keyboard: Enter, the new value typed over the old, Enter. */
export async function typeInto(page: Page, value: string): Promise<void> {
  await page.keyboard.press('Enter');
  expect((await focusedCell(page)).tag).toBe('INPUT');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(value);
  await page.keyboard.press('Enter');
}
