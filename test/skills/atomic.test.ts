// The atomic action space, by hand on a small form: which kinds of step (verb and target role) can be written here
// and with which arguments, how weights and the stream pick among them, step statistics, and the goal's values.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng';
import type { ActionSignature, Observation, UiElement } from '../../src/envs/api';
import { GoalVocabulary, sampleAtomic, stepKind, StepStats, type SampleOptions } from '../../src/skills/atomic';
import type { SkillStep } from '../../src/skills/types';

const el = (id: number, role: string, name: string, disabled = false): UiElement => ({ id, role, name, ...(disabled ? { state: { disabled } } : {}) });
const FORM: Observation = {
  text: '',
  elements: [
    el(1, 'button', 'Go'), el(2, 'button', 'Stop', true), el(3, 'textbox', 'Name'), el(4, 'combobox', 'City'), el(5, 'option', 'Rome'),
    el(6, 'option', 'Oslo'), el(7, 'checkbox', 'Agree'), el(8, 'heading', 'Form'), el(9, 'link', 'Help'), el(10, 'searchbox', 'Find', true),
    el(11, 'listbox', 'Size', true), el(12, 'text', 'Hello'), el(13, 'cell', 'A1'),
  ],
};
const ACTIONS: ActionSignature[] = [
  { verb: 'click', args: ['id'] }, { verb: 'fill', args: ['id', 'text'] }, { verb: 'select', args: ['id', 'text'] }, { verb: 'check', args: ['id'] },
  { verb: 'move', args: ['dir'] }, { verb: 'play', args: ['int'] }, { verb: 'answer', args: ['text'] }, { verb: 'back', args: [] },
];
const WORDS = ['Enter', 'Bob', 'as', 'Bob'];

/** Every distinct step 3,000 draws give, as text. */
function drawn(o: SampleOptions = {}, obs = FORM, actions = ACTIONS, words = WORDS): Set<string> {
  const rng = Rng.fromSeed(1);
  const out = new Set<string>();
  for (let k = 0; k < 3000; k++) out.add(JSON.stringify(sampleAtomic(rng, actions, obs, words, o)));
  return out;
}
const only = (kind: string) => ({ weight: (k: string) => (k === kind ? 1 : 0) });
const ref = (role: string, value: string) => ({ kind: 'ref', role, name: { kind: 'literal', value } });

