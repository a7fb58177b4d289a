// Edge cases of the click-tab-2 family (issue 21's mutation pass): its options and levels, init on a scripted random
// stream (one seed per tab, the target's tab, the target among that tab's links), panels made from their seeds only
// when shown, the page drawn, switching tabs, the right and wrong links, progress, the expert and the turn limit.
// Word i of a panel with seed s is draw r = mix32(s + (i + 1) * 0x9e3779b9): train's LOREM word r % (their count),
// a link when (r >>> 24) % every is 0 or i is mix32(s) % n. The draws below were tabulated once as word:class.
import { describe, expect, it } from 'vitest';
import { LOREM_WORDS } from '../../src/envs/lexicon/english';
import { inSplit, poolsOf } from '../../src/envs/split';
import { clickTab2 } from '../../src/envs/web/click-tab-2';
import { scripted } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';
import type { State } from '../../src/envs/web/click-tab-2';

const def = defOf<State>(clickTab2);
const train = poolsOf('train');
// seed 1, 6 words, every 3: asper:0 dolore:0 vomer:1 arx:1 tertius:2 error:1, forced 1
// seed 3, 6 words, every 3: acsi:0 uberrime:2 animus:2 cunabula:2 molestias:0 cognatus:0, forced 1 (uberrime)
// seed 7, 8 words, every 2: coerceo:1 celo:1 suffoco:1 validus:1 delibero:0 una:1 delicate:0 sollicito:1, forced 4
const state = (over: Partial<State> = {}): State => ({ split: 'train', words: 6, every: 3, seeds: [1, 3, 7], panels: [null, null, null], active: 0, target: 'uberrime', targetTab: 1, ...over });
const TAB1 = ["1 tab 'Tab #1' [selected]", "2 tab 'Tab #2' []", "3 tab 'Tab #3' []"];
const TAB2 = ["1 tab 'Tab #1' []", "2 tab 'Tab #2' [selected]", "3 tab 'Tab #3' []"];
const SEED1 = ["4 link 'asper' depth 1", "5 link 'dolore' depth 1", "6 text 'vomer arx tertius error' depth 1"];
const SEED3 = ["4 link 'acsi' depth 1", "5 link 'uberrime' depth 1", "6 text 'animus cunabula' depth 1", "7 link 'molestias' depth 1", "8 link 'cognatus' depth 1"];

describe('click-tab-2: the family', () => {
  it('says what it is, its turn limit, options and levels', () => {
    expect(clickTab2).toMatchObject({ id: 'click-tab-2', suite: 'web', family: 'click-tab-2', maxTurns: 6, miniwob: 'click-tab-2' });
    expect(clickTab2.description).toBe('Switch between tabs to find the named link and click it.');
    expect(clickTab2.options).toEqual([
      { name: 'tabs', doc: 'how many tabs', kind: 'int', default: 3, min: 2, max: 6 },
      { name: 'words', doc: 'words in each panel', kind: 'int', default: 14, min: 6, max: 30 },
      { name: 'links', doc: 'about one word in this many is a link', kind: 'int', default: 3, min: 2, max: 6 },
    ]);
    expect(clickTab2.levels?.map((l) => `${l.tabs} ${l.words} ${l.links}`)).toEqual(['2 8 4', '3 10 4', '3 14 3', '3 20 3', '4 20 3', '6 30 3']);
  });
});

describe('click-tab-2: init on a scripted stream', () => {
  it('a seed per tab, then the target tab, then one of its links; only that panel is made', () => {
    expect(train.words(LOREM_WORDS).length).toBeGreaterThan(600);
    const rng = scripted([1, 1]);
    const u32 = [1, 3, 7];
    rng.nextU32 = () => (rng.asked.push('u32'), u32.shift() as number);
    const r = def.init(rng, { tabs: 3, words: 6, links: 3 }, train);
    expect(r.goal).toBe('Switch between the tabs to find and click on the link "uberrime".');
    expect(rng.asked).toEqual(['u32', 'u32', 'u32', 'int(3)', 'int(4)']);
    expect(r.state).toEqual({
      split: 'train', words: 6, every: 3, seeds: [1, 3, 7], active: 0, target: 'uberrime', targetTab: 1,
      panels: [null, [{ link: true, text: 'acsi' }, { link: true, text: 'uberrime' }, { link: false, text: 'animus cunabula' }, { link: true, text: 'molestias' }, { link: true, text: 'cognatus' }], null],
    });
  });
});

