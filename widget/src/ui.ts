// The pieces every step is built from: its section with a focusable heading, buttons, progress bars.
import type { Step } from './context';
import { h, type Child } from './dom';

/** A step: a region named by its heading (tabindex -1, so focus can be moved to it). */
export function section(step: Step, heading: string, ...children: (Child | Child[])[]) {
  const id = `iw-h-${step}`;
  return h('section', { 'aria-labelledby': id, part: `step step-${step}` }, h('h2', { id, tabindex: '-1' }, heading), ...children);
}

export function button(label: string, onclick: () => void, kind: 'primary' | 'secondary' = 'primary', extra: Record<string, string> = {}) {
  return h('button', { type: 'button', class: `iw-btn iw-${kind}`, part: `button ${kind}-button`, onclick, ...extra }, label);
}

/** Without `percent`, an indeterminate bar (waiting on the service). */
export function progressBar(label: string, percent?: number) {
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
