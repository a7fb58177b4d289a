// Edge cases of the click-collapsible-2 family (issue 21's mutation pass): its options and levels, init on a scripted
// random stream (the layout, the goal's section, the key that seeds every section, the goal's link), every layout of
// each split decoded to its header style and heading, sections written from their own stream only when first opened,
// the page with all closed and one open, toggling, the right and wrong links, progress, the expert and the turn limit.
// A section k of key K is written from Rng(`K/k`): n lorem words of the split, then one chance(0.2) per word (a link
// on true, and the last word a link when none was). Those draws, for 8 train words, were tabulated once as word:link:
//   1/0 universe:0 contigo:0 demonstro:0 addo:0 carmen:0 deleo:0 summa:1 nesciunt:1
//   1/1 suscipit:0 pel:0 certus:0 comes:0 aiunt:0 dolor:1 asper:0 tredecim:0
//   1/2 cervus:0 cognatus:1 commemoro:0 velut:1 corrigo:0 toties:1 super:0 vomito:1
//   2/1 vox:0 vorax:0 tepidus:0 tandem:0 creo:0 tamen:0 avaritia:0 vir:0     (no link drawn: the last word is one)
//   a/0 traho:1 utilis:0 una:1 repellat:0 ante:1 amoveo:0 concedo:0 corona:0 (linked already: corona stays text)
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng';
import { loremWords } from '../../src/envs/lexicon/lorem';
import { inSplit, poolsOf } from '../../src/envs/split';
import { clickCollapsible2 } from '../../src/envs/web/click-collapsible-2';
import { layoutOf } from '../../src/envs/web/controls';
import { scripted } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';
import type { State } from '../../src/envs/web/click-collapsible-2';

const def = defOf<State>(clickCollapsible2);
const train = poolsOf('train');
const test = poolsOf('test');
const HEADERS = ['Section #{n}', 'Part {n}', 'Chapter {n}', 'Topic {n}', 'Item {n}', 'Panel {n}', 'Question {n}', 'Entry {n}'];
const HEADINGS = ['', 'FAQ', 'Details', 'Notes', 'Help', 'Guide', 'Articles', 'Reading'];

const S10 = [{ link: false, text: 'universe contigo demonstro addo carmen deleo' }, { link: true, text: 'summa' }, { link: true, text: 'nesciunt' }];
const S11 = [{ link: false, text: 'suscipit pel certus comes aiunt' }, { link: true, text: 'dolor' }, { link: false, text: 'asper tredecim' }];

/** Three sections of key 1, 8 train words each, the goal's link 'dolor' in section 1 (written), all closed. */
const state = (over: Partial<State> = {}): State => ({
  sections: [null, S11.map((r) => ({ ...r })), null], home: 1, words: 8, key: '1', split: 'train',
  target: 'dolor', open: -1, header: 'Part {n}', heading: 'FAQ', ...over,
});
const TABS = ["2 tab 'Part 1' [collapsed]", "3 tab 'Part 2' [collapsed]", "4 tab 'Part 3' [collapsed]"];

describe('click-collapsible-2: the family', () => {
  it('says what it is, its turn limit, options and levels; a lesson keyed by goal and page', () => {
    expect(clickCollapsible2).toMatchObject({ id: 'click-collapsible-2', suite: 'web', family: 'click-collapsible-2', maxTurns: 4, miniwob: 'click-collapsible-2', instanceKey: 'goal+observation' });
    expect(clickCollapsible2.description).toBe('Open accordion sections to find the named link among filler text and click it.');
    expect(clickCollapsible2.options).toEqual([
      { name: 'sections', doc: 'sections in the accordion', kind: 'int', default: 4, min: 2, max: 6 },
      { name: 'words', doc: 'words in each section', kind: 'int', default: 16, min: 8, max: 30 },
    ]);
    expect(clickCollapsible2.levels).toEqual([{ sections: 2, words: 12 }, { sections: 3, words: 20 }, { sections: 4, words: 16 }, { sections: 6, words: 24 }]);
  });
});

describe('click-collapsible-2: the section stream', () => {
  it('the tabulated draws are those of Rng(key/k): the words first, then one chance per word', () => {
    const draws = (key: string) => {
      const rng = new Rng(key);
      const words = loremWords(rng, train, 8);
      return words.map((w) => `${w}:${rng.chance(0.2) ? 1 : 0}`).join(' ');
    };
    expect(draws('1/1')).toBe('suscipit:0 pel:0 certus:0 comes:0 aiunt:0 dolor:1 asper:0 tredecim:0');
    expect(draws('2/1')).toBe('vox:0 vorax:0 tepidus:0 tandem:0 creo:0 tamen:0 avaritia:0 vir:0');
    expect(draws('a/0')).toBe('traho:1 utilis:0 una:1 repellat:0 ante:1 amoveo:0 concedo:0 corona:0');
  });
});

