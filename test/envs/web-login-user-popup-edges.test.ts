// Edge cases of the login-user-popup family (issue 21's mutation pass): its options and levels, init on a scripted
// random stream (the name and password of the split, the popup's chance and trapped field, the labels and heading,
// the dialog's message), the rules over seeds, the page with the dialog waiting, shown and closed, the trapped field,
// OK and Cancel, Login right and wrong, progress, the expert through a popup, and the turn limit. Values by hand.
import { describe, expect, it } from 'vitest';
import { PERSON_FIRST } from '../../src/envs/lexicon/english';
import { inSplit, poolsOf } from '../../src/envs/split';
import { layoutOf } from '../../src/envs/web/controls';
import { loginUserPopup } from '../../src/envs/web/login-user-popup';
import { scripted } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';
import type { State } from '../../src/envs/web/login-user-popup';

const def = defOf<State>(loginUserPopup);
const train = poolsOf('train');
const test = poolsOf('test');

/** bob / xq wanted, nothing typed, the password trapped, the dialog waiting; labels Login and Secret, heading Members. */
const state = (o: Partial<State> = {}): State => ({
  want: { username: 'bob', password: 'xq' }, values: { username: '', password: '' }, trap: 'password', popup: 'waiting', message: 'Hi there.',
  labels: { username: 'Login', password: 'Secret' }, heading: 'Members', ...o,
});

describe('login-user-popup: the family', () => {
  it('says what it is, its turn limit, options and levels', () => {
    expect(loginUserPopup).toMatchObject({ id: 'login-user-popup', suite: 'web', family: 'login-user-popup', maxTurns: 8, miniwob: 'login-user-popup' });
    expect(loginUserPopup.description).toBe('Log in with the given username and password; close the popup that may interrupt with Cancel.');
    expect(loginUserPopup.lesson).toBeUndefined();
    expect(loginUserPopup.instanceKey).toBeUndefined();
    expect(loginUserPopup.options).toEqual([{ name: 'popup', doc: 'chance in percent that a field is trapped by a popup', kind: 'int', default: 50, min: 0, max: 100 }]);
    expect(loginUserPopup.levels).toEqual([{ popup: 0 }, { popup: 50 }, { popup: 100 }]);
  });
});

describe('login-user-popup: init on a scripted stream', () => {
  it('the layouts (user label x password label x heading, 4 x 3 x 4): 36 in train, 12 in test', () => {
    // train 40: Username (0), Passcode (1), Members (3); test 33: User name (1), Secret (2), Welcome back (2)
    expect([0, 1, 2, 3].map((v) => layoutOf(scripted([v]), train, 'login-user-popup', 48))).toEqual([40, 32, 15, 4]);
    expect([0, 1, 2].map((v) => layoutOf(scripted([v]), test, 'login-user-popup', 48))).toEqual([33, 3, 17]);
  });

  it('train: a lowercased name, a random password, the password trapped (30 < 50), the layout, a message', () => {
    expect(train.words(PERSON_FIRST)[0]).toBe('Aaliyah');
    const rng = scripted([0, 0, 0, 1, 30, 1, 0, 0]);
    const { goal, state } = def.init(rng, { popup: 50 }, train);
    expect(goal).toBe('Enter the username "aaliyah" and the password "ab" into the text fields and press login.');
    expect(state).toEqual({
      want: { username: 'aaliyah', password: 'ab' }, values: { username: '', password: '' }, trap: 'password', popup: 'waiting',
      message: 'Your session is about to expire.', labels: { username: 'Username', password: 'Passcode' }, heading: 'Members',
    });
    expect(rng.asked).toEqual(['int(2199)', 'int(5)', 'int(26)', 'int(26)', 'int(100)', 'int(2)', 'int(36)', 'int(11)']);
    expect(rng.left).toEqual([]);
  });

  it('a draw of the chance or more traps nothing and draws no field; 0 never traps, 100 always', () => {
    let rng = scripted([0, 0, 0, 1, 50, 0, 0]);
    expect(def.init(rng, { popup: 50 }, train).state.trap).toBe('');
    expect(rng.asked.slice(4)).toEqual(['int(100)', 'int(36)', 'int(11)']);
    expect(def.init(scripted([0, 0, 0, 1, 0, 0, 0]), { popup: 0 }, train).state.trap).toBe('');
    expect(def.init(scripted([0, 0, 0, 1, 99, 0, 0, 0]), { popup: 100 }, train).state.trap).toBe('username');
    expect(def.init(scripted([0, 0, 0, 1, 49, 0, 0, 0]), { popup: 50 }, train).state.trap).toBe('username');
  });

  it('test: a test name and password (a train one redrawn), layout 33, a test message', () => {
    expect([inSplit('ab', 'train'), inSplit('ae', 'test')]).toEqual([true, true]);
    const rng = scripted([0, 0, 0, 1, 0, 0, 4, 70, 0, 2]);
    const { goal, state } = def.init(rng, { popup: 50 }, test);
    expect(goal).toBe('Enter the username "abagail" and the password "ae" into the text fields and press login.');
    expect(state).toMatchObject({ trap: '', message: 'Your login is about to expire.', labels: { username: 'User name', password: 'Secret' }, heading: 'Welcome back' });
    expect(rng.asked).toEqual(['int(713)', 'int(5)', 'int(26)', 'int(26)', 'int(5)', 'int(26)', 'int(26)', 'int(100)', 'int(12)', 'int(5)']);
  });
});

