// Filler text as MiniWoB++ makes it (its `lorem_words`, here faker's list in ./english): words and sentences for
// paragraphs, posts and email bodies, drawn from a split's share only, so a test episode's text is all test words.

import type { Rng } from '../../core/rng';
import type { Pools } from '../split';
import { capitalize } from '../words';
import { LOREM_WORDS } from './english';

/** `n` filler words of the split, lowercase (words may repeat, as in MiniWoB). */
export function loremWords(rng: Rng, pools: Pools, n: number): string[] {
  const words = pools.words(LOREM_WORDS);
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(rng.pick(words));
  return out;
}

/** `n` filler words as MiniWoB's paragraphs read: sentences start capitalised and about one word in five ends one. */
export function loremSentences(rng: Rng, pools: Pools, n: number): string[] {
  const words = loremWords(rng, pools, n);
  let start = true;
  for (let i = 0; i < n; i++) {
    if (start) words[i] = capitalize(words[i]);
    start = i === n - 1 || rng.chance(0.2);
    if (start) words[i] += '.';
  }
  return words;
}
