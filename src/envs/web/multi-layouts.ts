// multi-layouts (MiniWoB++): the same movie-search form drawn in many layouts: labels as the fields' names or as
// text before or after them, in several wordings, with different titles and buttons; fill it and submit.

import { FIELD_ORDERS, drawMovieForm, movieExpert, movieProgress, movieWant, type LabelStyle, type MovieForm } from './movie-search';
import { levelTable } from '../levels';
import { intOption } from '../options';
import { Layouts } from './layout';
import { defineWebTask } from './page';

const STYLES: readonly LabelStyle[] = ['name', 'before', 'after'];
const WORDINGS: readonly (readonly [string, string, string])[] = [
  ['Genre', 'Director', 'Year'], ['Genre:', 'Director:', 'Year:'], ['Genre', 'Director Name', 'Year'],
  ['Movie Genre', 'Director Name', 'Released Date'], ['Kind', 'Made by', 'Released'],
];
const BUTTONS = ['Submit', 'Search', 'Go!', 'Find'];
const TITLES = ['', 'Movie Search', 'Find a Film'];
// Styles vary slowest, so the `styles` option can keep the first few.
const LAYOUTS = new Layouts('multi-layouts', [WORDINGS.length, BUTTONS.length, TITLES.length, FIELD_ORDERS.length, STYLES.length]);

const OPTIONS = [intOption('styles', 'label styles in play: 1 the fields\' names, 2 also text before them, 3 also text after them', 3, 1, 3)];

export const multiLayouts = defineWebTask<MovieForm>({
  id: 'multi-layouts',
  description: 'Fill a movie-search form drawn in one of many layouts, then press its button.',
  maxTurns: 6,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{ styles: 1 }, { styles: 2 }, { styles: 3 }]),
  miniwob: 'multi-layouts',
  init(rng, o, pools) {
    const { goal, want } = movieWant(rng, pools);
    const [wording, button, title, order, style] = LAYOUTS.draw(rng, pools, o.styles as number);
    return {
      goal,
      state: { want, values: ['', '', ''], order: FIELD_ORDERS[order], labels: WORDINGS[wording], style: STYLES[style], button: BUTTONS[button], title: TITLES[title] },
    };
  },
  draw: drawMovieForm,
  progress: movieProgress,
  expert: movieExpert,
});
