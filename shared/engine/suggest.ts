// Match suggestions for the mapping review (docs/imports.md "Mapping suggestions"): for each header of
// an uploaded file, the template column it most likely holds, which the end user confirms or corrects
// before processing. Pure and synchronous: no I/O, and the same answer for the same input.
import type { Column } from '../domain/templates';
import { murmur3x86_128 } from './unique-set';

export type MatchSource = 'remembered' | 'exact' | 'fuzzy';

export interface HeaderSuggestion {
  /** The suggested column's key, or null for "do not import this header". */
  column: string | null;
  /** 1 for remembered and exact matches, the similarity (rounded to 4 decimals) for fuzzy ones, 0 for null. */
  confidence: number;
  source: MatchSource | null;
}

export type SuggestionColumn = Pick<Column, 'key' | 'name' | 'suggestedMappings'>;

/**
 * Fuzzy candidates need at least this similarity. Chosen on test/fixtures/header-variants.ts: every
 * expected fuzzy match there scores at least 0.833 and every header that must stay unmatched at most
 * 0.772 (docs/imports.md lists what moves if it changes).
 */
export const FUZZY_THRESHOLD = 0.8;

/** Words that differ by a typo or spelling still pair (organisation/organization 0.97); status/state (0.89) do not. */
const WORD_JARO_WINKLER_MIN = 0.92;
/** A word that abbreviates another by prefix ("tel" of "telephone", "addr" of "address"). */
const WORD_PREFIX_SCORE = 0.9;
const WORD_PREFIX_MIN_LENGTH = 3;
/** Words that say "the value of" and are never the head word: "Company Name", "Phone No", "Email Address". */
const DESIGNATOR_WORDS = new Set(['name', 'number', 'num', 'no', 'nr', 'address', 'addr']);
/**
 * Words that only qualify what follows and never tell two columns apart: "Full Name" is the name,
 * "Primary Email" the email. Left out of headers and names alike, unless nothing else remains.
 */
const QUALIFIER_WORDS = new Set(['full', 'complete', 'primary', 'main', 'preferred', 'your', 'my']);
/** A header equal to a name once qualifiers are left out is a near-certain match, not an exact one. */
const QUALIFIED_EQUAL_SCORE = 0.95;
/** A header that strings together prefixes of every word of a name: "DOB", "fname", "Postcode". */
const ACRONYM_SCORE = 0.9;
/**
 * The header's head word (English puts it last: "Mailing City" is a city, "Company Size" a size)
 * weighs this many words in the header's coverage.
 */
const HEAD_WEIGHT = 2;
/** Scores are compared and returned at this precision, so equal-looking scores are equal. */
const SCORE_SCALE = 10_000;

// ---- Normalization ----

/** Letters that Unicode decomposition leaves whole but that people write in two ways. */
const FOLDED_LETTERS: Record<string, string> = {
  ß: 'ss', ẞ: 'ss', æ: 'ae', Æ: 'ae', œ: 'oe', Œ: 'oe', ø: 'o', Ø: 'o', ł: 'l', Ł: 'l',
  đ: 'd', Đ: 'd', ð: 'd', Ð: 'd', þ: 'th', Þ: 'th', ı: 'i',
};
const FOLDED_LETTER = new RegExp(`[${Object.keys(FOLDED_LETTERS).join('')}]`, 'g');

/** Compatibility forms decomposed (full-width letters, ligatures), diacritics dropped, lower case. */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(FOLDED_LETTER, (letter) => FOLDED_LETTERS[letter])
    .toLowerCase();
}

const NOT_ALPHANUMERIC = /[^\p{L}\p{N}]+/gu;

/** The normalized form used for exact matching (and for the memory's header-set key). */
export function normalizeForMatch(text: string): string {
  return fold(text).replace(NOT_ALPHANUMERIC, '');
}

