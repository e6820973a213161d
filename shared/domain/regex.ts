// Template regex rules are user input: they compile only in RE2 (linear time), never in a backtracking engine.
import { RE2JS } from 're2js';

export const MAX_REGEX_LENGTH = 1000;

export function compilesInRe2(pattern: string): boolean {
  try {
    RE2JS.compile(pattern);
    return true;
  } catch {
    return false;
  }
}
