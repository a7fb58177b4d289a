// The movie-search form that multi-orderings and multi-layouts share (MiniWoB++): genre, director and year
// fields in a shuffled order, labelled in one of several styles, and one button that submits.

import type { Rng } from '../../core/rng';
import { PERSON_LAST } from '../lexicon/english';
import { MOVIE_GENRES } from '../lexicon/movies';
import type { Pools } from '../split';
import { onClick, onFill, type Page } from './page';

/** How a field's label reaches the accessibility tree: as the textbox's name, or as text before or after it. */
export type LabelStyle = 'name' | 'before' | 'after';

export interface MovieForm {
  /** Wanted genre, director and year, in field order 0..2. */
  want: [string, string, string];
  values: [string, string, string];
  /** Display position k shows field order[k]. */
  order: number[];
  labels: readonly [string, string, string];
  style: LabelStyle;
  button: string;
  title: string;
}

export const FIELD_ORDERS = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/** A search to ask for, from the split's genres and directors: its goal and wanted values. */
export function movieWant(rng: Rng, pools: Pools): { goal: string; want: MovieForm['want'] } {
  const genre = pools.pick(rng, MOVIE_GENRES);
  const director = pools.pick(rng, PERSON_LAST);
  const year = String(rng.range(1970, 2018));
  return { goal: `Search for ${genre} movies directed by ${director} from year ${year}.`, want: [genre, director, year] };
}

const matches = (f: MovieForm, k: number) => f.values[k].trim().toLowerCase() === f.want[k].toLowerCase();

export function drawMovieForm(f: MovieForm, page: Page): void {
  if (f.title) page.add('heading', f.title);
  for (const k of f.order) {
    const label = f.labels[k];
    if (f.style === 'before') page.add('text', label);
    page.add('textbox', f.style === 'name' ? label : '', { value: f.values[k] }, onFill((t) => void (f.values[k] = t)));
    if (f.style === 'after') page.add('text', label);
  }
  page.add('button', f.button, undefined, onClick(() => page.end(matches(f, 0) && matches(f, 1) && matches(f, 2))));
}

export const movieProgress = (f: MovieForm): number => (0.9 * [0, 1, 2].filter((k) => matches(f, k)).length) / 3;

/** Fills the first wrong field in display order, then submits. */
export function movieExpert(f: MovieForm, page: Page): string {
  const boxes = page.elements.filter((e) => e.role === 'textbox');
  for (let pos = 0; pos < 3; pos++) {
    const k = f.order[pos];
    if (!matches(f, k)) return `fill(${boxes[pos].id}, "${f.want[k]}")`;
  }
  return `click(${page.idOf('button', f.button)})`;
}