/** Words of a header or name: split on anything not a letter or digit, on camelCase and on letter-digit boundaries. */
function tokensOf(text: string): string[] {
  const split = text
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/(\p{L})(\p{N})/gu, '$1 $2')
    .replace(/(\p{N})(\p{L})/gu, '$1 $2');
  const words = fold(split).split(NOT_ALPHANUMERIC).filter((token) => token !== '');
  // A lone letter belongs to the next word: "E-mail", "e mail".
  const tokens: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const loneLetter = words[i].length === 1 && /\p{L}/u.test(words[i]);
    if (loneLetter && i + 1 < words.length) words[i + 1] = words[i] + words[i + 1];
    else tokens.push(words[i]);
  }
  return tokens;
}

/** Version prefix: a change of normalization must not reuse mappings remembered under the old one. */
const HEADER_SET_KEY_VERSION = 'hs1';

/** A stable key of a header set (order-insensitive, normalized), for remembering a confirmed mapping per template. */
export function headerSetKey(headers: readonly string[]): string {
  // Empty headers (a trailing delimiter) and repeats do not change which mapping applies.
  const names = [...new Set(headers.map(normalizeForMatch).filter((name) => name !== ''))].sort();
  const digest = new Uint32Array(4);
  // Normalized names hold only letters and digits, so a space cannot occur inside one.
  murmur3x86_128(names.join(' '), digest);
  const hex = [...digest].map((word) => word.toString(16).padStart(8, '0')).join('');
  return `${HEADER_SET_KEY_VERSION}:${names.length}:${hex}`;
}

// ---- Similarity ----

interface Prepared {
  /** normalizeForMatch of the text (the tokens joined). */
  compact: string;
  tokens: string[];
  /** The tokens sorted and joined, so that word order does not count ("Birth Date", "Date of birth"). */
  sorted: string;
  /** Index in tokens of the head word: the last one outside parentheses that is not a designator or a number; or -1. */
  head: number;
  /** The parts of a header written as alternatives, "Country/Region": each is also compared on its own. */
  alternatives: Prepared[];
  /** Whether qualifier words were left out of tokens. */
  qualified: boolean;
}

function prepare(text: string): Prepared {
  const words = tokensOf(text);
  const unqualified = words.filter((token) => !QUALIFIER_WORDS.has(token));
  const tokens = unqualified.length > 0 ? unqualified : words;
  const parts = text.split('/');
  const main = tokensOf(text.replace(/\([^)]*\)/g, ' ')).filter(
    (token) => tokens.includes(token) && !DESIGNATOR_WORDS.has(token) && !/^\p{N}+$/u.test(token),
  );
  return {
    compact: tokens.join(''),
    tokens,
    head: main.length ? tokens.lastIndexOf(main[main.length - 1]) : -1,
    sorted: [...tokens].sort().join(''),
    alternatives: parts.length > 1 ? parts.map(prepare) : [],
    qualified: tokens.length < words.length,
  };
}

let matchedA = new Uint8Array(64);
let matchedB = new Uint8Array(64);

