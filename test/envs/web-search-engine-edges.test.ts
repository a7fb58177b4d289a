// Edge cases of the search-engine family (issue 21's mutation pass): its options and levels, init on a scripted random
// stream (the term, its rank, each result's title and words, the decoys), the rules over seeds, the page before and
// after a search, on each result page and for another search, the page links, every click right and wrong, progress
// and the expert at each stage, and the turn limit. Values are worked out by hand.
import { describe, expect, it } from 'vitest';
import { LOREM_WORDS, PERSON_FIRST } from '../../src/envs/lexicon/english';
import { inSplit, poolsOf } from '../../src/envs/split';
import { searchEngine } from '../../src/envs/web/search-engine';
import { scripted } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';
import type { State } from '../../src/envs/web/search-engine';

const def = defOf<State>(searchEngine);
const train = poolsOf('train');

/** Ann is the 3rd of four results, two a page; nothing typed or searched yet. */
const state = (o: Partial<State> = {}): State => ({
  term: 'Ann',
  rank: 2,
  results: [{ title: 'Bo', desc: 'b b' }, { title: 'Cy', desc: 'c c' }, { title: 'Ann', desc: 'a a' }, { title: 'Di', desc: 'd d' }],
  decoys: [{ title: 'Ed', desc: 'e e' }, { title: 'Flo', desc: 'f f' }],
  query: '',
  searched: null,
  perPage: 2,
  pageNo: 0,
  ...o,
});

describe('search-engine: the family', () => {
  it('says what it is, its turn limit, options and levels', () => {
    expect(searchEngine).toMatchObject({ id: 'search-engine', suite: 'web', family: 'search-engine', maxTurns: 8, miniwob: 'search-engine' });
    expect(searchEngine.description).toBe('Search for a name and click the result at the given rank, across result pages.');
    expect(searchEngine.lesson).toBeUndefined();
    expect(searchEngine.instanceKey).toBeUndefined();
    expect(searchEngine.options).toEqual([
      { name: 'perPage', doc: 'results on each page', kind: 'int', default: 3, min: 2, max: 5 },
      { name: 'pages', doc: 'pages of results', kind: 'int', default: 3, min: 1, max: 4 },
    ]);
    expect(searchEngine.levels).toEqual([
      { perPage: 3, pages: 1 }, { perPage: 3, pages: 2 }, { perPage: 3, pages: 3 }, { perPage: 4, pages: 4 }, { perPage: 5, pages: 4 },
    ]);
  });
});

describe('search-engine: init on a scripted stream', () => {
  it('the term, its rank, perPage x pages results (the ranked one titled the term), perPage decoys', () => {
    expect(train.words(PERSON_FIRST).slice(0, 3)).toEqual(['Aaliyah', 'Abbie', 'Abbigail']);
    expect(train.words(LOREM_WORDS).slice(0, 6)).toEqual(['abbas', 'abduco', 'abscido', 'absens', 'absque', 'abstergo']);
    // term 0, rank 2 of 4; results: (1; 2 words 0 1), (2; 3 words 2 3 4), (the term; 2 words 5 0), (1; 0 0);
    // decoys: (2; 1 1), (1; 3 words 2 2 2)
    const rng = scripted([0, 2, 1, 0, 0, 1, 2, 1, 2, 3, 4, 0, 5, 0, 1, 0, 0, 0, 2, 0, 1, 1, 1, 1, 2, 2, 2]);
    const { goal, state } = def.init(rng, { perPage: 2, pages: 2 }, train);
    expect(goal).toBe('Use the textbox to enter "Aaliyah" and press "Search", then find and click the 3rd search result.');
    expect(state).toEqual({
      term: 'Aaliyah',
      rank: 2,
      results: [
        { title: 'Abbie', desc: 'abbas abduco' },
        { title: 'Abbigail', desc: 'abscido absens absque' },
        { title: 'Aaliyah', desc: 'abstergo abbas' },
        { title: 'Abbie', desc: 'abbas abbas' },
      ],
      decoys: [{ title: 'Abbigail', desc: 'abduco abduco' }, { title: 'Abbie', desc: 'abscido abscido abscido' }],
      query: '',
      searched: null,
      perPage: 2,
      pageNo: 0,
    });
    const n = 'int(2199)';
    expect(rng.asked).toEqual([
      n, 'int(4)',
      n, 'int(2)', 'int(690)', 'int(690)', n, 'int(2)', 'int(690)', 'int(690)', 'int(690)', 'int(2)', 'int(690)', 'int(690)', n, 'int(2)', 'int(690)', 'int(690)',
      n, 'int(2)', 'int(690)', 'int(690)', n, 'int(2)', 'int(690)', 'int(690)', 'int(690)',
    ]);
    expect(rng.left).toEqual([]);
  });
});