describe('login-user-popup: over seeds', () => {
  it('names, passwords and messages of the split, each trap, layouts split 12 / 36', () => {
    const layouts = { train: new Set<string>(), test: new Set<string>() };
    for (const split of ['train', 'test'] as const) {
      const traps = new Set<string>();
      for (let seed = 0; seed < 200; seed++) {
        const env = loginUserPopup.create();
        env.reset({ seed, split, options: { popup: 50 } });
        const s = (env as unknown as { state: State }).state;
        for (const t of [s.want.username, s.want.password, s.message]) expect(inSplit(t, split)).toBe(true);
        expect(s.want.username).toBe(s.want.username.toLowerCase());
        expect(s.want.password).toMatch(/^[a-z]{2,6}$/);
        traps.add(s.trap);
        layouts[split].add(`${s.labels.username}|${s.labels.password}|${s.heading}`);
      }
      expect([...traps].sort()).toEqual(['', 'password', 'username']);
    }
    expect([layouts.test.size, layouts.train.size]).toEqual([12, 36]);
    for (const l of layouts.test) expect(layouts.train.has(l)).toBe(false);
    // together every user label with every password label and heading
    const product = ['Username', 'User name', 'Login', 'Account'].flatMap((u) => ['Password', 'Passcode', 'Secret'].flatMap((p) => ['', 'Sign in', 'Welcome back', 'Members'].map((h) => `${u}|${p}|${h}`)));
    expect([...layouts.train, ...layouts.test].sort()).toEqual(product.sort());
  });

  it('the messages of each split, in the order drawn', () => {
    // the name, then 'ab' (train), or 'ab' redrawn as 'ae' (test)
    const password = { train: [0, 0, 0, 1], test: [0, 0, 0, 1, 0, 0, 4] };
    const messages = (split: 'train' | 'test', count: number) =>
      [...Array(count).keys()].map((v) => def.init(scripted([...password[split], 70, 0, v]), { popup: 50 }, poolsOf(split)).state.message);
    expect(messages('train', 11)).toEqual([
      'Your session is about to expire.', 'Your session is about to time out.', 'Your session is timing out soon.',
      'You will be signed out soon.', 'This page will close soon.', 'You have 3 new messages.', 'This is a popup message.',
      'It looks like you are trying to log in.', 'Your connection is slow.', 'Remember to take a break.', 'Cookies help us improve this site.',
    ]);
    expect(messages('test', 5)).toEqual([
      'Your session is expiring soon.', 'Your session will end in a minute.', 'Your login is about to expire.',
      'A new version of this page is available.', 'Please do not panic.',
    ]);
  });
});