describe('sampleAtomic', () => {
  it('writes each verb on the elements it can act on: nothing disabled, no text or headings clicked', () => {
    const kinds = new Set([...drawn()].map((s) => {
      const step = JSON.parse(s) as SkillStep;
      const target = step.args.find((a) => a.kind === 'ref');
      return stepKind(step.verb, target?.kind === 'ref' ? target.role : undefined);
    }));
    expect([...kinds].sort()).toEqual([
      'answer', 'back', 'check checkbox', 'click button', 'click checkbox', 'click combobox', 'click link', 'click option',
      'fill combobox', 'fill textbox', 'move', 'play', 'select combobox',
    ]);
    expect(drawn(only('click button'))).toEqual(new Set([JSON.stringify({ verb: 'click', args: [ref('button', 'Go')] })]));
    expect(drawn(only('back'))).toEqual(new Set([JSON.stringify({ verb: 'back', args: [] })]));
  });

  it('draws plain values: ten small numbers, four directions, options of the list, the goal words as slots', () => {
    const args = (kind: string) => [...drawn(only(kind))].map((s) => (JSON.parse(s) as SkillStep).args.at(-1));
    expect(args('play').map((a) => a?.kind === 'int' && a.value).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(args('move').map((a) => a?.kind === 'dir' && a.value).sort()).toEqual(['down', 'left', 'right', 'up']);
    expect(args('select combobox').map((a) => JSON.stringify(a)).sort()).toEqual(
      [{ kind: 'text', text: { kind: 'literal', value: 'Oslo' } }, { kind: 'text', text: { kind: 'literal', value: 'Rome' } }].map((a) => JSON.stringify(a)),
    );
    // Each goal word once: 'Enter' starts the goal, 'Bob' follows 'enter', and 'as' follows 'bob' twice in the goal,
    // so its anchor is the two words 'enter bob'.
    const slot = (anchor: string) => ({ kind: 'text', text: { kind: 'goal', anchor, words: 1 } });
    const byAnchor = (a: unknown) => JSON.stringify(a);
    expect(args('answer').map(byAnchor).sort()).toEqual([slot('^'), slot('enter'), slot('enter bob')].map(byAnchor).sort());
  });

  it('types the given texts instead of every goal word, and keeps slots literal where no anchor may anchor', () => {
    const texts = (o: SampleOptions) => [...drawn({ ...only('answer'), ...o })].map((s) => JSON.stringify((JSON.parse(s) as SkillStep).args[0]));
    expect(texts({ texts: ['Bob'] })).toEqual([JSON.stringify({ kind: 'text', text: { kind: 'goal', anchor: 'enter', words: 1 } })]);
    expect(texts({ texts: ['Bob'], anchorOk: () => false })).toEqual([JSON.stringify({ kind: 'text', text: { kind: 'literal', value: 'Bob' } })]);
    const named = [...drawn(only('click button'), { text: '', elements: [el(1, 'button', 'Bob')] }, ACTIONS, ['Enter', 'Bob'])];
    expect(named).toEqual([JSON.stringify({ verb: 'click', args: [{ kind: 'ref', role: 'button', name: { kind: 'goal', anchor: 'enter', words: 1 } }] })]);
    const literal = [...drawn({ ...only('click button'), anchorOk: () => false }, { text: '', elements: [el(1, 'button', 'Bob')] }, ACTIONS, ['Enter', 'Bob'])];
    expect(literal).toEqual([JSON.stringify({ verb: 'click', args: [ref('button', 'Bob')] })]);
  });

  it('leaves out a verb with an argument it cannot fill, and gives undefined when nothing can be written', () => {
    const page: Observation = { text: '', elements: [el(1, 'heading', 'Hi')] };
    expect(sampleAtomic(Rng.fromSeed(1), [{ verb: 'click', args: ['id'] }, { verb: 'answer', args: ['text'] }], page, [])).toBeUndefined();
    expect(sampleAtomic(Rng.fromSeed(1), [{ verb: 'click', args: ['id'] }, { verb: 'answer', args: ['text'] }], page, ['Hi'])).toEqual({
      verb: 'answer', args: [{ kind: 'text', text: { kind: 'goal', anchor: '^', words: 1 } }],
    });
    expect(sampleAtomic(Rng.fromSeed(1), [{ verb: 'select', args: ['id', 'text'] }], { text: '', elements: [el(4, 'combobox', 'City')] }, ['x'])).toBeUndefined();
  });

  it('picks a kind in proportion to its weight, uniformly by default', () => {
    const share = (o: SampleOptions, kind: string) => {
      const rng = Rng.fromSeed(2);
      let n = 0;
      for (let k = 0; k < 4000; k++) if (sampleAtomic(rng, ACTIONS, FORM, WORDS, o)?.verb === kind) n++;
      return n / 4000;
    };
    expect(share({}, 'back')).toBeGreaterThan(1 / 13 - 0.02); // 13 kinds
    expect(share({}, 'back')).toBeLessThan(1 / 13 + 0.02);
    const threeToOne = { weight: (k: string) => (k === 'back' ? 3 : k === 'move' ? 1 : 0) };
    expect(share(threeToOne, 'back')).toBeGreaterThan(0.72);
    expect(share(threeToOne, 'back')).toBeLessThan(0.78);
    expect(share(threeToOne, 'move')).toBeGreaterThan(0.22);
  });
});

describe('StepStats', () => {
  it('weighs a kind (verb and the role of its first element) (ok + 1) / (n + 2)', () => {
    const stats = new StepStats();
    const fill: SkillStep = { verb: 'fill', args: [{ kind: 'text', text: { kind: 'literal', value: 'a' } }, ref('textbox', 'Name') as SkillStep['args'][number]] };
    expect(stats.weight('fill textbox')).toBe(0.5);
    stats.record(fill, false);
    expect(stats.weight('fill textbox')).toBeCloseTo(1 / 3, 12);
    stats.record(fill, true);
    stats.record(fill, true);
    expect(stats.weight('fill textbox')).toBe(0.6);
    stats.record({ verb: 'move', args: [{ kind: 'dir', value: 'up' }] }, false);
    expect(stats.weight('move')).toBeCloseTo(1 / 3, 12);
    expect(stats.weight('fill')).toBe(0.5);
  });

  it('names a kind by its verb alone when no element is named', () => {
    expect(stepKind('back')).toBe('back');
    expect(stepKind('back', '')).toBe('back');
    expect(stepKind('click', 'tab')).toBe('click tab');
  });
});

describe('GoalVocabulary', () => {
  /** Eight goals "Buy <item> for <name>": Buy and for are the template. */
  const seen = () => {
    const v = new GoalVocabulary();
    for (let k = 0; k < 7; k++) v.add(['Buy', `item${k}`, 'for', `name${k}`]);
    return v;
  };

  it('calls everything template until 8 goals were seen, then words of at least half of them', () => {
    const v = seen();
    expect(v.isTemplate('zebra')).toBe(true);
    expect(v.values(['Buy', 'tea', 'for', 'Ann'])).toEqual(['Buy', 'tea', 'for', 'Ann']);
    v.add(['Buy', 'tea', 'for', 'Ann', 'Buy']);
    expect(v.isTemplate('buy')).toBe(true);
    expect(v.isTemplate('for')).toBe(true);
    expect(v.isTemplate('tea')).toBe(false);
    const half = seen();
    half.add(['x']);
    for (let k = 0; k < 8; k++) half.add(k < 3 ? ['half'] : []); // 'half' in 3 of 16: not template; 'buy' in 7 of 16
    expect(half.isTemplate('buy')).toBe(false);
    const exactly = seen();
    for (let k = 0; k < 7; k++) exactly.add([]); // 14 goals, 'buy' in 7: exactly half
    expect(exactly.isTemplate('buy')).toBe(true);
  });

  it('gives each number, and each run of at most four value words as one phrase, once', () => {
    const v = seen();
    v.add(['Buy']);
    expect(v.values(['Buy', 'Cotton', 'Towels', 'for', 'Janie', 'Predovic', '12', 'Janie', 'Predovic'])).toEqual(['Cotton Towels', 'Janie Predovic', '12']);
    expect(v.values(['Buy', 'a', 'b', 'c', 'd', 'e', 'for', 'x', '7', 'y'])).toEqual(['a', 'b', 'c', 'd', 'e', 'x', '7', 'y']);
    expect(v.values(['Buy', 'a', 'b', 'c', 'd'])).toEqual(['a b c d']);
    expect(v.values(['Buy', 'for'])).toEqual(['Buy', 'for']);
    expect(v.values(['-3'])).toEqual(['-3']);
  });
});
