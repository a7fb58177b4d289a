// The post feed social-media and social-media-all share (MiniWoB++): posts with a display name, an @username and a
// few words of filler, each with its row of action buttons.

import type { Rng } from '../../core/rng';
import { LOREM_WORDS, PERSON_FIRST, PERSON_LAST } from '../lexicon/english';
import type { Pools } from '../split';
import { wordsOf } from './controls';

export interface Post {
  name: string;
  /** With its '@'. */
  user: string;
  body: string;
}

/** A new author as MiniWoB makes one: a given or family name to show, a name or filler word as username. */
export function newAuthor(rng: Rng, pools: Pools): Pick<Post, 'name' | 'user'> {
  const name = rng.chance(0.5) ? pools.pick(rng, PERSON_FIRST) : pools.pick(rng, PERSON_LAST);
  const user = `@${(rng.chance(0.5) ? pools.pick(rng, PERSON_FIRST) : pools.pick(rng, LOREM_WORDS)).toLowerCase()}`;
  return { name, user };
}

/** A post by `author` with two to six words of filler. */
export function newPost(rng: Rng, pools: Pools, author: Pick<Post, 'name' | 'user'>): Post {
  return { name: author.name, user: author.user, body: wordsOf(rng, pools, LOREM_WORDS, rng.range(2, 6)) };
}

/** How many posts a feed of at most `max` shows: half that to all of it, as MiniWoB's 5-10 and 6-12. */
export const feedSize = (rng: Rng, max: number): number => rng.range(Math.ceil(max / 2), max);

/** How a post reads in the accessibility tree: one line, its author first. */
export const postLine = (p: Post): string => `${p.name} ${p.user}: ${p.body}`;
