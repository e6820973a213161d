// Remembers which strings were seen (uniqueness checks over columns of up to a million rows) without
// keeping the strings: a 128-bit digest of each value in an open-addressing table of 32-bit words.
//
// The digest is MurmurHash3 x86_128 over the string's UTF-16 code units: 128 bits make an accidental
// collision (a unique value reported as a duplicate) vanishingly unlikely at a million values (~2^-88),
// and the 32-bit variant runs on Math.imul without 64-bit emulation: ~15x faster than
// crypto.hash('md5') on short strings (~0.1 us against ~1.5 us, mostly md5's native call and Buffer). It is not collision-resistant against crafted input, which could
// only make an uploader's own rows look duplicated.

const WORDS_PER_SLOT = 4;
const INITIAL_SLOTS = 1024;
const MAX_LOAD = 0.75;

export class DigestSet {
  /** Four words per slot; all zero marks an empty slot, so a real all-zero digest is stored remapped. */
  private table = new Uint32Array(INITIAL_SLOTS * WORDS_PER_SLOT);
  private count = 0;
  private readonly digest = new Uint32Array(WORDS_PER_SLOT);

  get size(): number {
    return this.count;
  }

  /** True if `value` was not seen before. */
  add(value: string): boolean {
    const d = this.digest;
    murmur3x86_128(value, d);
    // The digest of '' is all zero: remap it (a clash with a real 1,0,0,0 digest is as unlikely as any).
    if ((d[0] | d[1] | d[2] | d[3]) === 0) d[0] = 1;
    const d0 = d[0];
    const d1 = d[1];
    const d2 = d[2];
    const d3 = d[3];
    const t = this.table;
    const wrap = t.length - 1;
    for (let i = (d0 * WORDS_PER_SLOT) & wrap; ; i = (i + WORDS_PER_SLOT) & wrap) {
      const w0 = t[i];
      if (w0 === d0 && t[i + 1] === d1 && t[i + 2] === d2 && t[i + 3] === d3) return false;
      if (w0 === 0 && t[i + 1] === 0 && t[i + 2] === 0 && t[i + 3] === 0) {
        t[i] = d0;
        t[i + 1] = d1;
        t[i + 2] = d2;
        t[i + 3] = d3;
        if (++this.count > (t.length / WORDS_PER_SLOT) * MAX_LOAD) this.grow();
        return true;
      }
    }
  }

  private grow(): void {
    const old = this.table;
    const t = new Uint32Array(old.length * 2);
    const wrap = t.length - 1;
    for (let j = 0; j < old.length; j += WORDS_PER_SLOT) {
      const w0 = old[j];
      if (w0 === 0 && old[j + 1] === 0 && old[j + 2] === 0 && old[j + 3] === 0) continue;
      let i = (w0 * WORDS_PER_SLOT) & wrap;
      while (t[i] !== 0 || t[i + 1] !== 0 || t[i + 2] !== 0 || t[i + 3] !== 0) i = (i + WORDS_PER_SLOT) & wrap;
      t[i] = w0;
      t[i + 1] = old[j + 1];
      t[i + 2] = old[j + 2];
      t[i + 3] = old[j + 3];
    }
    this.table = t;
  }
}

const C1 = 0x239b961b;
const C2 = 0xab0e9789;
const C3 = 0x38b34ae5;
const C4 = 0xa1e38b93;

/** MurmurHash3_x86_128 (seed 0) of the code units of `s`, two per 32-bit word, little-endian. */
export function murmur3x86_128(s: string, out: Uint32Array): void {
  const n = s.length;
  const blockEnd = n - (n % 8);
  let h1 = 0;
  let h2 = 0;
  let h3 = 0;
  let h4 = 0;
  for (let i = 0; i < blockEnd; i += 8) {
    const k1 = s.charCodeAt(i) | (s.charCodeAt(i + 1) << 16);
    const k2 = s.charCodeAt(i + 2) | (s.charCodeAt(i + 3) << 16);
    const k3 = s.charCodeAt(i + 4) | (s.charCodeAt(i + 5) << 16);
    const k4 = s.charCodeAt(i + 6) | (s.charCodeAt(i + 7) << 16);
    h1 ^= Math.imul(rotl(Math.imul(k1, C1), 15), C2);
    h1 = (Math.imul(rotl(h1, 19) + h2, 5) + 0x561ccd1b) | 0;
    h2 ^= Math.imul(rotl(Math.imul(k2, C2), 16), C3);
    h2 = (Math.imul(rotl(h2, 17) + h3, 5) + 0x0bcaa747) | 0;
    h3 ^= Math.imul(rotl(Math.imul(k3, C3), 17), C4);
    h3 = (Math.imul(rotl(h3, 15) + h4, 5) + 0x96cd1c35) | 0;
    h4 ^= Math.imul(rotl(Math.imul(k4, C4), 18), C1);
    h4 = (Math.imul(rotl(h4, 13) + h1, 5) + 0x32ac3b17) | 0;
  }
  // The tail: 0 to 7 code units, i.e. 0 to 14 bytes, mixed into the words they reach.
  const tail = n - blockEnd;
  if (tail > 6) h4 ^= Math.imul(rotl(Math.imul(tailWord(s, blockEnd + 6), C4), 18), C1);
  if (tail > 4) h3 ^= Math.imul(rotl(Math.imul(tailWord(s, blockEnd + 4), C3), 17), C4);
  if (tail > 2) h2 ^= Math.imul(rotl(Math.imul(tailWord(s, blockEnd + 2), C2), 16), C3);
  if (tail > 0) h1 ^= Math.imul(rotl(Math.imul(tailWord(s, blockEnd), C1), 15), C2);
  const bytes = 2 * n;
  h1 ^= bytes;
  h2 ^= bytes;
  h3 ^= bytes;
  h4 ^= bytes;
  h1 = (h1 + h2 + h3 + h4) | 0;
  h2 = (h2 + h1) | 0;
  h3 = (h3 + h1) | 0;
  h4 = (h4 + h1) | 0;
  h1 = fmix32(h1);
  h2 = fmix32(h2);
  h3 = fmix32(h3);
  h4 = fmix32(h4);
  h1 = (h1 + h2 + h3 + h4) | 0;
  out[0] = h1;
  out[1] = h2 + h1;
  out[2] = h3 + h1;
  out[3] = h4 + h1;
}

/** The code units at `i` and `i + 1` as one word; past the end of `s` a unit counts as zero. */
function tailWord(s: string, i: number): number {
  return s.charCodeAt(i) | (i + 1 < s.length ? s.charCodeAt(i + 1) << 16 : 0);
}

function rotl(x: number, r: number): number {
  return (x << r) | (x >>> (32 - r));
}

function fmix32(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}
