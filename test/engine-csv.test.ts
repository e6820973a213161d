// The streaming CSV/TSV reader (encodings, delimiter detection, quoting, chunk boundaries, limits, hostile
// bytes) and the DigestSet of the uniqueness checks; pure in-process, no local stack needed.
import { readDelimited, type Delimiter } from '../shared/engine/readers/csv';
import { DEFAULT_LIMITS } from '../shared/engine/limits';
import { FileProblem, type EngineLimits } from '../shared/engine/types';
import { DigestSet, murmur3x86_128 } from '../shared/engine/unique-set';

interface ReadOptions {
  /** Bytes per input chunk (default: the whole file in one chunk). */
  chunk?: number;
  limits?: Partial<EngineLimits>;
  batchRows?: number;
  delimiter?: Delimiter;
}

function open(bytes: Uint8Array, options: ReadOptions = {}) {
  const chunk = options.chunk ?? Math.max(bytes.length, 1);
  return readDelimited(
    async function* () {
      for (let i = 0; i < bytes.length; i += chunk) yield bytes.subarray(i, i + chunk);
    },
    { limits: { ...DEFAULT_LIMITS, ...options.limits }, batchRows: options.batchRows, delimiter: options.delimiter },
  );
}

async function read(bytes: Uint8Array | string, options: ReadOptions = {}) {
  const source = open(typeof bytes === 'string' ? Buffer.from(bytes) : bytes, options);
  const batches: string[][][] = [];
  for await (const batch of source.batches) batches.push(batch);
  return { rows: batches.flat(), batches, encoding: source.encoding, delimiter: source.delimiter };
}

async function rows(bytes: Uint8Array | string, options: ReadOptions = {}) {
  return (await read(bytes, options)).rows;
}

async function problem(bytes: Uint8Array | string, options: ReadOptions = {}): Promise<FileProblem> {
  try {
    await read(bytes, options);
  } catch (error) {
    if (error instanceof FileProblem) return error;
    throw error;
  }
  throw new Error('expected a FileProblem');
}

