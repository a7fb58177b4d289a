// Word-level, case-preserving tokenizer with an open vocabulary (entity anonymisation, Hermann et al. 2015): the
// vocabulary holds the structural words of the environments' language (verbs, roles, template words, numbers 0..99,
// punctuation); every other word of a context is content and reads as a per-context placeholder <w0>, <w1>, ... in
// order of first appearance (ContentWords), decoded back through the same map. decode(encode(action)) is exact for
// actions such as `fill(2, "Bob Smith")` or `answer("1234")` whose words the context holds.

export const SPECIALS = ['<pad>', '<unk>', '<end>', '<goal>', '<obs>', '<act>', '<prev>', '<el>', '<match>'] as const;
export const PAD = 0;
/** A content word with no placeholder left (or none given). */
export const UNK = 1;
export const END = 2;
export const GOAL = 3;
export const OBS = 4;
export const ACT = 5;
/** Stands for an earlier observation that was left out of the context. */
export const PREV = 6;
/** Starts an element line of an observation (`<el> 7 button <w0>`); the pointer head reads lines through it. */
export const EL = 7;
/** Starts an observation line whose element's name shares a word with the goal (see context.ts). */
export const MATCH = 8;

/** Numbers below this are vocabulary words (element ids, counts); other digit strings are content. */
export const SMALL_NUMBERS = 100;
/** Placeholders in a vocabulary built by buildTokenizer (content words per context). */
export const DEFAULT_PLACEHOLDERS = 48;