describe('click-tab-2: over seeds', () => {
  it('the target a link of its tab, words of the split, every tab a target, tab 1 open', () => {
    for (const split of ['train', 'test'] as const) {
      const tabs = new Set<number>();
      for (let seed = 0; seed < 40; seed++) {
        const env = clickTab2.create();
        env.reset({ seed, split, options: { tabs: 3, words: 6, links: 6 } });
        const s = (env as unknown as { state: State }).state;
        tabs.add(s.targetTab);
        expect(s.active).toBe(0);
        const panel = s.panels[s.targetTab] ?? [];
        expect(panel.some((r) => r.link && r.text === s.target)).toBe(true);
        expect(panel.map((r) => r.text).join(' ').split(' ')).toHaveLength(6);
        for (const w of panel.map((r) => r.text).join(' ').split(' ')) expect(inSplit(w, split)).toBe(true);
      }
      expect([...tabs].sort()).toEqual([0, 1, 2]);
    }
  });
});

describe('click-tab-2: the page and its handlers', () => {
  it('draws the tabs, the open one selected, then its panel: links one word each, text runs merged', () => {
    expect(lines(drawn(def, state()))).toEqual([...TAB1, ...SEED1]);
    expect(lines(drawn(def, state({ active: 1 })))).toEqual([...TAB2, ...SEED3]);
    // an unselected tab says so (lines show only true keys)
    expect(drawn(def, state()).elements.slice(0, 3).map((e) => e.state)).toEqual([{ selected: true }, { selected: false }, { selected: false }]);
    // a panel starting with text; the forced word 4 was a link anyway
    expect(lines(drawn(def, state({ words: 8, every: 2, seeds: [7], panels: [null] })))).toEqual([
      "1 tab 'Tab #1' [selected]", "2 text 'coerceo celo suffoco validus' depth 1", "3 link 'delibero' depth 1", "4 text 'una' depth 1", "5 link 'delicate' depth 1", "6 text 'sollicito' depth 1",
    ]);
    // a panel made once is kept, not made again from the seed
    const s = state();
    drawn(def, s);
    expect(s.panels[0]).toEqual([{ link: true, text: 'asper' }, { link: true, text: 'dolore' }, { link: false, text: 'vomer arx tertius error' }]);
    s.seeds[0] = 3;
    expect(lines(drawn(def, s))).toEqual([...TAB1, ...SEED1]);
  });

  it('a tab opens its panel; the target link succeeds, another link fails, text cannot be clicked', () => {
    const env = envWith(clickTab2, state());
    expect(env.step('click(2)')).toMatchObject({ terminated: false, info: { progress: 0.5 } });
    expect(env.state.active).toBe(1);
    expect(env.step('click(6)').info.lastActionError).toBe("click(6): element 6 (text 'animus cunabula') cannot be clicked");
    expect(env.step('click(5)')).toMatchObject({ terminated: true, reward: 1, info: { success: true } });
    const wrong = envWith(clickTab2, state({ active: 1 }));
    expect(wrong.step('click(4)')).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
    const back = envWith(clickTab2, state({ active: 1 }));
    back.step('click(3)');
    expect(back.state.active).toBe(2);
  });

  it('progress is 0.5 while the open tab holds the link; the expert opens its tab, then clicks it; 6 turns', () => {
    expect(def.progress(state())).toBe(0);
    expect(def.progress(state({ active: 1 }))).toBe(0.5);
    expect(clickTab2.expert(envWith(clickTab2, state()))).toBe('click(2)');
    expect(clickTab2.expert(envWith(clickTab2, state({ active: 1 })))).toBe('click(5)');
    expect(clickTab2.expert(envWith(clickTab2, state({ active: 1, target: 'dolore', targetTab: 0 })))).toBe('click(1)');
    // a text run with the target's text is no link
    const text = state({ words: 8, every: 2, seeds: [7, 1], panels: [null, null], target: 'una', targetTab: 1 });
    expect(def.progress(text)).toBe(0);
    expect(clickTab2.expert(envWith(clickTab2, text))).toBe('click(2)');
    const t = envWith(clickTab2, state());
    for (let i = 0; i < 5; i++) expect(t.step('click(1)').truncated).toBe(false);
    expect(t.step('click(1)')).toMatchObject({ terminated: false, truncated: true });
  });
});
