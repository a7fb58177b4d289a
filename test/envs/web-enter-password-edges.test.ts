// Edge cases of the enter-password family (issue 21's mutation pass): its options and levels, init on a scripted
// random stream (the password's length and letters, the layout), every label pair and heading and the split's
// layouts over seeds, the page drawn, Submit right and wrong, progress and the expert at each stage, and the turn
// limit. Values are worked out by hand from the family's rules.
import { describe, expect, it } from 'vitest';
import { inSplit, poolsOf } from '../../src/envs/split';
import { layoutOf } from '../../src/envs/web/controls';
import { enterPassword } from '../../src/envs/web/enter-password';
import { scripted } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';
import type { State } from '../../src/envs/web/enter-password';

const def = defOf<State>(enterPassword);
const train = poolsOf('train');
const test = poolsOf('test');

const state = (first = '', second = '', heading = 'Security'): State => ({ password: 'xq', labels: ['Password', 'Confirm'], heading, first, second });

describe('enter-password: the family', () => {
  it('says what it is, its turn limit, options and levels', () => {
    expect(enterPassword).toMatchObject({ id: 'enter-password', suite: 'web', family: 'enter-password', maxTurns: 6, miniwob: 'enter-password' });
    expect(enterPassword.description).toBe('Type the given password into both password fields and press Submit.');
    expect(enterPassword.options).toEqual([{ name: 'length', doc: 'longest password, in letters (shortest is 2)', kind: 'int', default: 6, min: 2, max: 12 }]);
    expect(enterPassword.levels).toEqual([{ length: 3 }, { length: 6 }, { length: 10 }]);
  });
});

describe('enter-password: init on a scripted stream', () => {
  it('a password of 2 to `length` letters, then the layout: label pair code % 6, heading code / 6', () => {
    // train's first layout is 31: labels 1 (New password, Confirm password), heading 5 (Reset password)
    expect(layoutOf(scripted([0]), train, 'enter-password', 36)).toBe(31);
    const rng = scripted([0, 0, 1, 0]);
    const { goal, state } = def.init(rng, { length: 6 }, train);
    expect(goal).toBe('Enter the password "ab" into both text fields and press submit.');
    expect(state).toEqual({ password: 'ab', labels: ['New password', 'Confirm password'], heading: 'Reset password', first: '', second: '' });
    expect(rng.asked).toEqual(['int(5)', 'int(26)', 'int(26)', 'int(27)']);
  });

  it('in the test split: its own strings and nine layouts', () => {
    // test's first layout is 11: labels 5 (Enter password, Confirm), heading 1 (Sign up); 'ae' is a test string
    expect(layoutOf(scripted([0]), test, 'enter-password', 36)).toBe(11);
    expect(inSplit('ae', 'test')).toBe(true);
    const rng = scripted([0, 0, 4, 0]);
    const { state } = def.init(rng, { length: 3 }, test);
    expect(state).toEqual({ password: 'ae', labels: ['Enter password', 'Confirm'], heading: 'Sign up', first: '', second: '' });
    expect(rng.asked).toEqual(['int(2)', 'int(26)', 'int(26)', 'int(9)']);
  });
});

describe('enter-password: over seeds', () => {
  it('every label pair and heading shows, each layout in one split only, nine of 36 in test', () => {
    const seen = { train: new Set<string>(), test: new Set<string>() };
    const labels = new Set<string>();
    const headings = new Set<string>();
    for (const split of ['train', 'test'] as const) {
      for (let seed = 0; seed < 300; seed++) {
        const env = enterPassword.create();
        env.reset({ seed, split, options: { length: 4 } });
        const s = (env as unknown as { state: State }).state;
        expect(inSplit(s.password, split)).toBe(true);
        expect(s.password.length).toBeGreaterThanOrEqual(2);
        expect(s.password.length).toBeLessThanOrEqual(4);
        labels.add(s.labels.join(' / '));
        headings.add(s.heading);
        seen[split].add(`${s.labels.join(' / ')} | ${s.heading}`);
      }
    }
    expect([...labels].sort()).toEqual([
      'Choose a password / Re-enter password', 'Enter password / Confirm', 'New password / Confirm password',
      'Password / Password again', 'Password / Repeat password', 'Password / Verify password',
    ]);
    expect([...headings].sort()).toEqual(['', 'Change password', 'Create account', 'Reset password', 'Security', 'Sign up']);
    expect([seen.test.size, seen.train.size]).toEqual([9, 27]);
    for (const layout of seen.test) expect(seen.train.has(layout)).toBe(false);
  });
});

describe('enter-password: the page and its handlers', () => {
  it('draws the heading, both fields with their values, then Submit', () => {
    expect(lines(drawn(def, state('a', 'b')))).toEqual(["1 heading 'Security'", "2 textbox 'Password' = \"a\"", "3 textbox 'Confirm' = \"b\"", "4 button 'Submit'"]);
    expect(lines(drawn(def, state('', '', '')))).toEqual(["1 textbox 'Password' = \"\"", "2 textbox 'Confirm' = \"\"", "3 button 'Submit'"]);
  });

  it('each fill writes its own field', () => {
    const env = envWith(enterPassword, state());
    expect(env.step('fill(2, "x")').info.lastActionError).toBeUndefined();
    expect([env.state.first, env.state.second]).toEqual(['x', '']);
    env.step('fill(3, "y")');
    expect([env.state.first, env.state.second]).toEqual(['x', 'y']);
    expect(env.step('click(1)').info.lastActionError).toBe("click(1): element 1 (heading 'Security') cannot be clicked");
  });

  it('Submit succeeds only with the password in both fields, and fails for good otherwise', () => {
    const cases: [string, string, boolean][] = [['xq', 'xq', true], ['xq', 'x', false], ['x', 'xq', false], ['', '', false]];
    for (const [first, second, success] of cases) {
      const r = envWith(enterPassword, state(first, second)).step('click(4)');
      expect(r, `${first}/${second}`).toMatchObject({ terminated: true, truncated: false, reward: success ? 1 : 0, info: { success } });
    }
  });

  it('progress: 0.45 for each field right', () => {
    expect([def.progress(state()), def.progress(state('xq')), def.progress(state('', 'xq')), def.progress(state('xq', 'xq')), def.progress(state('xqq', 'x'))]).toEqual([0, 0.45, 0.45, 0.9, 0]);
  });

  it('the expert fills the first field, then the second, then clicks Submit; text boxes counted past the heading', () => {
    const env = envWith(enterPassword, state());
    expect(enterPassword.expert(env)).toBe('fill(2, "xq")');
    env.step('fill(2, "xq")');
    expect(enterPassword.expert(env)).toBe('fill(3, "xq")');
    env.step('fill(3, "xq")');
    expect(enterPassword.expert(env)).toBe('click(4)');
    expect(enterPassword.expert(envWith(enterPassword, state('', 'xq', '')))).toBe('fill(1, "xq")');
    expect(enterPassword.expert(envWith(enterPassword, state('xq', 'q', '')))).toBe('fill(2, "xq")');
    expect(enterPassword.expert(envWith(enterPassword, state('xq', 'xq', '')))).toBe('click(3)');
  });

  it('ends the episode after 6 turns, truncated', () => {
    const env = envWith(enterPassword, state());
    for (let t = 1; t < 6; t++) expect(env.step('fill(2, "z")').truncated).toBe(false);
    expect(env.step('fill(2, "z")')).toMatchObject({ terminated: false, truncated: true });
  });
});