/** mulberry32: a tiny seeded PRNG, so the random inputs are the same on every run. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();
const ascii = (rowCount: number) => Array.from({ length: rowCount }, (_, i) => [`row${i}`, 'plain ascii text here']);
const csv = (table: string[][]) => table.map((row) => row.join(',')).join('\n') + '\n';

describe('encodings', () => {
  it('reads UTF-8 without a BOM', async () => {
    // Act
    const result = await read('name,city\nJosé,Zürich €\n');
    // Assess
    expect(result.rows).toEqual([['name', 'city'], ['José', 'Zürich €']]);
    expect(result.encoding).toBe('utf-8');
  });

  it('strips a UTF-8 BOM', async () => {
    // Act
    const result = await read(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('name,city\nJosé,Zürich\n')]));
    // Assess
    expect(result.rows).toEqual([['name', 'city'], ['José', 'Zürich']]);
    expect(result.encoding).toBe('utf-8');
  });

  it.each([
    ['utf-16le', (text: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])],
    ['utf-16be', (text: string) => Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(text)])],
  ])('reads %s with a BOM, even from 1-byte chunks', async (encoding, encode) => {
    // Prepare
    const bytes = encode('name\tcity\r\nJosé\t東京 😀\r\n');
    // Act
    const whole = await read(bytes);
    const split = await read(bytes, { chunk: 1 });
    // Assess
    expect(whole.rows).toEqual([['name', 'city'], ['José', '東京 😀']]);
    expect(split.rows).toEqual(whole.rows);
    expect(whole.encoding).toBe(encoding);
    expect(whole.delimiter).toBe('\t');
  });

  it('reads Windows-1252 when the bytes are not UTF-8', async () => {
    // Prepare
    const bytes = Buffer.from([...Buffer.from('name;price\nCaf'), 0xe9, ...Buffer.from(';5 '), 0x80, 0x0a]);
    // Act
    const result = await read(bytes);
    // Assess
    expect(result.rows).toEqual([['name', 'price'], ['Café', '5 €']]);
    expect(result.encoding).toBe('windows-1252');
  });

  it('reads Windows-1252 whose first non-ASCII byte comes after 64 KB of ASCII, rows before it unchanged', async () => {
    // Prepare
    const head = ascii(4000);
    const tail = Buffer.from([...Buffer.from('Caf'), 0xe9, ...Buffer.from(',na'), 0xef, ...Buffer.from('ve\nlast,row\n')]);
    const bytes = Buffer.concat([Buffer.from(csv(head)), tail]);
    expect(Buffer.from(csv(head)).length).toBeGreaterThan(64 * 1024);
    // Act
    const result = await read(bytes, { chunk: 4096 });
    // Assess
    expect(result.rows).toEqual([...head, ['Café', 'naïve'], ['last', 'row']]);
    expect(result.encoding).toBe('windows-1252');
  });

  it('rejects a file that is UTF-8 for more than 64 KB and then not, naming the row, without a wrong row', async () => {
    // Prepare: valid UTF-8 accents early, a Windows-1252 é on row 4003.
    const head = [['José', 'Zürich'], ...ascii(4000)];
    const bytes = Buffer.concat([Buffer.from(csv(head)), Buffer.from('ok,row\nCaf'), Buffer.from([0xe9, 0x0a])]);
    const seen: string[][] = [];
    // Act
    const source = open(bytes, { chunk: 1000, batchRows: 100 });
    const error = await (async () => {
      try {
        for await (const batch of source.batches) seen.push(...batch);
      } catch (caught) {
        return caught;
      }
    })();
    // Assess
    expect(error).toBeInstanceOf(FileProblem);
    expect(error).toMatchObject({ code: 'UNREADABLE_FILE', message: expect.stringContaining('Row 4003 ') });
    expect(seen).toEqual([...head, ['ok', 'row']].slice(0, seen.length));
  });

  it('rejects invalid bytes in a file with a UTF-8 BOM', async () => {
    // Act
    const error = await problem(Buffer.from([0xef, 0xbb, 0xbf, ...Buffer.from('a\nb\nc'), 0xe9, 0x0a]));
    // Assess
    expect(error.code).toBe('UNREADABLE_FILE');
    expect(error.message).toContain('Row 3 ');
  });

  it('decodes a UTF-8 character cut by every possible chunk boundary', async () => {
    // Prepare
    const text = 'a,b\n€😀é,"x,€"\n';
    // Act & Assess
    for (const chunk of [1, 2, 3, 5, 7]) {
      expect(await rows(text, { chunk })).toEqual([['a', 'b'], ['€😀é', 'x,€']]);
    }
  });

  it('rejects binary content (NUL bytes) and reads an empty file as no rows', async () => {
    // Act
    const binary = await problem(Buffer.from('PK\x03\x04\x14\x00\x00\x00\x08\x00', 'latin1'));
    const empty = await read(Buffer.alloc(0));
    const bomOnly = await read(Buffer.from([0xef, 0xbb, 0xbf]));
    // Assess
    expect(binary.code).toBe('UNREADABLE_FILE');
    expect(empty.batches).toEqual([]);
    expect(bomOnly.batches).toEqual([]);
  });
});

describe('delimiter detection', () => {
  it.each([
    [',', 'name,age,city\nAnn,30,Paris\nBob,41,Rome\n'],
    [';', 'name;price;note\nAnn;1,50;a, b\nBob;2,25;c\n'],
    ['\t', 'name\tnote\nAnn\thello, world; bye\nBob\tx|y\n'],
    ['|', 'name|age\nAnn|30\nBob|41\n'],
    [',', 'name\nAnn\nBob\n'],
    [',', '"a;b",c\n"d;e",f\n'],
    [',', 'a;b,c\nd;e,f\n'],
  ])('detects %j', async (delimiter, text) => {
    // Act
    const result = await read(text);
    // Assess
    expect(result.delimiter).toBe(delimiter);
  });

  it('takes the given delimiter over detection', async () => {
    // Act
    const result = await read('a,b\tc\nd,e\tf\n', { delimiter: '\t' });
    // Assess
    expect(result.rows).toEqual([['a,b', 'c'], ['d,e', 'f']]);
  });
});

describe('quoting and line breaks', () => {
  const cases: [string, string, string[][]][] = [
    ['quoted delimiters', 'a,"b,c",d\n', [['a', 'b,c', 'd']]],
    ['escaped quotes', '"say ""hi""",""""\n', [['say "hi"', '"']]],
    ['quoted LF and CRLF', '"one\ntwo","three\r\nfour"\nnext,row\n', [['one\ntwo', 'three\r\nfour'], ['next', 'row']]],
    ['CRLF lines', 'a,b\r\nc,d\r\n', [['a', 'b'], ['c', 'd']]],
    ['lone CR lines', 'a,b\rc,d\r', [['a', 'b'], ['c', 'd']]],
    ['no trailing newline', 'a,b\nc,d', [['a', 'b'], ['c', 'd']]],
    ['empty lines keep row positions', 'a\n\nb\r\n\r\nc\n', [['a'], [''], ['b'], [''], ['c']]],
    ['trailing empty cells', 'a,,\n,\n', [['a', '', ''], ['', '']]],
    ['a quote inside an unquoted field is text', 'a 5" disk,b"c\n', [['a 5" disk', 'b"c']]],
    ['text after a closing quote is kept', '"ab"cd,"x" \n', [['abcd', 'x ']]],
    ['a quote open at the end of the file ends there', 'a,"open\nstill', [['a', 'open\nstill']]],
    ['an empty quoted field', '"",a\n', [['', 'a']]],
  ];

  it.each(cases)('%s', async (_, text, expected) => {
    // Act & Assess
    expect(await rows(text)).toEqual(expected);
  });

  it.each(cases)('%s, cut at every possible chunk boundary', async (_, text, expected) => {
    // Act & Assess
    for (const chunk of [1, 2, 3]) expect(await rows(text, { chunk, delimiter: ',' })).toEqual(expected);
  });

  it('cuts batches at batchRows', async () => {
    // Act
    const result = await read(csv(ascii(25)), { batchRows: 10 });
    // Assess
    expect(result.batches.map((batch) => batch.length)).toEqual([10, 10, 5]);
  });

  /** The same rules read one character at a time: the oracle for the fast tokenizer. */
  function reference(text: string): string[][] {
    const table: string[][] = [];
    let row: string[] = [];
    let cell = '';
    let state: 'start' | 'unquoted' | 'quoted' = 'start';
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (state === 'quoted') {
        if (c !== '"') cell += c;
        else if (text[i + 1] === '"') cell += text[i++];
        else state = 'unquoted';
      } else if (c === ',' || c === '\n' || c === '\r') {
        row.push(cell);
        cell = '';
        state = 'start';
        if (c === ',') continue;
        table.push(row);
        row = [];
        if (c === '\r' && text[i + 1] === '\n') i++;
      } else if (c === '"' && state === 'start') state = 'quoted';
      else {
        cell += c;
        state = 'unquoted';
      }
    }
    if (state !== 'start' || row.length > 0) table.push([...row, cell]);
    return table;
  }

  it('parses random CSV-like text like the reference, whatever the chunk and batch sizes', async () => {
    // Prepare: an alphabet made of the special characters, so every state meets every boundary.
    const random = prng(42);
    const alphabet = ['a', 'é', ',', '"', '""', '\r', '\n', '\r\n', ' '];
    for (let round = 0; round < 500; round++) {
      const text = Array.from({ length: 1 + Math.floor(random() * 60) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      // Act
      const whole = await rows(text, { delimiter: ',' });
      const split = await rows(text, { delimiter: ',', chunk: 1 + Math.floor(random() * 5), batchRows: 1 + Math.floor(random() * 3) });
      // Assess
      expect(whole).toEqual(reference(text));
      expect(split).toEqual(whole);
    }
  });
});

