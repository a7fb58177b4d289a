// Edge cases of the login-user family (issue 21's mutation pass): its options and levels, init on a scripted random
// stream (the name and password pools of each words option, the layout, the field order and where each distractor
// field goes), the split's layouts and contents over seeds, the page drawn, Login right and wrong, progress and the
// expert at each stage, and the turn limit. Values are worked out by hand from the family's rules.
import { describe, expect, it } from 'vitest';
import { PERSON_FIRST } from '../../src/envs/lexicon/english';
import { inSplit, poolsOf } from '../../src/envs/split';
import { layoutOf } from '../../src/envs/web/controls';
import { loginUser } from '../../src/envs/web/login-user';
import { FIRST_NAMES, NOUNS } from '../../src/envs/words';
import { scripted } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';
import type { State } from '../../src/envs/web/login-user';

const def = defOf<State>(loginUser);
const open = (extras: number) => ({ extras, words: 'open' });
const train = poolsOf('train');
const test = poolsOf('test');

/** A state by hand: fields in order, all empty unless given. */
function state(fields: string[], values: Record<string, string> = {}, heading = 'Sign in', link = 'Need help'): State {
  return { fields, values: { ...Object.fromEntries(fields.map((f) => [f, ''])), ...values }, user: 'bob', pass: 'xq', heading, link };
}

describe('login-user: the family', () => {
  it('says what it is, its turn limit, options and levels', () => {
    expect(loginUser).toMatchObject({ id: 'login-user', suite: 'web', family: 'login-user', maxTurns: 6, miniwob: 'login-user' });
    expect(loginUser.description).toBe('Log in with the given username and password.');
    expect(loginUser.lesson).toBeUndefined();
    expect(loginUser.options).toEqual([
      { name: 'extras', doc: 'distractor fields besides username and password', kind: 'int', default: 1, min: 0, max: 3 },
      { name: 'words', doc: 'starter (24 names, 24 nouns as passwords) or open (thousands of names, random passwords)', kind: 'enum', default: 'open', values: ['starter', 'open'] },
    ]);
    expect(loginUser.levels).toEqual([
      { extras: 0, words: 'starter' },
      { extras: 0, words: 'open' },
      { extras: 1, words: 'open' },
      { extras: 2, words: 'open' },
      { extras: 3, words: 'open' },
    ]);
  });
});