describe('click-collapsible-2: init on a scripted stream', () => {
  it('the layout, the goal section, a key, then one of that section\'s links; only that section is written', () => {
    // train layout 0 is 26: header 26 % 8 = 2 (Chapter), heading 26 / 8 = 3 (Notes)
    expect(layoutOf(scripted([0]), train, 'click-collapsible-2', 64)).toBe(26);
    const rng = scripted([0, 2, 1]);
    rng.nextU32 = () => (rng.asked.push('u32'), 1);
    const r = def.init(rng, { sections: 3, words: 8 }, train);
    // section 2 of key 1: links cognatus, velut, toties, vomito; the second is the goal's
    expect(r.goal).toBe('Expand the sections below, to find and click on the link "velut".');
    expect(rng.asked).toEqual(['int(48)', 'int(3)', 'u32', 'int(4)']);
    expect(r.state).toEqual({
      sections: [null, null, [
        { link: false, text: 'cervus' }, { link: true, text: 'cognatus' }, { link: false, text: 'commemoro' }, { link: true, text: 'velut' },
        { link: false, text: 'corrigo' }, { link: true, text: 'toties' }, { link: false, text: 'super' }, { link: true, text: 'vomito' },
      ]],
      home: 2, words: 8, key: '1', split: 'train', target: 'velut', open: -1, header: 'Chapter {n}', heading: 'Notes',
    });
  });

  it('a section with no link drawn ends with one; a linked section keeps its last word as text', () => {
    let rng = scripted([0, 1, 0]);
    rng.nextU32 = () => 2;
    let r = def.init(rng, { sections: 2, words: 8 }, train);
    expect(r.state.sections[1]).toEqual([{ link: false, text: 'vox vorax tepidus tandem creo tamen avaritia' }, { link: true, text: 'vir' }]);
    expect(r.state.target).toBe('vir');
    expect(rng.asked.at(-1)).toBe('int(1)');
    // key 1, section 0: two links in a row stay two runs
    rng = scripted([0, 0, 1]);
    rng.nextU32 = () => 1;
    r = def.init(rng, { sections: 2, words: 8 }, train);
    expect(r.state.sections).toEqual([S10, null]);
    expect(r.state.target).toBe('nesciunt');
  });

  it('every layout of each split decodes to a header style and a heading; test holds 16 of the 64', () => {
    for (const [pools, count] of [[train, 48], [test, 16]] as const) {
      for (let i = 0; i < count; i++) {
        const code = layoutOf(scripted([i]), pools, 'click-collapsible-2', 64);
        const rng = scripted([i, 0, 0]);
        rng.nextU32 = () => 1;
        const { state } = def.init(rng, { sections: 2, words: 8 }, pools);
        expect([state.header, state.heading]).toEqual([HEADERS[code % 8], HEADINGS[Math.floor(code / 8)]]);
      }
    }
    // test's first layout is 6: Question, no heading
    expect(layoutOf(scripted([0]), test, 'click-collapsible-2', 64)).toBe(6);
  });
});

describe('click-collapsible-2: over seeds', () => {
  it('the goal a link of its section, words of the split, every section a home, all closed', () => {
    for (const split of ['train', 'test'] as const) {
      const homes = new Set<number>();
      for (let seed = 0; seed < 40; seed++) {
        const env = clickCollapsible2.create();
        env.reset({ seed, split, options: { sections: 3, words: 10 } });
        const s = (env as unknown as { state: State }).state;
        homes.add(s.home);
        expect([s.open, s.split, s.words]).toEqual([-1, split, 10]);
        expect(s.sections.filter((x) => x !== null)).toHaveLength(1);
        const runs = s.sections[s.home] ?? [];
        expect(runs.some((r) => r.link && r.text === s.target)).toBe(true);
        const words = runs.map((r) => r.text).join(' ').split(' ');
        expect(words).toHaveLength(10);
        for (const w of words) expect(inSplit(w, split)).toBe(true);
      }
      expect([...homes].sort()).toEqual([0, 1, 2]);
    }
  });
});

