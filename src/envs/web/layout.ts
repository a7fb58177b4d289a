// Finite choices drawn from a split for the newer web families: goal phrasings, dates and times, whose texts each
// belong to one split (src/envs/split.ts), so a test goal never comes up in training; and page layouts of several
// dimensions (labels, heading, order, ...) numbered by controls.ts's layoutOf. Families declare their choices once,
// at module level; the members of each split are listed on first use and cached, so a reset picks in constant time.

import type { Rng } from '../../core/rng';
import { inSplit, type Pools, type Split } from '../split';
import { layoutOf } from './controls';
import type { Page } from './page';

/** Choices 0..count-1, each named by a text; a split holds the choices whose text is in it. */
export class Choices {
  private readonly lists: Record<Split, Map<number, readonly number[]>> = { train: new Map(), test: new Map() };
  private readonly texts: string[] = [];

  /** @param make the text of choice i (what the split hashes), e.g. a goal or a layout key */
  constructor(private readonly key: string, private readonly make: (i: number) => string) {}

  /** The text of choice i (made once, then remembered). */
  text(i: number): string {
    return (this.texts[i] ??= this.make(i));
  }

  /** The choices among the first `count` that belong to the pools' split; throws when there are none. */
  of(pools: Pools, count: number): readonly number[] {
    const cache = this.lists[pools.split];
    let list = cache.get(count);
    if (!list) {
      const found: number[] = [];
      for (let i = 0; i < count; i++) if (inSplit(this.text(i), pools.split)) found.push(i);
      if (found.length === 0) throw new Error(`${this.key}: none of its ${count} choices is in the ${pools.split} split`);
      cache.set(count, (list = found));
    }
    return list;
  }

  /** One choice among the first `count`, in the pools' split. */
  pick(rng: Rng, pools: Pools, count: number): number {
    return rng.pick(this.of(pools, count));
  }
}

/** A family's page layouts: one index per dimension (`sizes[k]` choices each), the combination one of the split's
 * layouts (controls.ts's layoutOf numbers them). */
export class Layouts {
  private readonly total: number;

  constructor(private readonly family: string, private readonly sizes: readonly number[]) {
    this.total = sizes.reduce((a, b) => a * b, 1);
  }

  /** A layout of the pools' split: its index in each dimension; `lastBelow` keeps the last dimension's index
   * under a bound (an option that limits, say, the label styles in play). */
  draw(rng: Rng, pools: Pools, lastBelow = this.sizes[this.sizes.length - 1]): number[] {
    const last = this.sizes[this.sizes.length - 1];
    let code = layoutOf(rng, pools, this.family, (this.total / last) * Math.min(lastBelow, last));
    return this.sizes.map((n) => {
      const k = code % n;
      code = (code - k) / n;
      return k;
    });
  }
}

/** Goals made of a phrasing and a position ("the 2nd text area"): choice i is phrasing i % P at position i / P. */
export class PositionGoals {
  private readonly choices: Choices;

  constructor(family: string, private readonly phrasings: readonly string[], fill: (phrasing: string, position: number) => string) {
    this.choices = new Choices(`${family} goals`, (i) => fill(phrasings[i % phrasings.length], Math.floor(i / phrasings.length)));
  }

  /** A goal of the split about one of `positions` positions (0-based): its text and position. */
  draw(rng: Rng, pools: Pools, positions: number): { goal: string; position: number } {
    const i = this.choices.pick(rng, pools, this.phrasings.length * positions);
    return { goal: this.choices.text(i), position: Math.floor(i / this.phrasings.length) };
  }
}

/** A form's frame: a heading above it and a note under it, each '' for none. */
export interface Frame {
  heading: string;
  note: string;
}

/** A family's frames as page layouts: heading x note pairs, of which the test split holds out a quarter. */
export class Frames {
  private readonly layouts: Layouts;

  constructor(family: string, private readonly headings: readonly string[], private readonly notes: readonly string[]) {
    this.layouts = new Layouts(family, [headings.length, notes.length]);
  }

  /** A frame of the pools' split. */
  draw(rng: Rng, pools: Pools): Frame {
    const [heading, note] = this.layouts.draw(rng, pools);
    return { heading: this.headings[heading], note: this.notes[note] };
  }
}

/** The frame's heading, drawn before the form. */
export function addFrameHeading(frame: Frame, page: Page): void {
  if (frame.heading) page.add('heading', frame.heading);
}

/** The frame's note, drawn after the form. */
export function addFrameNote(frame: Frame, page: Page): void {
  if (frame.note) page.add('text', frame.note);
}
