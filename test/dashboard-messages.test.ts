// Every string a person reads in the dashboard comes from the message catalog (dashboard/src/i18n), so a
// translation is another catalog: no page writes English inline, as JSX text or as a text attribute.
// And nothing a user or a file supplied is ever rendered as HTML: React's escaping is never bypassed.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const SOURCE = join(__dirname, '..', 'dashboard', 'src');
const TEXT_ATTRIBUTES = ['label', 'title', 'placeholder', 'aria-label', 'description', 'alt', 'error', 'message', 'confirmLabel', 'cancelLabel'];

function sourceFiles(dir: string, extensions: string[]): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path, extensions) : extensions.some((extension) => path.endsWith(extension)) ? [path] : [];
  });
}
const tsxFiles = (dir: string) => sourceFiles(dir, ['.tsx']);

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

  it('never renders content as HTML', () => {
    const bypasses = sourceFiles(SOURCE, ['.ts', '.tsx'])
      .filter((file) => /dangerouslySetInnerHTML|\.innerHTML\s*=|insertAdjacentHTML|outerHTML\s*=/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SOURCE, file));
    expect(bypasses).toEqual([]);
  });
});