describe('click-collapsible-2: the page and its handlers', () => {
  it('draws the heading and the tabs, all collapsed; an open section\'s runs one level under its tab', () => {
    expect(lines(drawn(def, state()))).toEqual(["1 heading 'FAQ'", ...TABS]);
    expect(lines(drawn(def, state({ open: 1, heading: '' })))).toEqual([
      "1 tab 'Part 1' [collapsed]", "2 tab 'Part 2' [expanded]",
      "3 text 'suscipit pel certus comes aiunt' depth 1", "4 link 'dolor' depth 1", "5 text 'asper tredecim' depth 1",
      "6 tab 'Part 3' [collapsed]",
    ]);
    // a tab's state is one key: expanded or collapsed
    expect(drawn(def, state({ open: 1 })).elements.filter((e) => e.role === 'tab').map((e) => e.state)).toEqual([{ collapsed: true }, { expanded: true }, { collapsed: true }]);
  });

  it('names six sections in each header style', () => {
    for (const header of HEADERS) {
      const page = drawn(def, state({ header, heading: '', sections: Array(6).fill(null) }));
      expect(page.elements.map((e) => e.name)).toEqual([1, 2, 3, 4, 5, 6].map((n) => header.replace('{n}', String(n))));
    }
  });

  it('a tab opens its section, written then, and closes the one open; clicking the open tab closes it', () => {
    const env = envWith(clickCollapsible2, state());
    expect(env.step('click(2)')).toMatchObject({ terminated: false, reward: 0, info: { progress: 0 } });
    expect(env.state.open).toBe(0);
    expect(env.state.sections[0]).toEqual(S10);
    expect(env.state.sections[2]).toBeNull();
    // Part 1 open: its three runs follow it, so Part 2 is element 6
    expect(env.step('click(6)').info.progress).toBe(0.5);
    expect(env.state.open).toBe(1);
    expect(env.step('click(3)').info.progress).toBe(0);
    expect(env.state.open).toBe(-1);
    expect(env.state.sections[0]).toEqual(S10);
  });

  it('a section with a link before its last word keeps that word as text', () => {
    const env = envWith(clickCollapsible2, state({ key: 'a', heading: '', sections: [null, null, null] }));
    env.step('click(1)');
    expect(env.state.sections[0]).toEqual([
      { link: true, text: 'traho' }, { link: false, text: 'utilis' }, { link: true, text: 'una' }, { link: false, text: 'repellat' },
      { link: true, text: 'ante' }, { link: false, text: 'amoveo concedo corona' },
    ]);
  });

  it('a section written before is shown as it is, not written again from the key', () => {
    const env = envWith(clickCollapsible2, state({ sections: [[{ link: true, text: 'zeta' }], S11, null] }));
    env.step('click(2)');
    expect(env.state.sections[0]).toEqual([{ link: true, text: 'zeta' }]);
    expect(lines(drawn(def, env.state)).slice(1, 3)).toEqual(["2 tab 'Part 1' [expanded]", "3 link 'zeta' depth 1"]);
  });

  it('the goal\'s link succeeds; another link fails for good; text and the heading cannot be clicked', () => {
    const open = () => envWith(clickCollapsible2, state({ open: 1 }));
    expect(open().step('click(5)')).toMatchObject({ terminated: true, reward: 1, info: { success: true, progress: 1 } });
    expect(open().step('click(4)').info.lastActionError).toBe("click(4): element 4 (text 'suscipit pel certus comes aiunt') cannot be clicked");
    expect(open().step('click(1)').info.lastActionError).toBe("click(1): element 1 (heading 'FAQ') cannot be clicked");
    const s = state({ open: 1, target: 'summa' });
    expect(envWith(clickCollapsible2, s).step('click(5)')).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
  });

  it('progress is 0.5 only while the open section holds the goal as a link', () => {
    expect(def.progress(state())).toBe(0);
    expect(def.progress(state({ open: 1 }))).toBe(0.5);
    expect(def.progress(state({ open: 0, sections: [S10, S11, null] }))).toBe(0);
    // the goal's text as plain text is no link
    expect(def.progress(state({ open: 1, target: 'asper tredecim' }))).toBe(0);
    expect(def.progress(state({ open: 0, sections: [S10, S11, null], target: 'summa' }))).toBe(0.5);
  });

  it('the expert opens the goal\'s section from any other, then clicks the link; 4 turns', () => {
    expect(clickCollapsible2.expert(envWith(clickCollapsible2, state()))).toBe('click(3)');
    expect(clickCollapsible2.expert(envWith(clickCollapsible2, state({ open: 0, sections: [S10, S11, null] })))).toBe('click(6)');
    expect(clickCollapsible2.expert(envWith(clickCollapsible2, state({ open: 1 })))).toBe('click(5)');
    expect(clickCollapsible2.expert(envWith(clickCollapsible2, state({ open: 1, home: 0, target: 'summa', sections: [S10, S11, null] })))).toBe('click(2)');
    const env = envWith(clickCollapsible2, state());
    for (let t = 1; t < 4; t++) expect(env.step('click(1)').truncated).toBe(false);
    expect(env.step('click(1)')).toMatchObject({ terminated: false, truncated: true });
  });
});
