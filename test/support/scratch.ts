// A temporary directory for one test file, removed when its tests have run, so that a run leaves nothing in
// the machine's temporary directory. Called where jest collects the file's tests (module scope or a
// describe block), not inside a test: it registers an afterAll hook.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