describe('login-user-popup: the page and its handlers', () => {
  it('draws the heading, the two fields and Login; with the dialog shown, all disabled and the dialog after them', () => {
    expect(lines(drawn(def, state({ values: { username: 'b', password: '' } })))).toEqual([
      "1 heading 'Members'", "2 textbox 'Login' = \"b\" []", "3 textbox 'Secret' = \"\" []", "4 button 'Login' []",
    ]);
    expect(lines(drawn(def, state({ popup: 'shown', heading: '' })))).toEqual([
      "1 textbox 'Login' = \"\" [disabled]", "2 textbox 'Secret' = \"\" [disabled]", "3 button 'Login' [disabled]",
      "4 dialog 'Hi there.'", "5 text 'Exit to home page?' depth 1", "6 button 'OK' depth 1", "7 button 'Cancel' depth 1",
    ]);
    expect(lines(drawn(def, state({ popup: 'closed', heading: '' })))).toHaveLength(3);
  });

  it('the trapped field, while the dialog waits, shows it and drops the typing; Cancel closes it for good', () => {
    const env = envWith(loginUserPopup, state());
    expect(env.step('fill(2, "bob")').info.lastActionError).toBeUndefined();
    expect(env.state.values.username).toBe('bob');
    expect(env.step('fill(3, "xq")').info.lastActionError).toBeUndefined();
    expect([env.state.popup, env.state.values.password]).toEqual(['shown', '']);
    expect(env.step('fill(2, "zz")').info.lastActionError).toBe("fill(2, \"zz\"): element 2 (textbox 'Login') is disabled");
    expect(env.step('click(4)').info.lastActionError).toBe("click(4): element 4 (button 'Login') is disabled");
    expect(env.step('click(8)').terminated).toBe(false);
    expect(env.state.popup).toBe('closed');
    env.step('fill(3, "xq")');
    expect(env.state.values).toEqual({ username: 'bob', password: 'xq' });
    expect(env.step('click(4)')).toMatchObject({ terminated: true, reward: 1, info: { success: true } });
  });

  it('OK leaves the page: a failure', () => {
    expect(envWith(loginUserPopup, state({ popup: 'shown', values: { username: 'bob', password: 'xq' } })).step('click(7)')).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
  });

  it('without a trap every field takes its text; Login fails for good unless both are right', () => {
    const env = envWith(loginUserPopup, state({ trap: '' }));
    env.step('fill(3, "xq")');
    expect([env.state.popup, env.state.values.password]).toEqual(['waiting', 'xq']);
    for (const values of [{ username: 'bob', password: 'xQ' }, { username: 'Bob', password: 'xq' }, { username: '', password: '' }]) {
      expect(envWith(loginUserPopup, state({ values })).step('click(4)'), JSON.stringify(values)).toMatchObject({ terminated: true, reward: 0 });
    }
  });

  it('progress: 0.45 for each right field', () => {
    expect(def.progress(state())).toBe(0);
    expect(def.progress(state({ values: { username: 'bob', password: '' } }))).toBe(0.45);
    expect(def.progress(state({ values: { username: '', password: 'xq' } }))).toBe(0.45);
    expect(def.progress(state({ values: { username: 'bob', password: 'xq' } }))).toBe(0.9);
  });

  it('the expert fills username then password, cancels the dialog when it shows, fills again, then logs in', () => {
    const env = envWith(loginUserPopup, state({ trap: 'username', labels: { username: 'Account', password: 'Passcode' } }));
    const steps: string[] = [];
    for (let t = 0; t < 8 && !env.step((steps[t] = loginUserPopup.expert(env))).terminated; t++);
    expect(steps).toEqual(['fill(2, "bob")', 'click(8)', 'fill(2, "bob")', 'fill(3, "xq")', 'click(4)']);
    expect(env.state.values).toEqual({ username: 'bob', password: 'xq' });
  });

  it('ends the episode after 8 turns, truncated', () => {
    const env = envWith(loginUserPopup, state({ trap: '' }));
    for (let t = 1; t < 8; t++) expect(env.step('fill(2, "z")').truncated).toBe(false);
    expect(env.step('fill(2, "z")')).toMatchObject({ terminated: false, truncated: true });
  });
});
