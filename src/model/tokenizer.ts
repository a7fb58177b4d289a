// Word-level, case-preserving tokenizer built from the environments' language, with an unknown-token path.
// Text splits into words (letters, digits, _) and single punctuation marks; decode() rejoins them so that
// decode(encode(action)) is exact for actions such as `fill(2, "Bob Smith")` or `answer("1234")`.

export const SPECIALS = ['<pad>', '<unk>', '<end>', '<goal>', '<obs>', '<act>', '<prev>', '<join>', '<match>'] as const;
export const PAD = 0;
export const UNK = 1;
export const END = 2;
export const GOAL = 3;
export const OBS = 4;
export const ACT = 5;
/** Stands for an earlier observation that was left out of the context. */
export const PREV = 6;
/** Glues the digits of a number that is not a token of its own: `1234` -> 1 <join> 2 <join> 3 <join> 4. */
export const JOIN = 7;
/** Starts an observation line whose element's name shares a word with the goal (see context.ts). */
export const MATCH = 8;

const PIECE = /[\p{L}\p{N}_]+|[^\s\p{L}\p{N}_]/gu;
const WORD = /^[\p{L}\p{N}_]/u;
const SMALL_NUMBER = /^(0|[1-9]\d?)$/;

/** Words and punctuation marks of a text, in order. */
export function splitWords(text: string): string[] {
  return text.match(PIECE) ?? [];
}

export interface TokenizerOptions {
  /** Keep at most this many tokens (specials and numbers included), the most frequent words first. */
  maxVocab?: number;
  /** Drop words seen fewer times. */
  minCount?: number;
}

export class Tokenizer {
  private readonly ids = new Map<string, number>();

  constructor(readonly vocab: readonly string[]) {
    vocab.forEach((w, i) => this.ids.set(w, i));
  }

  get size(): number {
    return this.vocab.length;
  }

  /** The id of a word, or undefined when it is not in the vocabulary. */
  id(word: string): number | undefined {
    return this.ids.get(word);
  }

  encode(text: string): number[] {
    const out: number[] = [];
    for (const w of splitWords(text)) {
      const id = this.ids.get(w);
      if (id !== undefined) out.push(id);
      else if (/^\d+$/.test(w)) {
        [...w].forEach((d, i) => {
          if (i) out.push(JOIN);
          out.push(this.ids.get(d) as number);
        });
      } else out.push(UNK);
    }
    return out;
  }

  /** Words joined with a space only between two words or after a comma; specials other than <join> are skipped. */
  decode(ids: readonly number[]): string {
    let s = '';
    let prev = '';
    let glue = false;
    for (const id of ids) {
      if (id === JOIN) {
        glue = true;
        continue;
      }
      if (id < SPECIALS.length && id !== UNK) continue;
      const w = this.vocab[id] ?? '<unk>';
      if (!glue && prev && ((WORD.test(prev) && WORD.test(w)) || prev === ',')) s += ' ';
      s += w;
      prev = w;
      glue = false;
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

/** Build the vocabulary from texts (goals, observations, actions): specials, numbers 0..99, then words by frequency. */
export function buildTokenizer(texts: Iterable<string>, opts: TokenizerOptions = {}): Tokenizer {
  const counts = new Map<string, number>();
  for (const t of texts) for (const w of splitWords(t)) counts.set(w, (counts.get(w) ?? 0) + 1);
  const vocab: string[] = [...SPECIALS];
  for (let i = 0; i < 100; i++) vocab.push(String(i));
  const words = [...counts]
    .filter(([w, c]) => c >= (opts.minCount ?? 1) && !SMALL_NUMBER.test(w) && !/^\d+$/.test(w))
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([w]) => w);
  vocab.push(...words.slice(0, Math.max(0, (opts.maxVocab ?? Infinity) - vocab.length)));
  return new Tokenizer(vocab);
}
