// multi-orderings (MiniWoB++): a movie-search form whose genre, director and year fields come in a shuffled
// order; fill each with the goal's value and press Submit. Orderings and titles form the layouts of a split.

import { levelTable } from '../levels';
import { intOption } from '../options';
import { FIELD_ORDERS, drawMovieForm, movieExpert, movieProgress, movieWant, type MovieForm } from './movie-search';
import { Layouts } from './layout';
import { defineWebTask } from './page';

const TITLES = ['Movie Search', 'Find a Movie', 'Search Films', 'Movies'];
const LAYOUTS = new Layouts('multi-orderings', [FIELD_ORDERS.length, TITLES.length]);
const OPTIONS = [intOption('shuffled', 'the fields come in a shuffled order (0: always genre, director, year)', 1, 0, 1)];

export const multiOrderings = defineWebTask<MovieForm>({
  id: 'multi-orderings',
  description: 'Fill a movie-search form whose fields come in a shuffled order, then press Submit.',
  maxTurns: 6,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{ shuffled: 0 }, { shuffled: 1 }]),
  miniwob: 'multi-orderings',
  init(rng, o, pools) {
    const { goal, want } = movieWant(rng, pools);
    const [order, title] = LAYOUTS.draw(rng, pools);
    return {
      goal,
      state: { want, values: ['', '', ''], order: FIELD_ORDERS[o.shuffled ? order : 0], labels: ['Genre', 'Director', 'Year'], style: 'name', button: 'Submit', title: TITLES[title] },
    };
  },
  draw: drawMovieForm,
  progress: movieProgress,
  expert: movieExpert,
});
