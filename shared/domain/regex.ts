// Template regex rules are user input: they compile only in RE2 (linear time), never in a backtracking
// engine. RE2 (re2js, ~150 KB) is loaded on first need: in the Lambda bundles it is a chunk that a cold
// start skips (the templates' and the dashboard's writes, the import processor and the correction step
// load it when a template has a pattern).
import type { RE2JS } from 're2js';

export const MAX_REGEX_LENGTH = 1000;

let loaded: typeof RE2JS | undefined;

/** Load RE2; code that compiles a pattern synchronously awaits this first (engine/columns.ts loadPatterns). */
export async function loadRe2(): Promise<typeof RE2JS> {
  loaded ??= (await import('re2js')).RE2JS;
  return loaded;
}

/** RE2, once loadRe2 resolved: a forgotten load is a programming error, never a pattern refused. */
export function re2(): typeof RE2JS {
  if (!loaded) throw new Error('RE2 is not loaded: await loadRe2() before compiling a pattern');
  return loaded;
}

export function compilesInRe2(pattern: string): boolean {
  const engine = re2();
  try {
    engine.compile(pattern);
    return true;
  } catch {
    return false;
  }
}
