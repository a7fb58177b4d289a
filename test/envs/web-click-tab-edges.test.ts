// Edge cases of the click-tab family (issue 21's mutation pass): its options and levels, init on a scripted random
// stream (the target, another tab open at the start, the panel's filler words), the rules over seeds, the page drawn,
// the right and a wrong tab, progress, the expert and the turn limit. Values are worked out by hand.
import { describe, expect, it } from 'vitest';
import { LOREM_WORDS } from '../../src/envs/lexicon/english';
import { inSplit, poolsOf } from '../../src/envs/split';
import { clickTab } from '../../src/envs/web/click-tab';
import { scripted } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';
import type { State } from '../../src/envs/web/click-tab';

const def = defOf<State>(clickTab);
const train = poolsOf('train');
const state = (): State => ({ tabs: 3, panel: 'lorem ipsum dolor', active: 0, target: 1 });

describe('click-tab: the family', () => {
  it('says what it is, its turn limit, options and levels; a lesson keyed by goal and page', () => {
    expect(clickTab).toMatchObject({ id: 'click-tab', suite: 'web', family: 'click-tab', maxTurns: 3, miniwob: 'click-tab', lesson: true, instanceKey: 'goal+observation' });
    expect(clickTab.description).toBe('Click on the tab with the given number.');
    expect(clickTab.options).toEqual([
      { name: 'tabs', doc: 'how many tabs', kind: 'int', default: 3, min: 2, max: 6 },
      { name: 'words', doc: 'filler words in each panel', kind: 'int', default: 12, min: 4, max: 20 },
    ]);
    expect(clickTab.levels).toEqual([{ tabs: 2, words: 8 }, { tabs: 3, words: 12 }, { tabs: 4, words: 12 }, { tabs: 6, words: 20 }]);
  });
});

describe('click-tab: init on a scripted stream', () => {
  it('the target, then the open tab 1 to n - 1 tabs on from it (wrapping), then the filler', () => {
    // target 2; the open tab 1 + 1 = 2 on: (2 + 2) % 3 = 1; lorem words 0-3
    expect(train.words(LOREM_WORDS).slice(0, 4)).toEqual(['abbas', 'abduco', 'abscido', 'absens']);
    let rng = scripted([2, 1, 0, 1, 2, 3]);
    let r = def.init(rng, { tabs: 3, words: 4 }, train);
    expect(r.goal).toBe('Click on Tab #3.');
    expect(r.state).toEqual({ tabs: 3, panel: 'abbas abduco abscido absens', active: 1, target: 2 });
    expect(rng.asked).toEqual(['int(3)', 'int(2)', 'int(690)', 'int(690)', 'int(690)', 'int(690)']);
    // two tabs: the other one is open; six tabs, 3 on from target 4 wraps to 1
    rng = scripted([1, 0, 0, 0, 0, 0]);
    r = def.init(rng, { tabs: 2, words: 4 }, train);
    expect([r.goal, r.state.active, r.state.target]).toEqual(['Click on Tab #2.', 0, 1]);
    expect(rng.asked.slice(0, 2)).toEqual(['int(2)', 'int(1)']);
    r = def.init(scripted([4, 2, 0, 0, 0, 0]), { tabs: 6, words: 4 }, train);
    expect([r.state.active, r.state.target]).toEqual([1, 4]);
  });
});

describe('click-tab: over seeds', () => {
  it('another tab open, every tab a target, as many filler words as asked, of the split', () => {
    for (const split of ['train', 'test'] as const) {
      const targets = new Set<number>();
      for (let seed = 0; seed < 60; seed++) {
        const env = clickTab.create();
        env.reset({ seed, split, options: { tabs: 4, words: 5 } });
        const s = (env as unknown as { state: State }).state;
        expect(s.active).not.toBe(s.target);
        expect(s.active).toBeGreaterThanOrEqual(0);
        expect(s.active).toBeLessThan(4);
        targets.add(s.target);
        const words = s.panel.split(' ');
        expect(words).toHaveLength(5);
        for (const w of words) expect(inSplit(w, split)).toBe(true);
      }
      expect([...targets].sort()).toEqual([0, 1, 2, 3]);
    }
  });
});

describe('click-tab: the page and its handlers', () => {
  it('draws the tabs, the open one selected, then the panel one level under them', () => {
    expect(lines(drawn(def, state()))).toEqual(["1 tab 'Tab #1' [selected]", "2 tab 'Tab #2' []", "3 tab 'Tab #3' []", "4 text 'lorem ipsum dolor' depth 1"]);
  });

  it('the named tab succeeds; any other tab, the open one too, fails for good', () => {
    expect(envWith(clickTab, state()).step('click(2)')).toMatchObject({ terminated: true, reward: 1, info: { success: true } });
    expect(envWith(clickTab, state()).step('click(1)')).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
    expect(envWith(clickTab, state()).step('click(3)')).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
  });

  it('progress is 0 until the click; the expert clicks the named tab; 3 turns', () => {
    expect(def.progress(state())).toBe(0);
    const env = envWith(clickTab, state());
    expect(clickTab.expert(env)).toBe('click(2)');
    expect(env.step('click(4)').info).toMatchObject({ progress: 0, lastActionError: "click(4): element 4 (text 'lorem ipsum dolor') cannot be clicked" });
    expect(env.step('click(4)').truncated).toBe(false);
    expect(env.step('click(4)')).toMatchObject({ terminated: false, truncated: true });
  });
});
