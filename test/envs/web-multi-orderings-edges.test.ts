// Edge cases of the multi-orderings family (issue 21's mutation pass): its options and levels, init on a scripted
// random stream (the search, then the layout: a field order and a title, the order kept only when shuffled), the
// split's layouts over seeds, the page drawn, Submit, progress, the expert and the turn limit. Values are worked out
// by hand; the form itself is web-movie-search-edges'.
import { describe, expect, it } from 'vitest';
import { inSplit, poolsOf } from '../../src/envs/split';
import { layoutOf } from '../../src/envs/web/controls';
import type { MovieForm } from '../../src/envs/web/movie-search';
import { multiOrderings } from '../../src/envs/web/multi-orderings';
import { scripted } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';

const def = defOf<MovieForm>(multiOrderings);
const train = poolsOf('train');
const test = poolsOf('test');
const TITLES = ['Movie Search', 'Find a Movie', 'Search Films', 'Movies'];

describe('multi-orderings: the family', () => {
  it('says what it is, its turn limit, options and levels', () => {
    expect(multiOrderings).toMatchObject({ id: 'multi-orderings', suite: 'web', family: 'multi-orderings', maxTurns: 6, miniwob: 'multi-orderings' });
    expect(multiOrderings.description).toBe('Fill a movie-search form whose fields come in a shuffled order, then press Submit.');
    expect(multiOrderings.lesson).toBeUndefined();
    expect(multiOrderings.options).toEqual([
      { name: 'shuffled', doc: 'the fields come in a shuffled order (0: always genre, director, year)', kind: 'int', default: 1, min: 0, max: 1 },
    ]);
    expect(multiOrderings.levels).toEqual([{ shuffled: 0 }, { shuffled: 1 }]);
  });
});

describe('multi-orderings: init on a scripted stream', () => {
  it('the search, then a layout of 6 orders x 4 titles (order fastest); the order kept only when shuffled', () => {
    // train's layouts 0 and 1 are 18 and 22: order 18 % 6 = 0, title 3 (Movies); order 22 % 6 = 4, title 3
    expect([0, 1].map((v) => layoutOf(scripted([v]), train, 'multi-orderings', 24))).toEqual([18, 22]);
    const rng = scripted([1, 2, 48, 1]);
    const { goal, state } = def.init(rng, { shuffled: 1 }, train);
    expect(goal).toBe('Search for adventure movies directed by Abshire from year 2018.');
    expect(state).toEqual({
      want: ['adventure', 'Abshire', '2018'],
      values: ['', '', ''],
      order: [2, 0, 1],
      labels: ['Genre', 'Director', 'Year'],
      style: 'name',
      button: 'Submit',
      title: 'Movies',
    });
    expect(rng.asked).toEqual(['int(36)', 'int(341)', 'int(49)', 'int(18)']);
    // the same draws unshuffled: genre, director, year
    expect(def.init(scripted([1, 2, 48, 1]), { shuffled: 0 }, train).state.order).toEqual([0, 1, 2]);
  });

  it('the test split: layout 11 is order 5 (year, director, genre) under Find a Movie', () => {
    expect(layoutOf(scripted([0]), test, 'multi-orderings', 24)).toBe(11);
    const rng = scripted([0, 0, 0, 0]);
    const { state } = def.init(rng, { shuffled: 1 }, test);
    expect([state.order, state.title]).toEqual([[2, 1, 0], 'Find a Movie']);
    expect(rng.asked[3]).toBe('int(6)');
  });
});

describe('multi-orderings: over seeds', () => {
  it('the test split holds 6 of the 24 (order, title) layouts, train the other 18; searches of the split', () => {
    const seen = (split: 'train' | 'test', shuffled: number) => {
      const out = new Set<string>();
      for (let seed = 0; seed < 150; seed++) {
        const env = multiOrderings.create();
        env.reset({ seed, split, options: { shuffled } });
        const s = (env as unknown as { state: MovieForm }).state;
        expect(inSplit(s.want[0], split)).toBe(true);
        expect(inSplit(s.want[1], split)).toBe(true);
        out.add(`${s.order.join('')} ${s.title}`);
      }
      return out;
    };
    const testSet = seen('test', 1);
    const trainSet = seen('train', 1);
    expect(testSet.size).toBe(6);
    expect(trainSet.size).toBe(18);
    for (const l of testSet) expect(trainSet.has(l)).toBe(false);
    expect(new Set([...trainSet, ...testSet].map((l) => l.slice(4)))).toEqual(new Set(TITLES));
    expect([...seen('train', 0)].every((l) => l.startsWith('012 '))).toBe(true);
  });
});

describe('multi-orderings: the page and its handlers', () => {
  const state = (values: MovieForm['values'] = ['', '', '']): MovieForm => ({
    want: ['comedy', 'Abbott', '1984'], values, order: [1, 2, 0], labels: ['Genre', 'Director', 'Year'], style: 'name', button: 'Submit', title: 'Movies',
  });

  it('draws the title, the fields in the drawn order, Submit', () => {
    expect(lines(drawn(def, state()))).toEqual([
      "1 heading 'Movies'", "2 textbox 'Director' = \"\"", "3 textbox 'Year' = \"\"", "4 textbox 'Genre' = \"\"", "5 button 'Submit'",
    ]);
  });

  it('the expert fills in display order and submits; progress climbs by 0.3; Submit wins', () => {
    const env = envWith(multiOrderings, state());
    const actions: string[] = [];
    const progress: number[] = [];
    for (let t = 0; t < 4; t++) {
      const a = multiOrderings.expert(env);
      actions.push(a);
      const r = env.step(a);
      progress.push(Math.round(r.info.progress as number * 10) / 10);
      if (t === 3) expect(r).toMatchObject({ terminated: true, reward: 1 });
    }
    expect(actions).toEqual(['fill(2, "Abbott")', 'fill(3, "1984")', 'fill(4, "comedy")', 'click(5)']);
    expect(progress).toEqual([0.3, 0.6, 0.9, 1]);
    expect(envWith(multiOrderings, state(['comedy', 'Abbott', '1985'])).step('click(5)')).toMatchObject({ terminated: true, reward: 0 });
  });

  it('ends after 6 turns, truncated', () => {
    const env = envWith(multiOrderings, state());
    for (let t = 1; t < 6; t++) expect(env.step('fill(2, "z")').truncated).toBe(false);
    expect(env.step('fill(2, "z")')).toMatchObject({ terminated: false, truncated: true });
  });
});