describe('limits', () => {
  it('rejects a cell longer than maxCellChars, naming row and column', async () => {
    // Act
    const error = await problem('a,b\nc,' + 'x'.repeat(101) + '\n', { limits: { maxCellChars: 100 } });
    // Assess
    expect(error.code).toBe('CELL_TOO_LONG');
    expect(error.message).toContain('Row 2, column 2');
  });

  it('stops at an unclosed quote once the cell is too long, without reading the whole file', async () => {
    // Prepare: an endless input after the opening quote.
    let chunksRead = 0;
    const source = readDelimited(
      async function* () {
        yield Buffer.from('a,"open\n');
        for (;;) {
          chunksRead++;
          yield Buffer.from('more text, more lines\n'.repeat(100));
        }
      },
      { limits: DEFAULT_LIMITS },
    );
    // Act
    const error = await (async () => {
      try {
        for await (const batch of source.batches) expect(batch).toBeUndefined();
      } catch (caught) {
        return caught;
      }
    })();
    // Assess
    expect(error).toMatchObject({ code: 'CELL_TOO_LONG', message: expect.stringContaining('Row 1, column 2') });
    expect(chunksRead).toBeLessThan(100);
  });

  it('rejects more than maxColumns cells in a row', async () => {
    // Act
    const error = await problem('a,b,c\nd,e,f,g\n', { limits: { maxColumns: 3 } });
    // Assess
    expect(error.code).toBe('TOO_MANY_COLUMNS');
    expect(error.message).toContain('Row 2 ');
  });

  it('rejects more than maxRows rows, empty ones included, but not a trailing newline', async () => {
    // Act
    const exact = await rows('a\n\nc\n', { limits: { maxRows: 3 } });
    const error = await problem('a\n\nc\nd', { limits: { maxRows: 3 } });
    // Assess
    expect(exact).toHaveLength(3);
    expect(error.code).toBe('TOO_MANY_ROWS');
    expect(error.message).toContain('Row 4 ');
  });
});

