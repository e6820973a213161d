// The welcome step: the welcome text and the columns the file should have (the template's name is in
// the header, drawn by the element).
import type { WidgetContext } from '../context';
import { h } from '../dom';
import { button, section } from '../ui';

export function showWelcome(ctx: WidgetContext) {
  ctx.show('welcome', () => {
    const { template, branding } = ctx.embed!;
    return section('welcome',
      ctx.t('welcomeHeading'),
      h('p', { class: 'iw-pre', part: 'welcome-text' }, branding.customWelcomeText || ctx.t('welcomeText')),
      h('p', { id: 'iw-cols-label' }, ctx.t('expectedColumns')),
      h('ul', { class: 'iw-cols', 'aria-labelledby': 'iw-cols-label' },
        template.columns.map((column) =>
          h('li', {}, column.name, column.required ? h('span', { class: 'iw-tag' }, ctx.t('required')) : null))),
      h('div', { class: 'iw-actions' }, button(ctx.t('start'), () => ctx.choose())),
    );
  });
}
