// Edge cases of the movie-search form that multi-orderings and multi-layouts share (issue 21's mutation pass): the
// field orders, the wanted search on a scripted random stream, the form drawn in each label style, the fields'
// handlers, Submit with each field right or wrong, how a field matches (case and outer spaces), progress and the
// expert's first wrong field in display order. Values are worked out by hand.
import { describe, expect, it } from 'vitest';
import { poolsOf } from '../../src/envs/split';
import { FIELD_ORDERS, drawMovieForm, movieExpert, movieProgress, movieWant, type MovieForm } from '../../src/envs/web/movie-search';
import { defineWebTask } from '../../src/envs/web/page';
import { scripted } from '../support/scripted-rng';
import { envWith, lines } from '../support/web-family';
import { Page } from '../../src/envs/web/page';

/** A form by hand: wanted (Drama, Nolan, 1999), the given values, fields in `order`. */
function form(values: [string, string, string] = ['', '', ''], order = [0, 1, 2], style: MovieForm['style'] = 'name', title = 'Movies'): MovieForm {
  return { want: ['Drama', 'Nolan', '1999'], values, order, labels: ['Genre', 'Director', 'Year'], style, button: 'Go', title };
}

const formTask = defineWebTask<MovieForm>({
  id: 'movie-form-test',
  description: 'the shared movie-search form alone',
  maxTurns: 6,
  options: [],
  miniwob: null,
  init: () => ({ goal: '', state: form() }),
  draw: drawMovieForm,
  progress: movieProgress,
  expert: movieExpert,
});

const drawnForm = (f: MovieForm): string[] => {
  const page = new Page();
  drawMovieForm(f, page);
  page.finish();
  return lines(page);
};

describe('movie-search: the field orders and the wanted search', () => {
  it('lists the six orders of three fields', () => {
    expect(FIELD_ORDERS).toEqual([[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]);
  });

  it('a genre and a director of the split, a year from 1970 to 2018', () => {
    // train: genre 1 (adventure), director 2 (Abshire), year 1970 + 48
    let rng = scripted([1, 2, 48]);
    expect(movieWant(rng, poolsOf('train'))).toEqual({ goal: 'Search for adventure movies directed by Abshire from year 2018.', want: ['adventure', 'Abshire', '2018'] });
    expect(rng.asked).toEqual(['int(36)', 'int(341)', 'int(49)']);
    // test: genre 0 (historical), director 0 (Adams), year 1970
    rng = scripted([0, 0, 0]);
    expect(movieWant(rng, poolsOf('test')).want).toEqual(['historical', 'Adams', '1970']);
  });
});

describe('movie-search: the form drawn', () => {
  it('labels as the fields\' names: the title, the fields in display order, the button', () => {
    expect(drawnForm(form(['', 'x', ''], [2, 0, 1]))).toEqual([
      "1 heading 'Movies'", "2 textbox 'Year' = \"\"", "3 textbox 'Genre' = \"\"", "4 textbox 'Director' = \"x\"", "5 button 'Go'",
    ]);
  });

  it('labels as text before or after unnamed fields; no heading without a title', () => {
    expect(drawnForm(form(['', '', ''], [1, 0, 2], 'before', ''))).toEqual([
      "1 text 'Director'", "2 textbox '' = \"\"", "3 text 'Genre'", "4 textbox '' = \"\"", "5 text 'Year'", "6 textbox '' = \"\"", "7 button 'Go'",
    ]);
    expect(drawnForm(form(['', '', ''], [0, 1, 2], 'after', ''))).toEqual([
      "1 textbox '' = \"\"", "2 text 'Genre'", "3 textbox '' = \"\"", "4 text 'Director'", "5 textbox '' = \"\"", "6 text 'Year'", "7 button 'Go'",
    ]);
  });

  it('each field writes its own value, wherever it is shown', () => {
    const env = envWith(formTask, form(['', '', ''], [2, 0, 1]));
    env.step('fill(2, "1999")');
    env.step('fill(4, "Nolan")');
    expect(env.state.values).toEqual(['', 'Nolan', '1999']);
    expect(env.step('fill(3, "Drama")').terminated).toBe(false);
    expect(env.state.values).toEqual(['Drama', 'Nolan', '1999']);
  });
});

describe('movie-search: Submit, matching and progress', () => {
  it('succeeds only with all three right; one wrong field fails for good', () => {
    const cases: [[string, string, string], boolean][] = [
      [['Drama', 'Nolan', '1999'], true],
      [['Dram', 'Nolan', '1999'], false],
      [['Drama', 'Nola', '1999'], false],
      [['Drama', 'Nolan', '1998'], false],
      [['', '', ''], false],
    ];
    for (const [values, success] of cases) {
      const r = envWith(formTask, form(values)).step('click(5)');
      expect(r, values.join('|')).toMatchObject({ terminated: true, reward: success ? 1 : 0, info: { success } });
    }
  });

  it('a field matches whatever its case and outer spaces', () => {
    expect(envWith(formTask, form(['  dRAMA ', 'NOLAN', ' 1999'])).step('click(5)').info.success).toBe(true);
    expect(movieProgress(form(['drama', 'nolan ', '1999 ']))).toBe(0.9);
    expect(movieProgress(form(['DRAMA', ' Nolan', '1999']))).toBe(0.9);
    // spaces inside are not trimmed
    expect(movieProgress(form(['Dr ama', '', '']))).toBe(0);
  });

  it('progress is 0.3 for each right field', () => {
    expect(movieProgress(form())).toBe(0);
    expect(movieProgress(form(['Drama', '', '']))).toBeCloseTo(0.3, 12);
    expect(movieProgress(form(['', 'Nolan', '']))).toBeCloseTo(0.3, 12);
    expect(movieProgress(form(['', '', '1999']))).toBeCloseTo(0.3, 12);
    expect(movieProgress(form(['', 'Nolan', '1999']))).toBeCloseTo(0.6, 12);
    expect(movieProgress(form(['Drama', 'Nolan', '1999']))).toBeCloseTo(0.9, 12);
  });
});

describe('movie-search: the expert', () => {
  it('fills the first wrong field in display order with the wanted text, then clicks the button', () => {
    // display order Year, Genre, Director
    const env = envWith(formTask, form(['', '', ''], [2, 0, 1]));
    expect(formTask.expert(env)).toBe('fill(2, "1999")');
    env.step('fill(2, "1999")');
    expect(formTask.expert(env)).toBe('fill(3, "Drama")');
    env.step('fill(3, "drama ")');
    expect(formTask.expert(env)).toBe('fill(4, "Nolan")');
    env.step('fill(4, "Nolan")');
    expect(formTask.expert(env)).toBe('click(5)');
  });

  it('counts only text boxes for the field ids: labels as text before them shift the ids', () => {
    const env = envWith(formTask, form(['Drama', '', ''], [0, 1, 2], 'before', 'Movies'));
    // heading 1, Genre text 2, box 3, Director text 4, box 5, Year text 6, box 7, button 8
    expect(formTask.expert(env)).toBe('fill(5, "Nolan")');
    env.state.values = ['Drama', 'Nolan', '1999'];
    expect(formTask.expert(env)).toBe('click(8)');
  });
});