describe('search-engine: over seeds', () => {
  it('names and words of the split, the term at its rank, every rank, as many results and decoys as asked', () => {
    for (const split of ['train', 'test'] as const) {
      const ranks = new Set<number>();
      for (let seed = 0; seed < 60; seed++) {
        const env = searchEngine.create();
        env.reset({ seed, split, options: { perPage: 2, pages: 3 } });
        const s = (env as unknown as { state: State }).state;
        expect([s.results.length, s.decoys.length, s.perPage, s.pageNo, s.query, s.searched]).toEqual([6, 2, 2, 0, '', null]);
        expect(s.results[s.rank].title).toBe(s.term);
        ranks.add(s.rank);
        for (const r of [...s.results, ...s.decoys]) {
          const words = r.desc.split(' ');
          expect(words.length === 2 || words.length === 3).toBe(true);
          for (const w of [r.title, ...words]) expect(inSplit(w, split)).toBe(true);
        }
      }
      expect([...ranks].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    }
  });
});

describe('search-engine: the page and its handlers', () => {
  it('before a search: the box and the button only', () => {
    expect(lines(drawn(def, state({ query: 'x' })))).toEqual(["1 textbox 'Search' = \"x\"", "2 button 'Search'"]);
  });

  it('after a search for the term (any case): the page\'s results, each with its words under it, and the page links', () => {
    expect(lines(drawn(def, state({ query: 'ann', searched: 'ann' })))).toEqual([
      "1 textbox 'Search' = \"ann\"", "2 button 'Search'",
      "3 link 'Bo'", "4 text 'b b' depth 1", "5 link 'Cy'", "6 text 'c c' depth 1",
      "7 link '1' [selected]", "8 link '2' []",
    ]);
    expect(lines(drawn(def, state({ searched: 'Ann', pageNo: 1 }))).slice(2)).toEqual([
      "3 link 'Ann'", "4 text 'a a' depth 1", "5 link 'Di'", "6 text 'd d' depth 1", "7 link '1' []", "8 link '2' [selected]",
    ]);
    // three a page: one page, no links; the last page holds what is left
    expect(lines(drawn(def, state({ searched: 'Ann', perPage: 3 }))).slice(2)).toEqual([
      "3 link 'Bo'", "4 text 'b b' depth 1", "5 link 'Cy'", "6 text 'c c' depth 1", "7 link 'Ann'", "8 text 'a a' depth 1",
      "9 link '1' [selected]", "10 link '2' []",
    ]);
    expect(lines(drawn(def, state({ searched: 'Ann', perPage: 3, pageNo: 1 }))).slice(2)).toEqual([
      "3 link 'Di'", "4 text 'd d' depth 1", "5 link '1' []", "6 link '2' [selected]",
    ]);
  });

  it('after another search: the decoys, one page without links', () => {
    expect(lines(drawn(def, state({ searched: 'Anne' }))).slice(2)).toEqual(["3 link 'Ed'", "4 text 'e e' depth 1", "5 link 'Flo'", "6 text 'f f' depth 1"]);
    expect(lines(drawn(def, state({ searched: '' }))).slice(2)).toEqual(["3 link 'Ed'", "4 text 'e e' depth 1", "5 link 'Flo'", "6 text 'f f' depth 1"]);
  });

  it('fill types, Search searches the trimmed text from the first page, a page link turns the page', () => {
    const env = envWith(searchEngine, state());
    expect(env.step('fill(1, " ann ")').info.lastActionError).toBeUndefined();
    expect([env.state.query, env.state.searched]).toEqual([' ann ', null]);
    env.step('click(2)');
    expect(env.state.searched).toBe('ann');
    env.step('click(8)');
    expect(env.state.pageNo).toBe(1);
    env.step('click(7)');
    expect(env.state.pageNo).toBe(0);
    env.step('click(8)');
    env.step('click(2)');
    expect([env.state.searched, env.state.pageNo]).toEqual(['ann', 0]);
    expect(env.step('click(4)').info.lastActionError).toBe("click(4): element 4 (text 'b b') cannot be clicked");
  });

  it('the term\'s result at its rank succeeds; another result, or a decoy at that place, fails for good', () => {
    const click = (o: Partial<State>, id: number) => envWith(searchEngine, state(o)).step(`click(${id})`);
    expect(click({ searched: 'Ann', pageNo: 1 }, 3)).toMatchObject({ terminated: true, reward: 1, info: { success: true } });
    expect(click({ searched: 'Ann', pageNo: 1 }, 5)).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
    // the 3rd place on page 1 is Bo's
    expect(click({ searched: 'Ann', pageNo: 0, rank: 0 }, 3)).toMatchObject({ terminated: true, reward: 1 });
    expect(click({ searched: 'Ann', pageNo: 0 }, 3)).toMatchObject({ terminated: true, reward: 0 });
    expect(click({ searched: 'Ann', pageNo: 0, rank: 1 }, 5)).toMatchObject({ terminated: true, reward: 1 });
    // a decoy at the rank's place
    expect(click({ searched: 'Bo', rank: 0 }, 3)).toMatchObject({ terminated: true, reward: 0 });
  });

  it('progress: 0.2 with the term typed exactly, 0.4 once found, 0.6 on the rank\'s page, 1 once clicked', () => {
    expect(def.progress(state())).toBe(0);
    expect(def.progress(state({ query: 'Ann' }))).toBe(0.2);
    expect(def.progress(state({ query: 'ann' }))).toBe(0);
    expect(def.progress(state({ query: 'Ann', searched: 'Bo' }))).toBe(0.2);
    expect(def.progress(state({ searched: 'ANN' }))).toBe(0.4);
    expect(def.progress(state({ searched: 'Ann', pageNo: 1 }))).toBe(0.6);
    expect(def.progress(state({ searched: 'Ann', rank: 1 }))).toBe(0.6);
    expect(envWith(searchEngine, state({ searched: 'Ann', pageNo: 1 })).step('click(3)').info.progress).toBe(1);
  });

  it('the expert types the term, searches, turns to the rank\'s page and clicks its result', () => {
    const env = envWith(searchEngine, state());
    const steps: string[] = [];
    for (let t = 0; t < 5 && !env.step((steps[t] = searchEngine.expert(env))).terminated; t++);
    expect(steps).toEqual(['fill(1, "Ann")', 'click(2)', 'click(8)', 'click(3)']);
    expect(env.state.pageNo).toBe(1);
    // typed but not searched, or searched for something else: search; a wrong text typed: type the term
    expect(searchEngine.expert(envWith(searchEngine, state({ query: 'Ann', searched: 'Bo' })))).toBe('click(2)');
    expect(searchEngine.expert(envWith(searchEngine, state({ query: 'Bo', searched: 'Bo' })))).toBe('fill(1, "Ann")');
    expect(searchEngine.expert(envWith(searchEngine, state({ searched: 'Ann', pageNo: 1, rank: 3 })))).toBe('click(5)');
    expect(searchEngine.expert(envWith(searchEngine, state({ searched: 'Ann', pageNo: 1, rank: 1 })))).toBe('click(7)');
    expect(searchEngine.expert(envWith(searchEngine, state({ searched: 'Ann', rank: 1 })))).toBe('click(5)');
  });

  it('ends the episode after 8 turns, truncated', () => {
    const env = envWith(searchEngine, state());
    for (let t = 1; t < 8; t++) expect(env.step('fill(1, "z")').truncated).toBe(false);
    expect(env.step('fill(1, "z")')).toMatchObject({ terminated: false, truncated: true });
  });
});
