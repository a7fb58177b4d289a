// nameSkill on hand-made steps and traces (no discovery run): each verb's and role's template, literal labels
// against the goal's, pages opened by a click, grid moves named by what they did, runs folded, long skills
// abbreviated, and the example episode quoted apart.
import { describe, expect, it } from 'vitest';
import type { Observation, UiElement } from '../../src/envs/api';
import type { TraceStep } from '../../src/skills/execute';
import { nameSkill } from '../../src/skills/naming';
import type { SkillArg, SkillStep, TextRef } from '../../src/skills/types';

const page = (...elements: UiElement[]): Observation => ({ elements, text: elements.map((e) => `${e.role} ${e.name}`).join('\n') });
const el = (id: number, role: string, name: string): UiElement => ({ id, role, name });
const lit = (value: string): TextRef => ({ kind: 'literal', value });
const GOAL: TextRef = { kind: 'goal', anchor: 'for', words: 1 };
const ref = (role: string, name: TextRef): SkillArg => ({ kind: 'ref', role, name });
const step = (verb: string, ...args: SkillArg[]): SkillStep => ({ verb, args });
const after = (action: string, obs: Observation, target?: { role: string; name: string }, success = false): TraceStep => ({
  action, obs, info: { success, progress: 0, turn: 1 }, ...(target ? { target } : {}),
});
const START = page(el(1, 'heading', 'Home'));

/** The name of a one-step skill whose step ran into `obs` on `target`. */
const nameOf = (s: SkillStep, action: string, target?: { role: string; name: string }, obs = START, start = START) => nameSkill([s], start, [after(action, obs, target)], 'c').name;
const exampleOf = (s: SkillStep, action: string, target?: { role: string; name: string }, obs = START, start = START) =>
  nameSkill([s], start, [after(action, obs, target)], 'c').description;

describe('a step named by its verb and role', () => {
  it('clicks: submit words whatever their case, a literal label, or the goal\'s element of each role', () => {
    const click = (role: string, label: TextRef) => nameOf(step('click', ref(role, label)), 'click(2)', { role, name: 'X' });
    expect(click('button', lit('Log In'))).toBe('submit');
    expect(click('button', lit('Buy'))).toBe('submit');
    expect(click('button', lit('Cancel'))).toBe('press Cancel');
    expect(click('button', GOAL)).toBe("press the goal's button");
    const roles: [string, string, string][] = [
      ['tab', 'switch to the Extras tab', "switch to the goal's tab"],
      ['checkbox', 'tick Extras', "tick the goal's box"],
      ['option', 'choose Extras', "choose the goal's option"],
      ['menuitem', 'open the Extras menu item', "open the goal's menu item"],
      ['link', 'follow Extras', "follow the goal's link"],
      ['combobox', 'open the Extras list', "open the goal's list"],
      ['cell', 'click Extras', "click the goal's cell"],
    ];
    for (const [role, literal, goal] of roles) {
      expect(click(role, lit('Extras'))).toBe(literal);
      expect(click(role, GOAL)).toBe(goal);
    }
    expect(nameOf(step('click', { kind: 'int', value: 3 }), 'click(3)')).toBe("click the goal's element");
  });

  it('a click that opens the page its label names', () => {
    const s = step('click', ref('link', lit('Inbox')));
    expect(nameOf(s, 'click(2)', { role: 'link', name: 'Inbox' }, page(el(5, 'heading', 'Inbox')))).toBe('open the Inbox page');
    // The same heading as before, or a heading other than the label: no page opened.
    expect(nameOf(s, 'click(2)', { role: 'link', name: 'Inbox' }, page(el(5, 'heading', 'Inbox')), page(el(1, 'heading', 'Inbox')))).toBe('follow Inbox');
    expect(nameOf(s, 'click(2)', { role: 'link', name: 'Inbox' }, page(el(5, 'heading', 'Sent')))).toBe('follow Inbox');
  });

  it('fill, select and check: the literal label, the unlabelled element, or the goal\'s', () => {
    expect(nameOf(step('fill', ref('textbox', lit('Username')), { kind: 'text', text: GOAL }), 'fill(2, "bob")')).toBe('fill Username');
    expect(nameOf(step('fill', ref('textbox', lit('')), { kind: 'text', text: GOAL }), 'fill(2, "bob")')).toBe('fill the unlabelled field');
    expect(nameOf(step('fill', ref('textbox', GOAL), { kind: 'text', text: GOAL }), 'fill(2, "bob")')).toBe('fill a field');
    expect(nameOf(step('select', ref('combobox', lit('City')), { kind: 'text', text: lit('Rome') }), 'select(2, "Rome")')).toBe('choose in City');
    expect(nameOf(step('select', ref('combobox', lit('')), { kind: 'text', text: lit('Rome') }), 'select(2, "Rome")')).toBe('choose in the unlabelled list');
    expect(nameOf(step('check', ref('checkbox', GOAL)), 'check(2)')).toBe('tick a box');
    expect(nameOf(step('check', ref('checkbox', lit('')), { kind: 'int', value: 1 }), 'check(2)')).toBe('tick the unlabelled box');
  });

  it("answers, back, and any other verb as the step's own text", () => {
    expect(nameOf(step('answer', { kind: 'text', text: GOAL }), 'answer("42")')).toBe("answer with the goal's words");
    expect(nameOf(step('answer', { kind: 'text', text: lit('42') }), 'answer("42")')).toBe('answer');
    expect(nameOf(step('answer'), 'answer()')).toBe('answer');
    expect(nameOf(step('back'), 'back()')).toBe('go back');
    expect(nameOf(step('play', { kind: 'int', value: 2 }), 'play(2)')).toBe('play(2)');
    expect(nameOf(step('move', { kind: 'int', value: 2 }), 'move(2)')).toBe('move(2)');
  });
});