describe('login-user: init on a scripted stream', () => {
  it('open words: a lowercased name of the split, a random password, the layout, the field order, one extra placed', () => {
    // the train split's first layout (of 9) is 3: heading 3 (Account access), link 0 (none)
    expect(layoutOf(scripted([0]), train, 'login-user', 12)).toBe(3);
    // name 0; password length 2 + 0, letters a, b; layout 0; chance 0.3 < 0.5: Password first;
    // shuffle of (Email, Phone, Code): swap 2 with 0, 1 with 1 -> (Code, Phone, Email); Code goes in at 1
    const rng = scripted([0, 0, 0, 1, 0, 0.3, 0, 1, 1]);
    const { goal, state } = def.init(rng, open(1), train);
    const user = train.words(PERSON_FIRST)[0].toLowerCase();
    expect(user).toBe('aaliyah');
    expect(goal).toBe('Enter the username "aaliyah" and the password "ab" into the text fields and press login.');
    expect(state).toEqual({
      fields: ['Password', 'Code', 'Username'],
      values: { Password: '', Code: '', Username: '' },
      user,
      pass: 'ab',
      heading: 'Account access',
      link: '',
    });
    const names = train.words(PERSON_FIRST).length;
    expect(rng.asked).toEqual([`int(${names})`, 'int(5)', 'int(26)', 'int(26)', 'int(9)', 'next', 'int(3)', 'int(2)', 'int(3)']);
    expect(rng.left).toEqual([]);
  });

  it('passwords run from 2 to 6 letters', () => {
    // length 2 + 4: six letters a..f ('abcdef' is a train string)
    expect(inSplit('abcdef', 'train')).toBe(true);
    const { state } = def.init(scripted([0, 4, 0, 1, 2, 3, 4, 5, 0, 0.9, 0, 0]), open(0), train);
    expect(state.pass).toBe('abcdef');
  });

  it('starter words: a starter name and a noun of the split; chance 0.5 or more keeps Username first', () => {
    // the test split's layouts, in order: 1 (Sign in, none), 10 (Welcome back, Need help), 2 (Welcome back, none)
    expect([0, 1, 2].map((v) => layoutOf(scripted([v]), test, 'login-user', 12))).toEqual([1, 10, 2]);
    const rng = scripted([1, 2, 1, 0.5, 0, 0]);
    const { goal, state } = def.init(rng, { extras: 0, words: 'starter' }, test);
    expect([test.words(FIRST_NAMES)[1], test.words(NOUNS)[2]]).toEqual(['dave', 'lemon']);
    expect(goal).toBe('Enter the username "dave" and the password "lemon" into the text fields and press login.');
    expect(state).toEqual({ fields: ['Username', 'Password'], values: { Username: '', Password: '' }, user: 'dave', pass: 'lemon', heading: 'Welcome back', link: 'Need help' });
    expect(rng.asked).toEqual([`int(${test.words(FIRST_NAMES).length})`, `int(${test.words(NOUNS).length})`, 'int(3)', 'next', 'int(3)', 'int(2)']);
  });

  it('three extras, each put in at a drawn place among the fields so far', () => {
    // shuffle: swap 2 with 2, 1 with 0 -> (Phone, Email, Code); Phone at 0 of 3, Email at 3 of 4, Code at 2 of 5
    const rng = scripted([0, 0, 0, 0, 0, 0.1, 2, 0, 0, 3, 2]);
    const { state } = def.init(rng, open(3), train);
    expect(state.fields).toEqual(['Phone', 'Password', 'Code', 'Username', 'Email']);
    expect(rng.asked.slice(-5)).toEqual(['int(3)', 'int(2)', 'int(3)', 'int(4)', 'int(5)']);
  });
});

describe('login-user: splits over seeds', () => {
  it('the test split holds (Sign in, none), (Welcome back, none), (Welcome back, Need help); train the other nine', () => {
    const pairs = (split: 'train' | 'test') => {
      const seen = new Set<string>();
      for (let seed = 0; seed < 120; seed++) {
        const env = loginUser.create();
        env.reset({ seed, split });
        const s = (env as unknown as { state: State }).state;
        seen.add(`${s.heading}|${s.link}`);
      }
      return [...seen].sort();
    };
    expect(pairs('test')).toEqual(['Sign in|', 'Welcome back|', 'Welcome back|Need help']);
    const all = ['', 'Sign in', 'Welcome back', 'Account access'].flatMap((h) => ['', 'Create account', 'Need help'].map((l) => `${h}|${l}`));
    expect(pairs('train')).toEqual(all.filter((p) => !pairs('test').includes(p)).sort());
  });

  it('names and passwords of the split, both field orders, as many extras as asked', () => {
    for (const split of ['train', 'test'] as const) {
      const firsts = new Set<string>();
      for (let seed = 0; seed < 40; seed++) {
        const env = loginUser.create();
        env.reset({ seed, split, options: { extras: 2 } });
        const s = (env as unknown as { state: State }).state;
        expect(inSplit(s.user, split)).toBe(true);
        expect(inSplit(s.pass, split)).toBe(true);
        expect(s.fields).toHaveLength(4);
        firsts.add(s.fields.filter((f) => f === 'Username' || f === 'Password')[0]);
      }
      expect([...firsts].sort()).toEqual(['Password', 'Username']);
    }
  });
});

