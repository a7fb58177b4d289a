// Edge cases of the email-inbox family (issue 21's mutation pass): its options and levels, init on a scripted random
// stream (the recipient and senders, each email's subject and body, the task, the target, the reply's text), the
// rules over seeds, the inbox, email, reply and forward pages, every button right and wrong for each task, back(),
// progress and the expert at each stage, and the turn limit. Values are worked out by hand.
import { describe, expect, it } from 'vitest';
import { LOREM_WORDS, PERSON_FIRST } from '../../src/envs/lexicon/english';
import { inSplit, poolsOf } from '../../src/envs/split';
import { emailInbox } from '../../src/envs/web/email-inbox';
import { scripted } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';
import type { State } from '../../src/envs/web/email-inbox';

const def = defOf<State>(emailInbox);
const train = poolsOf('train');
const NAMES = train.words(PERSON_FIRST).length;
const LOREM = train.words(LOREM_WORDS).length;

/** Two emails, the second (Bo's) the target of a reply "ok then"; the inbox open. */
const state = (o: Partial<State> = {}): State => ({
  emails: [
    { from: 'Ann', subject: 'hi there', body: 'b one', starred: false },
    { from: 'Bo', subject: 'lunch', body: 'b two', starred: false },
  ],
  task: 'reply',
  target: 1,
  text: 'ok then',
  nav: { page: 'inbox', history: [] },
  open: 0,
  to: '',
  message: '',
  ...o,
});
/** The same on email `open`'s page, reached from the inbox. */
const at = (page: string, open: number, o: Partial<State> = {}): State =>
  state({ nav: { page, history: page === 'email' ? ['inbox'] : ['inbox', 'email'] }, open, ...o });

describe('email-inbox: the family', () => {
  it('says what it is, its turn limit, options and levels', () => {
    expect(emailInbox).toMatchObject({ id: 'email-inbox', suite: 'web', family: 'email-inbox', maxTurns: 10, miniwob: 'email-inbox' });
    expect(emailInbox.description).toBe('Find an email by its sender, then reply, forward, delete or star it.');
    expect(emailInbox.lesson).toBeUndefined();
    expect(emailInbox.instanceKey).toBeUndefined();
    expect(emailInbox.options).toEqual([
      { name: 'emails', doc: 'emails in the inbox', kind: 'int', default: 6, min: 3, max: 10 },
      { name: 'task', doc: 'which task (any draws one)', kind: 'enum', default: 'any', values: ['any', 'reply', 'forward', 'delete', 'important'] },
    ]);
    expect(emailInbox.levels).toEqual([3, 4, 6, 8, 10].map((emails) => ({ emails, task: 'any' })));
  });
});

