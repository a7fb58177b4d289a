// The post feed social-media and social-media-all share (MiniWoB++): posts with a display name, an @username and a
// few words of filler, each with its row of action buttons.

import type { Rng } from '../../core/rng';
import { loremWords } from '../lexicon/lorem';
import { FAMILY_NAMES, GIVEN_NAMES } from '../lexicon/people';
import { titleCase } from '../lexicon/phrasing';
import type { Pools } from '../split';

export interface Post {
  name: string;
  /** With its '@'. */
  user: string;
  body: string;
}

/** A new author as MiniWoB makes one: a given or family name to show, a name or filler word as username. */
export function newAuthor(rng: Rng, pools: Pools): Pick<Post, 'name' | 'user'> {
  const name = titleCase(rng.chance(0.5) ? pools.pick(rng, GIVEN_NAMES) : pools.pick(rng, FAMILY_NAMES));
  const user = `@${rng.chance(0.5) ? pools.pick(rng, GIVEN_NAMES) : loremWords(rng, pools, 1)[0]}`;
  return { name, user };
}

/** A post by `author` with two to six words of filler. */
export function newPost(rng: Rng, pools: Pools, author: Pick<Post, 'name' | 'user'>): Post {
  return { ...author, body: loremWords(rng, pools, rng.range(2, 6)).join(' ') };
}

/** How a post reads in the accessibility tree: one line, its author first. */
export const postLine = (p: Post): string => `${p.name} ${p.user}: ${p.body}`;
