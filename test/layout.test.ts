// The folder tree is the architecture: the HTTP layer sits on top of the domain, data, engine, imports
// and webhooks modules and maps their errors; nothing below it imports it, and no two modules of
// shared/ import each other, directly or around a longer circle.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SHARED = resolve(__dirname, '..', 'shared');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Each module of shared/ (path relative to it, without .ts) and the modules of shared/ it imports, type-only imports included. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SHARED)) {
    const source = readFileSync(file, 'utf8');
    const targets = [...source.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?'(\.{1,2}\/[^']+)'/g)].map((match) =>
      relative(SHARED, resolve(dirname(file), match[1])),
    );
    graph.set(relative(SHARED, file).replace(/\.ts$/, ''), targets.filter((target) => !target.startsWith('..')));
  }
  return graph;
}

describe('the layout of shared/', () => {
  const graph = importGraph();

  it('has nothing below the HTTP layer importing it', () => {
    const upward = [...graph].flatMap(([module, targets]) =>
      module.startsWith('http/') ? [] : targets.filter((target) => target.startsWith('http/')).map((target) => `${module} -> ${target}`),
    );
    expect(upward).toEqual([]);
  });

  it('has no import cycles', () => {
    const cycles: string[] = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const visit = (module: string, path: string[]) => {
      if (state.get(module) === 'done') return;
      if (state.get(module) === 'visiting') {
        cycles.push([...path.slice(path.indexOf(module)), module].join(' -> '));
        return;
      }
      state.set(module, 'visiting');
      for (const target of graph.get(module) ?? []) visit(target, [...path, module]);
      state.set(module, 'done');
    };
    for (const module of graph.keys()) visit(module, []);
    expect(cycles).toEqual([]);
  });
});
