// A keyboard-only pass over a page: Tab through everything focusable and check that each stop is shown
// (a focus ring on the element, or on the part that draws it: a switch's track, a checkbox's box).
import type { Page } from 'playwright-core';

export interface FocusStop {
  /** A short description: tag, role and accessible text. */
  element: string;
  /** Whether a focus indicator is drawn for it. */
  visible: boolean;
}

/** Runs in the page (a string: this project's type-check has no DOM library): the focused element, described. */
const DESCRIBE_FOCUS = `(() => {
  const element = document.activeElement;
  // Inside the widget (a shadow root): the widget's own focus styles are its own suite's concern.
  if (element && element.shadowRoot) return { element: '<' + element.tagName.toLowerCase() + '> (widget)', visible: true, key: element.tagName };
  if (!element || element === document.body) return null;
  const drawn = (candidate) => {
    if (!candidate) return false;
    const style = getComputedStyle(candidate);
    return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || (style.boxShadow !== 'none' && style.boxShadow !== '');
  };
  const visible = drawn(element) || drawn(element.nextElementSibling) || drawn(element.parentElement) || drawn(element.closest('label'));
  const text = (element.getAttribute('aria-label') || element.textContent || element.value || '').trim().slice(0, 40);
  const role = element.getAttribute('role');
  const description = '<' + element.tagName.toLowerCase() + (role ? ' role=' + role : '') + '> ' + text;
  const path = [];
  for (let node = element; node; node = node.parentElement) path.push(node.tagName + ':' + [...(node.parentElement ? node.parentElement.children : [])].indexOf(node));
  return { element: description, visible, key: path.join('/') };
})()`;

/** Presses Tab up to `limit` times (until focus returns to where it started) and describes each stop. */
export async function tabThrough(page: Page, limit = 80): Promise<FocusStop[]> {
  const stops: FocusStop[] = [];
  let first: string | undefined;
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    const stop = (await page.evaluate(DESCRIBE_FOCUS)) as { element: string; visible: boolean; key: string } | null;
    if (!stop) continue;
    if (stop.key === first) break;
    first ??= stop.key;
    stops.push({ element: stop.element, visible: stop.visible });
  }
  return stops;
}

/** Moves the keyboard's starting point to the top of the document: the next Tab reaches its first stop. */
export async function focusTop(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    const body = document.body;
    body.tabIndex = -1;
    body.focus();
    body.removeAttribute('tabindex');
  })()`);
}