/** Jaro-Winkler similarity (prefix scale 0.1 over at most 4 characters, applied above 0.7), on UTF-16 code units. */
function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length === 0 || b.length === 0) return 0;
  if (a.length > b.length) [a, b] = [b, a];
  const window = Math.max(0, (b.length >> 1) - 1);
  if (matchedB.length < b.length) {
    matchedA = new Uint8Array(b.length * 2);
    matchedB = new Uint8Array(b.length * 2);
  }
  matchedA.fill(0, 0, a.length);
  matchedB.fill(0, 0, b.length);
  let matches = 0;
  for (let i = 0; i < a.length; i++) {
    const code = a.charCodeAt(i);
    const end = Math.min(b.length - 1, i + window);
    for (let j = Math.max(0, i - window); j <= end; j++) {
      if (matchedB[j] === 0 && code === b.charCodeAt(j)) {
        matchedA[i] = 1;
        matchedB[j] = 1;
        matches++;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  // Matched characters out of order, each counted from both sides.
  let halfTranspositions = 0;
  for (let i = 0, j = 0; i < a.length; i++) {
    if (matchedA[i] === 0) continue;
    while (matchedB[j] === 0) j++;
    if (a.charCodeAt(i) !== b.charCodeAt(j)) halfTranspositions++;
    j++;
  }
  const m = matches;
  const jaro = (m / a.length + m / b.length + (m - halfTranspositions / 2) / m) / 3;
  if (jaro <= 0.7) return jaro;
  let prefix = 0;
  while (prefix < 4 && prefix < a.length && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  return jaro + prefix * 0.1 * (1 - jaro);
}

/** How well a header's word stands for a name's word, 0..1. */
function wordSimilarity(headerWord: string, nameWord: string): number {
  if (headerWord === nameWord) return 1;
  const [short, long] = headerWord.length <= nameWord.length ? [headerWord, nameWord] : [nameWord, headerWord];
  if (short.length >= WORD_PREFIX_MIN_LENGTH && long.startsWith(short)) return WORD_PREFIX_SCORE;
  // Words that start differently are different words ("fname" is not "name"), unless the header
  // drops the name word's first letters ("mail" for "email").
  if (headerWord[0] !== nameWord[0] && !nameWord.endsWith(headerWord)) return 0;
  const score = jaroWinkler(headerWord, nameWord);
  return score >= WORD_JARO_WINKLER_MIN ? score : 0;
}

/**
 * Word-set similarity, 0..1: words paired one to one, best pairs first, their similarities summed
 * (S); the header's coverage S/(its words, the head word counting HEAD_WEIGHT) counts twice, the
 * name's coverage S/(its words) once. A header with a word the name lacks says something more
 * specific ("Company Size", "Email Opt Out") and loses more than one that leaves a word out ("Zip"
 * for "ZIP code", "Title" for "Job title"), unless the extra word is not the head ("Mailing City").
 */
function wordSetSimilarity(headerPrepared: Prepared, namePrepared: Prepared): number {
  const header = headerPrepared.tokens;
  const name = namePrepared.tokens;
  const pairs: { score: number; i: number; j: number }[] = [];
  for (let i = 0; i < header.length; i++) {
    for (let j = 0; j < name.length; j++) {
      const score = wordSimilarity(header[i], name[j]);
      if (score > 0) pairs.push({ score, i, j });
    }
  }
  if (pairs.length === 0) return 0;
  pairs.sort((x, y) => y.score - x.score || x.i - y.i || x.j - y.j);
  const pairedHeader = new Set<number>();
  const pairedName = new Set<number>();
  let matched = 0;
  let matchedHeader = 0;
  const weight = (i: number) => (i === headerPrepared.head ? HEAD_WEIGHT : 1);
  for (const pair of pairs) {
    if (pairedHeader.has(pair.i) || pairedName.has(pair.j)) continue;
    pairedHeader.add(pair.i);
    pairedName.add(pair.j);
    matched += pair.score;
    matchedHeader += pair.score * weight(pair.i);
  }
  const headerWeight = header.length + (headerPrepared.head >= 0 ? HEAD_WEIGHT - 1 : 0);
  const headerCoverage = matchedHeader / headerWeight;
  const nameCoverage = matched / name.length;
  return (2 * headerCoverage + nameCoverage) / 3;
}

/** True when `text` strings together a non-empty prefix of every word of a name of two or more words, in order. */
function isAcronym(text: string, words: readonly string[]): boolean {
  if (words.length < 2 || text.length < words.length) return false;
  const from = (position: number, word: number): boolean => {
    if (word === words.length) return position === text.length;
    const rest = words.length - word - 1;
    const longest = Math.min(words[word].length, text.length - position - rest);
    for (let length = longest; length >= 1; length--) {
      if (text.startsWith(words[word].slice(0, length), position) && from(position + length, word + 1)) return true;
    }
    return false;
  };
  return from(0, 0);
}

/**
 * Similarity of a header to one name of a column, 0..1: the mean of the word-set measure (extra or
 * missing words, abbreviated words) and the character measure; ACRONYM_SCORE instead when the header
 * abbreviates the name's words and that is higher; for a header of alternatives ("Town/City"), the
 * best of the whole and each part. The character measure is Jaro-Winkler (typos, joined words,
 * truncation), the best of the texts as written, with their words sorted ("Birth Date" and "Date of
 * birth") and the header's head word alone ("Mailing City" and "City").
 *
 * Exact when at least `floor`; below it, possibly lower than exact (the character measure is
 * skipped when even a perfect one could not lift the mean to `floor`).
 */
function similarity(header: Prepared, name: Prepared, floor: number): number {
  let best = 0;
  for (const alternative of header.alternatives) best = Math.max(best, similarity(alternative, name, floor));
  if (header.compact === '' || name.compact === '') return best;
  if (header.compact === name.compact) return header.qualified || name.qualified ? Math.max(best, QUALIFIED_EQUAL_SCORE) : 1;
  if (isAcronym(header.compact, name.tokens)) best = Math.max(best, ACRONYM_SCORE);
  const words = wordSetSimilarity(header, name);
  if ((words + 1) / 2 < floor) return Math.max(best, words / 2);
  let characters = jaroWinkler(header.compact, name.compact);
  if (header.sorted !== header.compact || name.sorted !== name.compact) {
    characters = Math.max(characters, jaroWinkler(header.sorted, name.sorted));
  }
  if (header.tokens.length > 1 && header.head >= 0) {
    characters = Math.max(characters, jaroWinkler(header.tokens[header.head], name.compact));
  }
  return Math.max(best, (words + characters) / 2);
}

/** A header's similarity to a column (exact, 0..1): the best over the column's key, name and suggestedMappings. */
export function columnSimilarity(header: string, column: SuggestionColumn): number {
  return bestSimilarity(prepare(header), namesOf(column).map(prepare), 0);
}

function bestSimilarity(header: Prepared, names: readonly Prepared[], floor: number): number {
  let best = 0;
  for (const name of names) best = Math.max(best, similarity(header, name, floor));
  return Math.round(best * SCORE_SCALE) / SCORE_SCALE;
}

const namesOf = (column: SuggestionColumn) => [column.key, column.name, ...column.suggestedMappings];

// ---- Suggestions ----

/**
 * One suggestion per header, in header order: remembered, then exact, then fuzzy, each column at most
 * once. `remembered` is a mapping the user confirmed before for the same header set, keyed by header text.
 */
export function suggestMapping(
  headers: readonly string[],
  columns: readonly SuggestionColumn[],
  remembered?: Record<string, string | null> | null,
): HeaderSuggestion[] {
  const normalized = headers.map(normalizeForMatch);
  const result: HeaderSuggestion[] = headers.map(() => ({ column: null, confidence: 0, source: null }));
  /** Headers decided before the fuzzy assignment: empty, repeated, remembered or exactly matched. */
  const settled = new Uint8Array(headers.length);
  const columnTaken = new Uint8Array(columns.length);
  const take = (header: number, column: number | null, confidence: number, source: MatchSource) => {
    settled[header] = 1;
    if (column !== null) columnTaken[column] = 1;
    result[header] = { column: column === null ? null : columns[column].key, confidence, source };
  };

  // Rules 5 and 6: an empty header and every repeat of an earlier header stay null.
  const firstOf = new Map<string, number>();
  normalized.forEach((name, index) => {
    if (name === '' || firstOf.has(name)) settled[index] = 1;
    else firstOf.set(name, index);
  });

  // Rule 1: a remembered decision stands, unless its column is gone or already taken.
  if (remembered) {
    const columnIndex = new Map(columns.map((column, index) => [column.key, index] as const));
    const decisions = new Map<string, string | null>();
    for (const [header, key] of Object.entries(remembered)) {
      const name = normalizeForMatch(header);
      if (name !== '' && !decisions.has(name) && (key === null || columnIndex.has(key))) decisions.set(name, key);
    }
    firstOf.forEach((index, name) => {
      const key = decisions.get(name);
      if (key === undefined) return;
      if (key === null) take(index, null, 1, 'remembered');
      else if (!columnTaken[columnIndex.get(key)!]) take(index, columnIndex.get(key)!, 1, 'remembered');
    });
  }

  // Rule 2: exact matches, in the engine's order (shared/engine/mapping.ts): key, then name, then
  // suggestedMappings, each column taking the first free header that names it.
  const kinds: ((column: SuggestionColumn) => string[])[] = [
    (column) => [column.key],
    (column) => [column.name],
    (column) => column.suggestedMappings,
  ];
  for (const namesOfKind of kinds) {
    columns.forEach((column, index) => {
      if (columnTaken[index]) return;
      const names = new Set(namesOfKind(column).map(normalizeForMatch));
      const header = normalized.findIndex((name, i) => !settled[i] && names.has(name));
      if (header !== -1) take(header, index, 1, 'exact');
    });
  }

  // Rules 3 and 4: the remaining headers and columns, scored, then assigned for the greatest total.
  const openHeaders = headers.flatMap((_, index) => (settled[index] ? [] : [index]));
  const openColumns = columns.flatMap((_, index) => (columnTaken[index] ? [] : [index]));
  if (openHeaders.length === 0 || openColumns.length === 0) return result;
  const preparedHeaders = openHeaders.map((index) => prepare(headers[index]));
  const preparedNames = openColumns.map((index) => namesOf(columns[index]).map(prepare));
  const edges: Edge[] = [];
  preparedHeaders.forEach((header, h) => {
    preparedNames.forEach((names, c) => {
      const score = bestSimilarity(header, names, FUZZY_THRESHOLD);
      if (score >= FUZZY_THRESHOLD) edges.push({ header: h, column: c, score: Math.round(score * SCORE_SCALE) });
    });
  });
  for (const { header, column, score } of bestAssignment(openHeaders.length, openColumns.length, edges)) {
    const key = columns[openColumns[column]].key;
    result[openHeaders[header]] = { column: key, confidence: score / SCORE_SCALE, source: 'fuzzy' };
  }
  return result;
}

// ---- Assignment ----

interface Edge {
  header: number;
  column: number;
  /** Integer score, 1..SCORE_SCALE. */
  score: number;
}

/**
 * The set of edges, at most one per header and per column, with the greatest total score. Headers
 * and columns that share no candidate cannot affect each other, so each connected component of the
 * candidate graph is solved on its own (usually one or two headers). Equal totals are decided by the
 * least total tie cost (see tieCost), so the result never depends on anything but the input.
 */
function bestAssignment(headerCount: number, columnCount: number, edges: readonly Edge[]): Edge[] {
  // Union-find over headers 0..headerCount-1 and columns headerCount.. .
  const parent = Int32Array.from({ length: headerCount + columnCount }, (_, i) => i);
  const root = (node: number): number => {
    while (parent[node] !== node) node = parent[node] = parent[parent[node]];
    return node;
  };
  for (const edge of edges) {
    const [a, b] = [root(edge.header), root(headerCount + edge.column)];
    if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
  }
  const components = new Map<number, Edge[]>();
  for (const edge of edges) {
    const key = root(edge.header);
    const list = components.get(key);
    if (list) list.push(edge);
    else components.set(key, [edge]);
  }
  const chosen: Edge[] = [];
  for (const component of components.values()) chosen.push(...solveComponent(component));
  return chosen;
}

function solveComponent(edges: readonly Edge[]): Edge[] {
  if (edges.length === 1) return [...edges];
  const headers = [...new Set(edges.map((edge) => edge.header))].sort((a, b) => a - b);
  const columns = [...new Set(edges.map((edge) => edge.column))].sort((a, b) => a - b);
  const headerRank = new Map(headers.map((header, rank) => [header, rank]));
  const columnRank = new Map(columns.map((column, rank) => [column, rank]));
  const n = headers.length;
  const m = columns.length;
  // Tie cost of pairing the i-th header with the j-th column (ranks within the component):
  // A*i + j*(N - i). A > any j, so of two headers with equal scores for one column the earlier one
  // takes it; for one header, the earlier of two equal columns is cheaper; and the product term
  // makes two headers take two equally scored columns in order (earlier header, earlier column).
  const A = m + 1;
  const N = n + 1;
  const tieCost = (i: number, j: number) => A * i + j * (N - i);
  const maxTie = A * (n - 1) + (m - 1) * N;
  // One unit of score outweighs the tie costs of a whole assignment. Costs, potentials and their
  // sums must stay exact integers (the potentials stay within a few times rows x the largest cost).
  let unit = Math.min(n, m) * maxTie + 1;
  let tie = tieCost;
  if (SCORE_SCALE * unit * Math.min(n, m) * 4 > Number.MAX_SAFE_INTEGER) {
    // Only a component larger than 500 x 500 (every header similar to every column) gets here: its
    // ties are then decided by the algorithm's own order, still the same on every run.
    unit = 1;
    tie = () => 0;
  }
  // Rows are the smaller side (the Hungarian method below needs rows <= columns); a pair that is not
  // an edge costs 0, the same as leaving both unmatched, so it is dropped afterwards.
  const headersAreRows = n <= m;
  const rows = headersAreRows ? n : m;
  const cols = headersAreRows ? m : n;
  const cost = new Float64Array(rows * cols);
  const edgeAt = new Map<number, Edge>();
  for (const edge of edges) {
    const i = headerRank.get(edge.header)!;
    const j = columnRank.get(edge.column)!;
    const [r, c] = headersAreRows ? [i, j] : [j, i];
    cost[r * cols + c] = -edge.score * unit + tie(i, j);
    edgeAt.set(r * cols + c, edge);
  }
  const rowOf = hungarian(cost, rows, cols);
  const chosen: Edge[] = [];
  for (let c = 0; c < cols; c++) {
    const r = rowOf[c];
    const edge = r === -1 ? undefined : edgeAt.get(r * cols + c);
    if (edge) chosen.push(edge);
  }
  return chosen;
}

/**
 * Minimum-cost assignment of every row to a distinct column (rows <= cols), O(rows² · cols): the
 * Hungarian method with potentials (Kuhn-Munkres as in e-maxx). Returns, for each column, its row or -1.
 */
function hungarian(cost: Float64Array, rows: number, cols: number): Int32Array {
  const u = new Float64Array(rows + 1);
  const v = new Float64Array(cols + 1);
  const rowOfColumn = new Int32Array(cols + 1); // 1-based rows, 0 = none
  const way = new Int32Array(cols + 1);
  const minv = new Float64Array(cols + 1);
  const used = new Uint8Array(cols + 1);
  for (let row = 1; row <= rows; row++) {
    rowOfColumn[0] = row;
    let j0 = 0;
    minv.fill(Infinity);
    used.fill(0);
    do {
      used[j0] = 1;
      const i0 = rowOfColumn[j0];
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= cols; j++) {
        if (used[j]) continue;
        const reduced = cost[(i0 - 1) * cols + (j - 1)] - u[i0] - v[j];
        if (reduced < minv[j]) {
          minv[j] = reduced;
          way[j] = j0;
        }
        if (minv[j] < delta) {
          delta = minv[j];
          j1 = j;
        }
      }
      for (let j = 0; j <= cols; j++) {
        if (used[j]) {
          u[rowOfColumn[j]] += delta;
          v[j] -= delta;
        } else {
          minv[j] -= delta;
        }
      }
      j0 = j1;
    } while (rowOfColumn[j0] !== 0);
    do {
      const j1 = way[j0];
      rowOfColumn[j0] = rowOfColumn[j1];
      j0 = j1;
    } while (j0 !== 0);
  }
  const result = new Int32Array(cols);
  for (let j = 1; j <= cols; j++) result[j - 1] = rowOfColumn[j] - 1;
  return result;
}
