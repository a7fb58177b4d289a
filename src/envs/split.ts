// Train and test splits: every environment draws its episodes from one of two disjoint pools, so a task seen in
// evaluation (always `test`) never came up in training. A word, a name, a generated string or a layout key belongs
// to exactly one split, decided by a salted hash of its text; a family draws its content through Pools.

import { hashString, type Rng } from '../core/rng';
import type { EnvSpec } from './api';

export const SPLITS = ['train', 'test'] as const;
export type Split = (typeof SPLITS)[number];

/** One key in TEST_SHARE goes to test (about 25%); the rest to train. */
const TEST_SHARE = 4;
const SPLIT_SALT = 0x5eed5;

/** The split a piece of content belongs to (case-insensitive): a pure function of its text. */
export function splitOf(key: string): Split {
  return hashString(key.toLowerCase(), SPLIT_SALT) % TEST_SHARE === 0 ? 'test' : 'train';
}

/** Whether `key` belongs to `split`. */
export function inSplit(key: string, split: Split): boolean {
  return splitOf(key) === split;
}

/**
 * The content an episode may draw in one split: sub-lists of word lists, generated strings and numbers, each
 * rejected and redrawn until it belongs to the split. Two Pools of different splits never return the same item.
 */
export class Pools {
  private readonly cache = new Map<readonly string[], readonly string[]>();

  constructor(readonly split: Split) {}

  /** The items of `list` in this split (cached per list), in list order. Throws when the split has none. */
  words<T extends string>(list: readonly T[]): readonly T[] {
    let sub = this.cache.get(list);
    if (!sub) {
      sub = list.filter((w) => inSplit(w, this.split));
      if (sub.length === 0) throw new Error(`pools: no item of [${list.slice(0, 4).join(', ')}, ...] is in the ${this.split} split`);
      this.cache.set(list, sub);
    }
    return sub as readonly T[];
  }

  /** One item of `list` in this split. */
  pick<T extends string>(rng: Rng, list: readonly T[]): T {
    return rng.pick(this.words(list));
  }

  /** `k` distinct items of `list` in this split, in random order; throws when the split holds fewer than k.
   * A few items of a long list cost O(k) (distinct indices redrawn on a repeat), not a shuffle of the list. */
  sample<T extends string>(rng: Rng, list: readonly T[], k: number): T[] {
    const sub = this.words(list);
    if (sub.length < k) throw new Error(`pools: asked for ${k} items, the ${this.split} split of this list holds ${sub.length}`);
    if (k * 4 > sub.length) return rng.shuffle(sub).slice(0, k);
    const picked = new Set<number>(); // insertion order: the same draws as a list that skips repeats
    while (picked.size < k) picked.add(rng.int(sub.length));
    return [...picked].map((i) => sub[i]);
  }

  /** A random lowercase string of length in [minLen, maxLen] in this split (MiniWoB's random words). */
  string(rng: Rng, minLen: number, maxLen: number, alphabet = 'abcdefghijklmnopqrstuvwxyz'): string {
    return this.draw(() => {
      const n = rng.range(minLen, maxLen);
      let s = '';
      for (let i = 0; i < n; i++) s += alphabet[rng.int(alphabet.length)];
      return s;
    });
  }

  /** An integer in [lo, hi] whose decimal text is in this split (the range must hold some). */
  int(rng: Rng, lo: number, hi: number): number {
    return Number(this.draw(() => String(rng.range(lo, hi))));
  }

  /** Redraws `make()` until its result belongs to this split (any generator of texts: names, layouts, dates). */
  draw(make: () => string): string {
    for (let attempt = 0; attempt < 10_000; attempt++) {
      const s = make();
      if (inSplit(s, this.split)) return s;
    }
    throw new Error(`pools: 10000 draws found nothing in the ${this.split} split`);
  }
}

const POOLS: Record<Split, Pools> = { train: new Pools('train'), test: new Pools('test') };

/** The shared Pools of a split (their word caches are reused across episodes). */
export function poolsOf(split: Split | undefined): Pools {
  return POOLS[split ?? 'train'];
}

/** The text that identifies a task instance for the split check: its goal, or its goal and first observation. */
export function instanceKey(spec: Pick<EnvSpec, 'suite' | 'instanceKey'>, goal: string, firstObservation: string): string {
  // Stryker disable next-line StringLiteral: any value but 'goal' keys by goal and observation
  const by = spec.instanceKey ?? (spec.suite === 'game' ? 'goal+observation' : 'goal');
  return by === 'goal' ? goal : `${goal}\n${firstObservation}`;
}