describe('hostile input', () => {
  const small: Partial<EngineLimits> = { maxCellChars: 500, maxColumns: 50, maxRows: 2000 };

  /** Reads to the end; anything thrown other than a FileProblem fails the test. */
  async function survives(bytes: Uint8Array, chunk: number): Promise<void> {
    try {
      await read(bytes, { chunk, limits: small });
    } catch (error) {
      if (!(error instanceof FileProblem)) throw error;
    }
  }

  it('reads random bytes to an end or a FileProblem', async () => {
    const random = prng(7);
    for (let round = 0; round < 100; round++) {
      // Prepare: half of the inputs without NUL bytes, so they get past the binary check.
      const noNul = round % 2 === 0;
      const bytes = Buffer.from(Array.from({ length: Math.floor(random() * 5000) }, () => Math.floor(random() * (noNul ? 255 : 256)) + (noNul ? 1 : 0)));
      // Act & Assess
      await survives(bytes, 1 + Math.floor(random() * 700));
    }
  });

  it('reads truncated files to an end or a FileProblem', async () => {
    // Prepare
    const random = prng(11);
    const file = Buffer.from('name,"note"\r\n"José ""Z""","a,\nb"\r\n€,😀\r\n');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(file.toString(), 'utf16le')]);
    for (const bytes of [file, utf16]) {
      for (let cut = 0; cut <= bytes.length; cut++) {
        // Act & Assess
        await survives(bytes.subarray(0, cut), 1 + Math.floor(random() * 8));
      }
    }
  });
});

describe('DigestSet', () => {
  it('tells new values from seen ones, the empty string included', () => {
    // Prepare
    const set = new DigestSet();
    // Act & Assess
    expect(set.add('a')).toBe(true);
    expect(set.add('')).toBe(true);
    expect(set.add('a')).toBe(false);
    expect(set.add('')).toBe(false);
    expect(set.add('A')).toBe(true);
    expect(set.size).toBe(3);
  });

  it('keeps every value through several resizes', () => {
    // Prepare
    const set = new DigestSet();
    const count = 20_000;
    // Act
    const added = Array.from({ length: count }, (_, i) => set.add(`value-${i}`));
    const again = Array.from({ length: count }, (_, i) => set.add(`value-${i}`));
    // Assess
    expect(added.every(Boolean)).toBe(true);
    expect(again.some(Boolean)).toBe(false);
    expect(set.size).toBe(count);
  });

  it('digests with MurmurHash3 x86_128 over UTF-16LE code units (reference values from mmh3)', () => {
    // Prepare
    const out = new Uint32Array(4);
    const expected: [string, number[]][] = [
      ['', [0, 0, 0, 0]],
      ['hello', [0x498e4989, 0x6c081b48, 0x02cf3f74, 0x2cf72941]],
      ['abcdefghijklmno', [0x6d2a3853, 0x7f125112, 0x6d8b3115, 0xbc98d783]],
      ['José Zürich €', [0xcbffdc41, 0xc8b4e15e, 0x1b66c41b, 0xf58dd513]],
    ];
    for (const [value, words] of expected) {
      // Act
      murmur3x86_128(value, out);
      // Assess
      expect([...out]).toEqual(words);
    }
  });
});