describe('a grid move named by what it did', () => {
  const grid = (...rows: string[]) => page(...rows.map((r, i) => el(i + 1, 'row', r.split('').join(' '))));
  const move = (before: Observation, obs: Observation, success = false) =>
    nameSkill([step('move', { kind: 'dir', value: 'right' })], before, [after('move(right)', obs, undefined, success)], 'c').name;

  it('reach the exit, take the key, open the door, push a box (onto a switch), or just move', () => {
    expect(move(grid('A.E'), grid('.AE'), true)).toBe('reach the exit');
    expect(move(grid('AK.'), grid('.A.'))).toBe('pick up the key');
    expect(move(grid('AD.', 'K..'), grid('.A.', 'K..'))).toBe('open the door');
    expect(move(grid('AB.'), grid('.AB'))).toBe('push the box right');
    expect(move(grid('ABS'), grid('.AB'))).toBe('push the box right onto the switch');
    expect(move(grid('A..', '.B.'), grid('.A.', '.B.'))).toBe('move right');
    // Keys and doors counted over every row; only rows count (a text element's K is no key).
    expect(move(grid('AK.', '.K.'), grid('.A.', '.K.'))).toBe('pick up the key');
    const withText = (g: Observation, text: string) => page(...g.elements, el(9, 'text', text));
    expect(move(withText(grid('A..'), 'K'), grid('.A.'))).toBe('move right');
  });
});

describe('names of several steps, and the example', () => {
  const fillStep = (label: string) => step('fill', ref('textbox', lit(label)), { kind: 'text', text: GOAL });
  const submit = step('click', ref('button', lit('Submit')));
  const target = (role: string, name: string) => ({ role, name });

  it('folds runs of one phrase and abbreviates past three parts', () => {
    const fills = (n: number) => Array.from({ length: n }, () => fillStep(''));
    const trace = (n: number) => Array.from({ length: n }, () => after('fill(2, "x")', START, target('textbox', '')));
    expect(nameSkill(fills(3), START, trace(3), 'c').name).toBe('fill the unlabelled field 3 times');
    const steps = [fillStep('A'), fillStep('B'), fillStep('B'), submit];
    const ran = [after('fill(1, "a")', START, target('textbox', 'A')), after('fill(2, "b")', START, target('textbox', 'B')), after('fill(2, "b")', START, target('textbox', 'B')), after('click(3)', START, target('button', 'Submit'))];
    expect(nameSkill(steps, START, ran, 'c').name).toBe('fill A, fill B 2 times then submit');
    expect(nameSkill(steps.slice(0, 2), START, ran.slice(0, 2), 'c').name).toBe('fill A then fill B');
    const five = [fillStep('A'), fillStep('B'), fillStep('C'), fillStep('D'), submit];
    const ranFive = ['A', 'B', 'C', 'D'].map((l, i) => after(`fill(${i + 1}, "x")`, START, target('textbox', l))).concat(after('click(9)', START, target('button', 'Submit')));
    expect(nameSkill(five, START, ranFive, 'c').name).toBe('fill A, fill B … then submit (5 steps)');
    expect(nameSkill([], START, [], 'c')).toEqual({ name: '', description: 'e.g.  (found at c)' });
  });

  it("quotes the example episode: what was typed where, chosen, answered, and the page a click opened", () => {
    const steps = [fillStep(''), step('select', ref('combobox', GOAL), { kind: 'text', text: GOAL }), step('click', ref('link', GOAL)), step('answer', { kind: 'text', text: GOAL })];
    const inbox = page(el(7, 'heading', 'Inbox'));
    const ran = [
      after('fill(1, "bob")', START, target('textbox', 'Username')),
      after('select(2, "Rome")', START, target('combobox', 'City')),
      after('click(3)', inbox, target('link', 'Mail')),
      after('answer("42")', inbox),
    ];
    expect(nameSkill(steps, START, ran, 'state 4').description).toBe(
      "e.g. type \"bob\" into Username, then choose \"Rome\" in City, then click Mail, which opened the 'Inbox' page, then answer \"42\" (found at state 4)",
    );
    expect(exampleOf(step('answer'), 'answer()')).toBe('e.g. answer (found at c)');
    expect(exampleOf(step('fill', ref('textbox', lit('A'))), 'fill(1)', target('textbox', 'A'))).toBe('e.g. type "" into A (found at c)');
    expect(exampleOf(step('select', ref('combobox', lit('A'))), 'select(1)', target('combobox', 'A'))).toBe('e.g. choose "" in A (found at c)');
    expect(exampleOf(step('click', ref('button', lit('Go'))), 'click(1)')).toBe('e.g. click  (found at c)');
    expect(exampleOf(step('click', ref('button', lit('Go'))), 'click(1)', target('button', 'Go'), page(el(2, 'text', 'x')))).toBe('e.g. click Go (found at c)');
    expect(exampleOf(step('back'), 'back()')).toBe('e.g. go back (found at c)');
    expect(exampleOf(step('fill', ref('textbox', lit('A')), { kind: 'text', text: GOAL }), 'fill(1, ', target('textbox', 'A'))).toBe('e.g. type "" into A (found at c)');
  });
});
