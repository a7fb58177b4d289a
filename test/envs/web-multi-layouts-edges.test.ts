// Edge cases of the multi-layouts family (issue 21's mutation pass): its options and levels, init on a scripted
// random stream (the search, then a layout of wording x button x title x order x style, the styles option keeping
// the first few styles), every wording, button, title and style over seeds, the page in a drawn layout, the expert
// and Submit, and the turn limit. Values are worked out by hand; the form itself is web-movie-search-edges'.
import { describe, expect, it } from 'vitest';
import { poolsOf } from '../../src/envs/split';
import { layoutOf } from '../../src/envs/web/controls';
import type { MovieForm } from '../../src/envs/web/movie-search';
import { multiLayouts } from '../../src/envs/web/multi-layouts';
import { scripted } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';

const def = defOf<MovieForm>(multiLayouts);
const train = poolsOf('train');
const test = poolsOf('test');

describe('multi-layouts: the family', () => {
  it('says what it is, its turn limit, options and levels', () => {
    expect(multiLayouts).toMatchObject({ id: 'multi-layouts', suite: 'web', family: 'multi-layouts', maxTurns: 6, miniwob: 'multi-layouts' });
    expect(multiLayouts.description).toBe('Fill a movie-search form drawn in one of many layouts, then press its button.');
    expect(multiLayouts.options).toEqual([
      { name: 'styles', doc: "label styles in play: 1 the fields' names, 2 also text before them, 3 also text after them", kind: 'int', default: 3, min: 1, max: 3 },
    ]);
    expect(multiLayouts.levels).toEqual([{ styles: 1 }, { styles: 2 }, { styles: 3 }]);
  });
});

describe('multi-layouts: init on a scripted stream', () => {
  // A layout's number decodes wording (of 5) fastest, then button (4), title (3), order (6), style (3).
  it('three styles: train layout 0 is 342, layout 1 is 444', () => {
    expect([0, 1].map((v) => layoutOf(scripted([v]), train, 'multi-layouts', 1080))).toEqual([342, 444]);
    // 342: wording 2, then 68: button 0, then 17: title 2, then 5: order 5, style 0
    let rng = scripted([1, 2, 48, 0]);
    const { goal, state } = def.init(rng, { styles: 3 }, train);
    expect(goal).toBe('Search for adventure movies directed by Abshire from year 2018.');
    expect(state).toEqual({
      want: ['adventure', 'Abshire', '2018'],
      values: ['', '', ''],
      order: [2, 1, 0],
      labels: ['Genre', 'Director Name', 'Year'],
      style: 'name',
      button: 'Submit',
      title: 'Find a Film',
    });
    expect(rng.asked).toEqual(['int(36)', 'int(341)', 'int(49)', 'int(810)']);
    // 444: wording 4, then 88: button 0, then 22: title 1, then 7: order 1, style 1
    rng = scripted([0, 0, 0, 1]);
    expect(def.init(rng, { styles: 3 }, train).state).toMatchObject({
      order: [0, 2, 1], labels: ['Kind', 'Made by', 'Released'], style: 'before', button: 'Submit', title: 'Movie Search',
    });
  });

  it('one style keeps a third of the layouts: train layout 0 of 360 is 226; test layout 1 is 18', () => {
    expect(layoutOf(scripted([0]), train, 'multi-layouts', 360)).toBe(226);
    // 226: wording 1, then 45: button 1, then 11: title 2, then 3: order 3, style 0
    let rng = scripted([0, 0, 0, 0]);
    expect(def.init(rng, { styles: 1 }, train).state).toMatchObject({
      order: [1, 2, 0], labels: ['Genre:', 'Director:', 'Year:'], style: 'name', button: 'Search', title: 'Find a Film',
    });
    expect(rng.asked[3]).toBe('int(270)');
    expect(layoutOf(scripted([1]), test, 'multi-layouts', 360)).toBe(18);
    // 18: wording 3, then 3: button 3, then 0: title 0, order 0, style 0
    rng = scripted([0, 0, 0, 1]);
    expect(def.init(rng, { styles: 1 }, test).state).toMatchObject({
      order: [0, 1, 2], labels: ['Movie Genre', 'Director Name', 'Released Date'], style: 'name', button: 'Find', title: '',
    });
    expect(rng.asked[3]).toBe('int(90)');
    // two styles: 720 layouts, 540 of them train's
    rng = scripted([0, 0, 0, 0]);
    def.init(rng, { styles: 2 }, train);
    expect(rng.asked[3]).toBe('int(540)');
  });
});

describe('multi-layouts: over seeds', () => {
  it('every wording, button, title and order in play; the styles option keeps the first 1, 2 or 3 styles', () => {
    const seen = (styles: number) => {
      const out = { labels: new Set<string>(), button: new Set<string>(), title: new Set<string>(), order: new Set<string>(), style: new Set<string>() };
      for (const split of ['train', 'test'] as const) {
        for (let seed = 0; seed < 150; seed++) {
          const env = multiLayouts.create();
          env.reset({ seed, split, options: { styles } });
          const s = (env as unknown as { state: MovieForm }).state;
          out.labels.add(s.labels.join('|'));
          out.button.add(s.button);
          out.title.add(s.title);
          out.order.add(s.order.join(''));
          out.style.add(s.style);
        }
      }
      return out;
    };
    const all = seen(3);
    expect([...all.labels].sort()).toEqual(['Genre:|Director:|Year:', 'Genre|Director Name|Year', 'Genre|Director|Year', 'Kind|Made by|Released', 'Movie Genre|Director Name|Released Date']);
    expect([...all.button].sort()).toEqual(['Find', 'Go!', 'Search', 'Submit']);
    expect([...all.title].sort()).toEqual(['', 'Find a Film', 'Movie Search']);
    expect([...all.order].sort()).toEqual(['012', '021', '102', '120', '201', '210']);
    expect([...all.style].sort()).toEqual(['after', 'before', 'name']);
    expect([...seen(2).style].sort()).toEqual(['before', 'name']);
    expect([...seen(1).style]).toEqual(['name']);
  });
});

describe('multi-layouts: the page and its handlers', () => {
  const state = (): MovieForm => ({
    want: ['comedy', 'Abbott', '1984'], values: ['', '', ''], order: [0, 2, 1], labels: ['Kind', 'Made by', 'Released'], style: 'after', button: 'Go!', title: '',
  });

  it('draws the fields with their labels after them, then the button', () => {
    expect(lines(drawn(def, state()))).toEqual([
      "1 textbox '' = \"\"", "2 text 'Kind'", "3 textbox '' = \"\"", "4 text 'Released'", "5 textbox '' = \"\"", "6 text 'Made by'", "7 button 'Go!'",
    ]);
  });

  it('the expert fills the boxes in display order, then presses the button, which wins', () => {
    const env = envWith(multiLayouts, state());
    const actions: string[] = [];
    for (let t = 0; t < 4; t++) {
      const a = multiLayouts.expert(env);
      actions.push(a);
      const r = env.step(a);
      if (t === 3) expect(r).toMatchObject({ terminated: true, reward: 1 });
    }
    expect(actions).toEqual(['fill(1, "comedy")', 'fill(3, "1984")', 'fill(5, "Abbott")', 'click(7)']);
  });

  it('ends after 6 turns, truncated', () => {
    const env = envWith(multiLayouts, state());
    for (let t = 1; t < 6; t++) expect(env.step('fill(1, "z")').truncated).toBe(false);
    expect(env.step('fill(1, "z")')).toMatchObject({ terminated: false, truncated: true });
  });
});