const PIECE = /[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu;
const WORD = /^[\p{L}\p{N}_]/u;

/** The vocabulary entry of placeholder k. */
export function placeholder(k: number): string {
  return `<w${k}>`;
}

/**
 * Adjacent pieces (`a` PAIR `b`) that a context's texts space where decode would glue them ("St. Louis"), or glue
 * where it would space them: decoding then gives back text copied from the context exactly.
 */
export interface Spacing {
  spaced: readonly string[];
  glued: readonly string[];
}

const PAIR = '\u0001';

function defaultSpace(prev: string, w: string): boolean {
  return (WORD.test(prev) && WORD.test(w)) || prev === ',';
}

/**
 * The spacing exceptions of texts; a pair also seen at the default is left to it. (A pair's default is fixed, so an
 * exception pair always has the same, other, gap.)
 */
export function spacingOf(texts: readonly string[]): Spacing {
  const exceptions = new Map<string, boolean>(); // pair -> its gap, where it differs from the default
  const usual = new Set<string>(); // pairs seen at the default
  for (const text of texts) {
    let prev: RegExpExecArray | null = null;
    for (const m of text.matchAll(PIECE)) {
      if (prev) {
        const pair = prev[0] + PAIR + m[0];
        const gap = m.index > prev.index + prev[0].length;
        if (gap === defaultSpace(prev[0], m[0])) usual.add(pair);
        else exceptions.set(pair, gap);
      }
      prev = m;
    }
  }
  const pairs = [...exceptions].filter(([p]) => !usual.has(p));
  return { spaced: pairs.filter(([, gap]) => gap).map(([p]) => p), glued: pairs.filter(([, gap]) => !gap).map(([p]) => p) };
}

/** Words and punctuation marks of a text, in order. */
export function splitWords(text: string): string[] {
  return text.match(PIECE) ?? [];
}

/**
 * The content words of one context in order of first appearance: word k reads as placeholder k. An open map
 * takes new words while it has room; a full one (ContentWords.of, for decoding and the grammar) only reads.
 */
export class ContentWords {
  private readonly index = new Map<string, number>();
  readonly list: string[] = [];

  constructor(readonly capacity: number, words: readonly string[] = []) {
    for (const w of words) this.index.set(w, this.list.push(w) - 1);
  }

  /** A map over a context's words, full: it only reads. */
  static of(words: readonly string[]): ContentWords {
    return new ContentWords(words.length, words);
  }

  /** The slot of a word: its own, a new one while the map is open and has room, or undefined. */
  slot(word: string): number | undefined {
    const k = this.index.get(word);
    if (k !== undefined || this.list.length >= this.capacity) return k;
    this.index.set(word, this.list.length);
    return this.list.push(word) - 1;
  }
}

export class Tokenizer {
  private readonly ids = new Map<string, number>();
  /** Id of <w0> (placeholders are contiguous). */
  readonly placeholderStart: number;
  /** How many placeholders the vocabulary has: content words one context can tell apart. */
  readonly placeholders: number;

  constructor(readonly vocab: readonly string[]) {
    vocab.forEach((w, i) => this.ids.set(w, i));
    this.placeholderStart = this.ids.get(placeholder(0)) ?? vocab.length;
    let k = 0;
    while (this.ids.get(placeholder(k)) === this.placeholderStart + k) k++;
    this.placeholders = k;
  }

  get size(): number {
    return this.vocab.length;
  }

  /** The id of a vocabulary entry, or undefined (a content word). */
  id(word: string): number | undefined {
    return this.ids.get(word);
  }

  isPlaceholder(id: number): boolean {
    return id >= this.placeholderStart && id < this.placeholderStart + this.placeholders;
  }

  /** The placeholder index of a token id, or -1. */
  slotOf(id: number): number {
    return this.isPlaceholder(id) ? id - this.placeholderStart : -1;
  }

  /** A word's id: its vocabulary id, else its placeholder in `words`, else UNK. */
  wordId(word: string, words?: ContentWords): number {
    const id = this.id(word);
    if (id !== undefined) return id;
    const k = words?.slot(word);
    return k !== undefined && k < this.placeholders ? this.placeholderStart + k : UNK;
  }

  /** Token ids of a text; content words take (and, while `words` is open, make) their context placeholders. */
  encode(text: string, words?: ContentWords): number[] {
    return splitWords(text).map((w) => this.wordId(w, words));
  }

  /**
   * Words joined with a space only between two words or after a comma, unless `spacing` (the context's) says
   * otherwise for that pair; placeholders read through `words` (one without a word reads <unk>); specials other
   * than UNK are skipped.
   */
  decode(ids: readonly number[], words: readonly string[] = [], spacing?: Spacing): string {
    const [spaced, glued] = [new Set(spacing?.spaced), new Set(spacing?.glued)];
    let s = '';
    let prev = '';
    for (const id of ids) {
      if (id < SPECIALS.length && id !== UNK) continue;
      const k = this.slotOf(id);
      const w = k >= 0 ? (words[k] ?? '<unk>') : (this.vocab[id] ?? '<unk>');
      const pair = prev + PAIR + w;
      if (prev && (spaced.has(pair) || (defaultSpace(prev, w) && !glued.has(pair)))) s += ' ';
      s += w;
      prev = w;
    }
    return s;
  }

  toJSON(): string[] {
    return [...this.vocab];
  }

  static fromJSON(vocab: readonly string[]): Tokenizer {
    SPECIALS.forEach((s, i) => {
      if (vocab[i] !== s) throw new Error(`not a tokenizer vocabulary: entry ${i} is ${vocab[i]}, expected ${s}`);
    });
    return new Tokenizer(vocab);
  }
}

/**
 * The vocabulary: specials, numbers 0..99, `placeholders` placeholders, then the structural words (deduplicated,
 * in code-unit order; digit strings among them are dropped: small ones are in already, the rest are content).
 */
export function buildTokenizer(structural: Iterable<string>, placeholders = DEFAULT_PLACEHOLDERS): Tokenizer {
  const vocab: string[] = [...SPECIALS];
  for (let i = 0; i < SMALL_NUMBERS; i++) vocab.push(String(i));
  for (let k = 0; k < placeholders; k++) vocab.push(placeholder(k));
  const taken = new Set(vocab);
  const words = [...new Set(structural)].filter((w) => !taken.has(w) && !/^\d+$/.test(w));
  vocab.push(...words.sort());
  return new Tokenizer(vocab);
}
