// The widget's bundles: both build, stay within 30 KB gzipped with every translation at first load (and
// the correction step's lazily loaded chunk within 30 KB too), define the element once, and carry no
// innerHTML (text only, by construction).
import { readFileSync } from 'node:fs';
import { buildWidgetSync, WIDGET_GZIP_BUDGET_BYTES } from '../widget/build';
import { ja } from '../widget/src/i18n/ja';
import { ja as jaCorrections } from '../widget/src/i18n/corrections/ja';
import { baseUrl } from './support/api';
import { scratchDir } from './support/scratch';

describe('the widget build', () => {
  const built = buildWidgetSync(scratchDir('widget-build'));

  it('writes an ES module and a classic script, each at most 30 KB gzipped at first load, their chunks too', () => {
    expect(built.esm).toMatch(/import-widget\.js$/);
    expect(built.classic).toMatch(/import-widget\.classic\.js$/);
    expect(built.esmGzipBytes).toBeLessThanOrEqual(WIDGET_GZIP_BUDGET_BYTES);
    expect(built.classicGzipBytes).toBeLessThanOrEqual(WIDGET_GZIP_BUDGET_BYTES);
    // The correction step: one chunk for each build (the ES module's may share a chunk with the first load).
    const names = Object.keys(built.chunkGzipBytes);
    expect(names).toContain('import-widget-corrections.classic.js');
    expect(names.filter((name) => /^import-widget-corrections-\w+\.js$/.test(name))).toHaveLength(1);
    for (const bytes of Object.values(built.chunkGzipBytes)) expect(bytes).toBeLessThanOrEqual(WIDGET_GZIP_BUDGET_BYTES);
  });

  it('leaves the correction step and its strings out of the first load', () => {
    for (const path of [built.esm, built.classic]) expect(readFileSync(path, 'utf8')).not.toContain(jaCorrections.correctionsHeading);
    for (const path of built.chunks) {
      const code = readFileSync(path, 'utf8');
      if (/corrections/.test(path)) expect(code).toContain(jaCorrections.correctionsHeading);
      expect(code).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
    }
    // The classic script adds its chunk with the chunk's own integrity hash.
    expect(readFileSync(built.classic, 'utf8')).toMatch(/sha384-[A-Za-z0-9+/=]{64}/);
  });

  it('includes the translations, registers the element once, and never assigns HTML', () => {
    for (const path of [built.esm, built.classic]) {
      const code = readFileSync(path, 'utf8');
      expect(code).toContain(ja.reviewHeading);
      expect(code).toContain('customElements.get("import-widget")');
      expect(code).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
    }
    // The module finds its API through import.meta.url; the classic script through its <script> element.
    expect(readFileSync(built.esm, 'utf8')).toContain('import.meta.url');
    expect(readFileSync(built.classic, 'utf8')).toContain('currentScript');
  });

  it('is served by the local stack to any page, briefly cached, with the demo page', async () => {
    for (const name of ['import-widget.js', 'import-widget.classic.js']) {
      const res = await fetch(`${baseUrl()}/widget/${name}`, { headers: { origin: 'https://app.example.com' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('cache-control')).toBe('public, max-age=60');
      expect(await res.text()).toContain(ja.reviewHeading);
    }
    for (const path of built.chunks) {
      const res = await fetch(`${baseUrl()}/widget/${path.split('/').pop()}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
    const demo = await fetch(`${baseUrl()}/widget/demo.html?template=tpl_x&locale=de`);
    expect(demo.status).toBe(200);
    expect(demo.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await demo.text()).toContain('<script type="module" src="/widget/import-widget.js"></script>');
    expect((await fetch(`${baseUrl()}/widget/nope.js`)).status).toBe(404);
    expect((await fetch(`${baseUrl()}/widget/import-widget.js`, { method: 'POST', body: 'x' })).status).toBe(405);
  });
});
