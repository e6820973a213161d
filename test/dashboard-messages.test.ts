// Every string a person reads in the dashboard comes from the message catalog (dashboard/src/i18n), so a
// translation is another catalog: no page writes English inline, as JSX text or as a text attribute.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const SOURCE = join(__dirname, '..', 'dashboard', 'src');
const TEXT_ATTRIBUTES = ['label', 'title', 'placeholder', 'aria-label', 'description', 'alt', 'error', 'message', 'confirmLabel', 'cancelLabel'];

function tsxFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? tsxFiles(path) : path.endsWith('.tsx') ? [path] : [];
  });
}

/** Inline text a person would read: a JSX text node with a letter, or a text attribute given a literal. */
function inlineText(source: string): string[] {
  const found: string[] = [];
  // Text between a tag's end and the next tag or expression: `>Save<`, `> Sign in {`.
  for (const match of source.matchAll(/>([^<>{}]*[A-Za-z][^<>{}]*)(?=[<{])/g)) {
    const text = match[1].trim();
    // Type parameters and arrow functions also contain ">": only text on a JSX line counts.
    if (text && !/[;=()]|=>|^\w+(\.\w+)*$/.test(text)) found.push(text);
  }
  for (const attribute of TEXT_ATTRIBUTES) {
    for (const match of source.matchAll(new RegExp(`\\s${attribute}="([^"]*[A-Za-z][^"]*)"`, 'g'))) found.push(`${attribute}="${match[1]}"`);
  }
  return found;
}

describe('the dashboard message catalog', () => {
  it('holds every string the pages show', () => {
    const offenders = tsxFiles(SOURCE).flatMap((file) => inlineText(readFileSync(file, 'utf8')).map((text) => `${relative(SOURCE, file)}: ${text}`));
    expect(offenders).toEqual([]);
  });
});