describe('login-user: the page and its handlers', () => {
  it('draws the heading, the fields in order with their values, Login, then the link', () => {
    const page = drawn(def, state(['Password', 'Email', 'Username'], { Email: 'x' }));
    expect(lines(page)).toEqual([
      "1 heading 'Sign in'",
      "2 textbox 'Password' = \"\"",
      "3 textbox 'Email' = \"x\"",
      "4 textbox 'Username' = \"\"",
      "5 button 'Login'",
      "6 link 'Need help'",
    ]);
    expect(lines(drawn(def, state(['Username', 'Password'], {}, '', '')))).toEqual([
      "1 textbox 'Username' = \"\"",
      "2 textbox 'Password' = \"\"",
      "3 button 'Login'",
    ]);
  });

  it('fill writes only its own field; the heading and link do nothing', () => {
    const env = envWith(loginUser, state(['Username', 'Email', 'Password']));
    let r = env.step('fill(2, "bob")');
    expect(env.state.values).toEqual({ Username: 'bob', Email: '', Password: '' });
    expect(r.info.lastActionError).toBeUndefined();
    r = env.step('fill(4, "q")');
    expect(env.state.values).toEqual({ Username: 'bob', Email: '', Password: 'q' });
    expect(env.step('click(1)').info.lastActionError).toBe("click(1): element 1 (heading 'Sign in') cannot be clicked");
    expect(env.step('click(6)').info.lastActionError).toBe("click(6): element 6 (link 'Need help') cannot be clicked");
    expect(r.terminated).toBe(false);
  });

  it('Login succeeds only with both right, and fails for good otherwise', () => {
    const cases: [Record<string, string>, boolean][] = [
      [{ Username: 'bob', Password: 'xq' }, true],
      [{ Username: 'bob', Password: 'xQ' }, false],
      [{ Username: 'Bob', Password: 'xq' }, false],
      [{}, false],
    ];
    for (const [values, success] of cases) {
      const env = envWith(loginUser, state(['Username', 'Password'], values, '', ''));
      const r = env.step('click(3)');
      expect(r, JSON.stringify(values)).toMatchObject({ terminated: true, truncated: false, reward: success ? 1 : 0, info: { success } });
    }
  });

  it('progress: 0.45 for each right field, 1 once logged in', () => {
    const at = (values: Record<string, string>) => def.progress(state(['Username', 'Password'], values));
    expect(at({})).toBe(0);
    expect(at({ Username: 'bob' })).toBe(0.45);
    expect(at({ Password: 'xq' })).toBe(0.45);
    expect(at({ Username: 'bob', Password: 'xq' })).toBe(0.9);
    expect(at({ Username: 'bo', Password: 'xqq' })).toBe(0);
    const env = envWith(loginUser, state(['Username', 'Password'], { Username: 'bob', Password: 'xq' }));
    expect(env.step('click(4)').info.progress).toBe(1);
  });

  it('the expert fills Username, then Password, then clicks Login, whatever the order on the page', () => {
    const env = envWith(loginUser, state(['Password', 'Code', 'Username']));
    expect(loginUser.expert(env)).toBe('fill(4, "bob")');
    env.step('fill(4, "bob")');
    expect(loginUser.expert(env)).toBe('fill(2, "xq")');
    env.step('fill(2, "xq")');
    expect(loginUser.expert(env)).toBe('click(5)');
    // a wrong username is filled again even with the password right
    const wrong = envWith(loginUser, state(['Username', 'Password'], { Username: 'bo', Password: 'xq' }));
    expect(loginUser.expert(wrong)).toBe('fill(2, "bob")');
  });

  it('ends the episode after 6 turns, truncated', () => {
    const env = envWith(loginUser, state(['Username', 'Password']));
    for (let t = 1; t < 6; t++) expect(env.step('fill(2, "z")').truncated).toBe(false);
    expect(env.step('fill(2, "z")')).toMatchObject({ terminated: false, truncated: true });
  });
});