describe('email-inbox: init on a scripted stream', () => {
  // names 0-3: Aaliyah (the recipient), then the senders Abbie, Abbigail, Abby; subjects of 1, 2, 3 words, bodies of
  // 5, 5 and 10 words
  const emails = [0, 1, 2, 3, 0, 0, 0, 1, 2, 3, 4, 5, 1, 1, 2, 0, 0, 0, 0, 0, 0, 2, 3, 4, 5, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  const drawnEmails = [
    { from: 'Abbie', subject: 'abbas', body: 'abduco abscido absens absque abstergo', starred: false },
    { from: 'Abbigail', subject: 'abduco abscido', body: 'abbas abbas abbas abbas abbas', starred: false },
    { from: 'Abby', subject: 'absens absque abstergo', body: Array(10).fill('abbas').join(' '), starred: false },
  ];
  const start = { nav: { page: 'inbox', history: [] }, open: 0, to: '', message: '' };

  it('any task: senders and their emails, the task drawn, the target, a reply text of 1 to 5 words', () => {
    expect(train.words(PERSON_FIRST).slice(0, 4)).toEqual(['Aaliyah', 'Abbie', 'Abbigail', 'Abby']);
    expect(train.words(LOREM_WORDS).slice(0, 6)).toEqual(['abbas', 'abduco', 'abscido', 'absens', 'absque', 'abstergo']);
    // task 0 (reply), target 1 (Abbigail), text of 4 + 1 words
    const rng = scripted([...emails, 0, 1, 4, 0, 1, 2, 3, 4]);
    const { goal, state } = def.init(rng, { emails: 3, task: 'any' }, train);
    expect(goal).toBe('Find the email by Abbigail and reply to them with the text "abbas abduco abscido absens absque".');
    expect(state).toEqual({ emails: drawnEmails, task: 'reply', target: 1, text: 'abbas abduco abscido absens absque', ...start });
    const w = (n: number) => Array(n).fill(`int(${LOREM})`);
    expect(rng.asked).toEqual([
      ...Array(4).fill(`int(${NAMES})`),
      'int(3)', ...w(1), 'int(6)', ...w(5),
      'int(3)', ...w(2), 'int(6)', ...w(5),
      'int(3)', ...w(3), 'int(6)', ...w(10),
      'int(4)', 'int(3)', 'int(5)', ...w(5),
    ]);
    expect(rng.left).toEqual([]);
  });

  it('each task drawn or given: forward names the first name drawn, the others draw a text all the same', () => {
    let r = def.init(scripted([...emails, 1, 2]), { emails: 3, task: 'any' }, train);
    expect([r.goal, r.state.task, r.state.text]).toEqual(['Find the email by Abby and forward that email to Aaliyah.', 'forward', 'Aaliyah']);
    r = def.init(scripted([...emails, 0]), { emails: 3, task: 'forward' }, train);
    expect([r.goal, r.state.text]).toEqual(['Find the email by Abbie and forward that email to Aaliyah.', 'Aaliyah']);
    r = def.init(scripted([...emails, 2, 0, 0, 5]), { emails: 3, task: 'any' }, train);
    expect([r.goal, r.state.task, r.state.text]).toEqual(['Find the email by Abbie and click the trash icon to delete it.', 'delete', 'abstergo']);
    r = def.init(scripted([...emails, 3, 2, 1, 0, 1]), { emails: 3, task: 'any' }, train);
    expect([r.goal, r.state.task, r.state.text]).toEqual(['Find the email by Abby and click the star icon to mark it as important.', 'important', 'abbas abduco']);
    const rng = scripted([...emails, 1, 0, 0]);
    r = def.init(rng, { emails: 3, task: 'reply' }, train);
    expect([r.goal, r.state.text]).toEqual(['Find the email by Abbigail and reply to them with the text "abbas".', 'abbas']);
    expect(rng.asked.slice(-3)).toEqual(['int(3)', 'int(5)', `int(${LOREM})`]);
  });
});

describe('email-inbox: over seeds', () => {
  it('distinct senders of the split, the recipient not among them, every task, subjects of 1-3 and bodies of 5-10 words', () => {
    for (const split of ['train', 'test'] as const) {
      const tasks = new Set<string>();
      for (let seed = 0; seed < 40; seed++) {
        const env = emailInbox.create();
        env.reset({ seed, split, options: { emails: 4 } });
        const s = (env as unknown as { state: State }).state;
        const senders = s.emails.map((e) => e.from);
        expect(new Set(senders).size).toBe(4);
        for (const name of senders) expect(inSplit(name, split)).toBe(true);
        for (const e of s.emails) {
          expect(e.subject.split(' ').length).toBeGreaterThanOrEqual(1);
          expect(e.subject.split(' ').length).toBeLessThanOrEqual(3);
          expect(e.body.split(' ').length).toBeGreaterThanOrEqual(5);
          expect(e.body.split(' ').length).toBeLessThanOrEqual(10);
        }
        if (s.task === 'forward') expect(senders).not.toContain(s.text);
        expect(env.goal).toContain(`by ${senders[s.target]} `);
        tasks.add(s.task);
      }
      expect([...tasks].sort()).toEqual(['delete', 'forward', 'important', 'reply']);
    }
  });
});

describe('email-inbox: the pages and their handlers', () => {
  it('the inbox: the heading, then each sender and its subject link one level under it; a link opens its email', () => {
    expect(lines(drawn(def, state()))).toEqual(["1 heading 'Primary'", "2 text 'Ann'", "3 link 'hi there' depth 1", "4 text 'Bo'", "5 link 'lunch' depth 1"]);
    const env = envWith(emailInbox, state());
    expect(env.step('click(5)').info.lastActionError).toBeUndefined();
    expect([env.state.open, env.state.nav]).toEqual([1, { page: 'email', history: ['inbox'] }]);
    const first = envWith(emailInbox, state({ open: 1 }));
    first.step('click(3)');
    expect(first.state.open).toBe(0);
    expect(first.step('back()').info.lastActionError).toBeUndefined();
    expect(first.state.nav).toEqual({ page: 'inbox', history: [] });
    expect(first.step('back()').info.lastActionError).toBe('back(): there is no previous page');
  });

  it('an email: its subject, sender, body, then Reply, Forward, Trash and Star (pressed once starred)', () => {
    expect(lines(drawn(def, at('email', 1)))).toEqual([
      "1 heading 'lunch'", "2 text 'From Bo'", "3 text 'b two'", "4 button 'Reply'", "5 button 'Forward'", "6 button 'Trash'", "7 button 'Star' []",
    ]);
    const env = envWith(emailInbox, at('email', 0));
    const r = env.step('click(7)');
    expect(r).toMatchObject({ terminated: false, reward: 0 });
    expect(r.info.lastActionError).toBeUndefined();
    expect(lines(env.current())[6]).toBe("7 button 'Star' [pressed]");
    env.step('click(7)');
    expect(env.state.emails[0].starred).toBe(false);
  });

  it('Reply opens the reply form to the sender, message cleared; Send succeeds only with the reply task, email and text', () => {
    const env = envWith(emailInbox, at('email', 1, { to: 'x', message: 'y' }));
    env.step('click(4)');
    expect(env.state.nav).toEqual({ page: 'reply', history: ['inbox', 'email'] });
    expect(lines(env.current())).toEqual(["1 text 'To Bo'", "2 textbox 'Message' = \"\"", "3 button 'Send'"]);
    env.step('fill(2, " ok then ")');
    expect(env.state.message).toBe(' ok then ');
    expect(env.step('click(3)')).toMatchObject({ terminated: true, reward: 1 });
    const send = (s: State) => envWith(emailInbox, s).step('click(3)');
    expect(send(at('reply', 1, { message: 'ok' }))).toMatchObject({ terminated: true, reward: 0 });
    expect(send(at('reply', 0, { message: 'ok then' }))).toMatchObject({ terminated: true, reward: 0 });
    expect(send(at('reply', 1, { message: 'ok then', task: 'forward' }))).toMatchObject({ terminated: true, reward: 0 });
  });

  it('Forward opens a form with To cleared and the body; Send succeeds only with the forward task, email, recipient and body', () => {
    const fwd = (o: Partial<State> = {}) => ({ task: 'forward' as const, text: 'Cy', ...o });
    const env = envWith(emailInbox, at('email', 1, fwd({ to: 'zz' })));
    env.step('click(5)');
    expect(env.state.nav.page).toBe('forward');
    expect(lines(env.current())).toEqual(["1 textbox 'To' = \"\"", "2 textbox 'Message' = \"b two\"", "3 button 'Send'"]);
    env.step('fill(1, " Cy ")');
    expect(env.state.to).toBe(' Cy ');
    expect(env.step('click(3)')).toMatchObject({ terminated: true, reward: 1 });
    const send = (s: State) => envWith(emailInbox, s).step('click(3)');
    expect(send(at('forward', 1, fwd({ to: 'Cy', message: 'b two' })))).toMatchObject({ reward: 1 });
    expect(send(at('forward', 1, fwd({ to: 'Cy', message: 'b two ' })))).toMatchObject({ terminated: true, reward: 0 });
    expect(send(at('forward', 1, fwd({ to: 'Cyd', message: 'b two' })))).toMatchObject({ terminated: true, reward: 0 });
    expect(send(at('forward', 0, fwd({ to: 'Cy', message: 'b one' })))).toMatchObject({ terminated: true, reward: 0 });
    expect(send(at('forward', 1, fwd({ to: 'Cy', message: 'b two', task: 'reply' })))).toMatchObject({ terminated: true, reward: 0 });
  });

  it('Trash and Star end the episode only for their own task, a success only on the target', () => {
    const click = (s: State, id: number) => envWith(emailInbox, s).step(`click(${id})`);
    expect(click(at('email', 1, { task: 'delete' }), 6)).toMatchObject({ terminated: true, reward: 1 });
    expect(click(at('email', 0, { task: 'delete' }), 6)).toMatchObject({ terminated: true, reward: 0 });
    const kept = click(at('email', 1, { task: 'important' }), 6);
    expect(kept).toMatchObject({ terminated: false, reward: 0 });
    expect(kept.info.lastActionError).toBeUndefined();
    expect(click(at('email', 1, { task: 'important' }), 7)).toMatchObject({ terminated: true, reward: 1 });
    expect(click(at('email', 0, { task: 'important' }), 7)).toMatchObject({ terminated: true, reward: 0 });
    expect(click(at('email', 1, { task: 'delete' }), 7)).toMatchObject({ terminated: false, reward: 0 });
  });

  it('progress: 0 in the inbox or on another email, 0.4 on the target, 0.6 in the task\'s form, 0.2 in the other', () => {
    expect(def.progress(state({ open: 1 }))).toBe(0);
    expect(def.progress(at('email', 0))).toBe(0);
    expect(def.progress(at('email', 1))).toBe(0.4);
    expect(def.progress(at('reply', 1))).toBe(0.6);
    expect(def.progress(at('forward', 1))).toBe(0.2);
    expect(def.progress(at('forward', 1, { task: 'forward' }))).toBe(0.6);
    expect(def.progress(at('reply', 0))).toBe(0);
  });

  it('the expert opens the target, clicks its task\'s button, fills what is wrong, sends; back() when off the way', () => {
    const expert = (s: State) => emailInbox.expert(envWith(emailInbox, s));
    expect(expert(state())).toBe('click(5)');
    expect(expert(state({ target: 0 }))).toBe('click(3)');
    expect(expert(at('email', 0))).toBe('back()');
    expect((['reply', 'forward', 'delete', 'important'] as const).map((task) => expert(at('email', 1, { task })))).toEqual(['click(4)', 'click(5)', 'click(6)', 'click(7)']);
    expect(expert(at('forward', 1))).toBe('back()');
    expect(expert(at('reply', 0))).toBe('back()');
    expect(expert(at('reply', 1))).toBe('fill(2, "ok then")');
    expect(expert(at('reply', 1, { message: 'ok then' }))).toBe('click(3)');
    expect(expert(at('forward', 1, { task: 'forward', text: 'Cy' }))).toBe('fill(1, "Cy")');
    expect(expert(at('forward', 1, { task: 'forward', text: 'Cy', to: 'Cy', message: 'b two' }))).toBe('click(3)');
  });

  it('the expert solves a drawn episode of each task', () => {
    for (const task of ['reply', 'forward', 'delete', 'important']) {
      const env = emailInbox.create();
      env.reset({ seed: 3, split: 'test', options: { task } });
      let r;
      do r = env.step(emailInbox.expert(env));
      while (!r.terminated && !r.truncated);
      expect(r.reward, task).toBe(1);
    }
  });

  it('ends the episode after 10 turns, truncated', () => {
    const env = envWith(emailInbox, state());
    for (let t = 1; t < 10; t++) expect(env.step('click(1)').truncated).toBe(false);
    expect(env.step('click(1)')).toMatchObject({ terminated: false, truncated: true });
  });
});
