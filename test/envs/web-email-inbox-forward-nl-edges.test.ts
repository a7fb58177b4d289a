// Edge cases of the email-inbox-forward-nl family (issue 21's mutation pass): its options and levels, init on a
// scripted random stream (the senders and the recipient, each email's subject and sentences, the target, the layout,
// the phrasing), every phrasing and layout of each split, the rules over seeds, the inbox with and without previews,
// the email, reply and forward pages, Star, Back, Send right and wrong, progress and the expert at each stage, and
// the turn limit. Values are worked out by hand.
import { describe, expect, it } from 'vitest';
import { LOREM_WORDS, PERSON_FIRST } from '../../src/envs/lexicon/english';
import { inSplit, poolsOf } from '../../src/envs/split';
import { emailInboxForwardNl } from '../../src/envs/web/email-inbox-forward-nl';
import { scripted } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';
import type { State } from '../../src/envs/web/email-inbox-forward-nl';

const def = defOf<State>(emailInboxForwardNl);
const train = poolsOf('train');
const test = poolsOf('test');

/** The 24 phrasings, as the family lists them; each in one split. */
const PHRASINGS = [
  'Forward the email from {name} to {dest}.', 'Find the email by {name} and forward it to {dest}.',
  'Send {dest} the email you got from {name}.', 'Forward to {dest} the email from {name}.',
  '{dest} wants the email {name} sent you.', 'Please forward the message from {name} to {dest}.',
  'Look for the mail from {name} and send it on to {dest}.', 'Go to the email by {name} and forward it to {dest}.',
  'Pass the email from {name} along to {dest}.', 'Could you forward {name}\'s email to {dest}?',
  'I need the message from {name} sent to {dest}.', 'Get the email {name} wrote and forward it to {dest}.',
  'Share the email from {name} with {dest}.', 'Open the mail by {name}, then forward it to {dest}.',
  '{dest} is waiting for the email from {name}.', 'Find {name}\'s message and send it to {dest}.',
  'Forward {dest} the message {name} sent.', 'Send the email from {name} over to {dest}.',
  'Locate the email from {name} and forward it to {dest}.', 'The mail from {name} should go to {dest}.',
  'Make sure {dest} gets the email from {name}.', 'Relay the message from {name} to {dest}.',
  'Please send {dest} a copy of the email from {name}.', 'Forward {name}\'s latest email to {dest}.',
];

/** Ann's and Bo's emails, Bo's the one to forward to Cy; the inbox open, titled Mail, with previews and Fwd. */
const state = (o: Partial<State> = {}): State => ({
  emails: [
    { from: 'Ann', subject: 'hi', body: 'Short body.' },
    { from: 'Bo', subject: 'lunch plans', body: 'A body longer than fifteen.' },
  ],
  target: 1,
  dest: 'Cy',
  nav: { page: 'inbox', history: [] },
  open: 0,
  to: '',
  text: '',
  starred: [false, false],
  title: 'Mail',
  forwardButton: 'Fwd',
  previews: true,
  ...o,
});
/** The same on email `open`'s page (or a form of it), reached from the inbox. */
const at = (page: string, open: number, o: Partial<State> = {}): State =>
  state({ nav: { page, history: page === 'email' ? ['inbox'] : ['inbox', 'email'] }, open, ...o });

/** Two emails of 1 and 2 subject words and 5 body words each (sentence coins as given), target 1, then the layout
 * and phrasing indices. */
const script = (layout: number, phrasing: number) => [
  0, 1, 2,
  0, 0, 0, 1, 2, 3, 4, 5, 0.5, 0.1, 0.5, 0.5,
  1, 1, 2, 0, 0, 0, 0, 0, 0, 0.9, 0.9, 0.9, 0.9,
  1, layout, phrasing,
];

describe('email-inbox-forward-nl: the family', () => {
  it('says what it is, its turn limit, options and levels', () => {
    expect(emailInboxForwardNl).toMatchObject({ id: 'email-inbox-forward-nl', suite: 'web', family: 'email-inbox-forward-nl', maxTurns: 8, miniwob: 'email-inbox-forward-nl' });
    expect(emailInboxForwardNl.description).toBe('Forward the email from the named sender to the named person, the request phrased in natural language.');
    expect(emailInboxForwardNl.lesson).toBeUndefined();
    expect(emailInboxForwardNl.instanceKey).toBeUndefined();
    expect(emailInboxForwardNl.options).toEqual([{ name: 'emails', doc: 'emails in the inbox', kind: 'int', default: 4, min: 2, max: 8 }]);
    expect(emailInboxForwardNl.levels).toEqual([{ emails: 3 }, { emails: 4 }, { emails: 8 }]);
  });
});

describe('email-inbox-forward-nl: init on a scripted stream', () => {
  it('senders then the recipient, subjects, bodies in sentences, the target, the layout and the phrasing', () => {
    expect(train.words(PERSON_FIRST).slice(0, 3)).toEqual(['Aaliyah', 'Abbie', 'Abbigail']);
    expect(train.words(LOREM_WORDS).slice(0, 6)).toEqual(['abbas', 'abduco', 'abscido', 'absens', 'absque', 'abstergo']);
    const rng = scripted(script(0, 0));
    const { goal, state } = def.init(rng, { emails: 2 }, train);
    const first = PHRASINGS.filter((p) => inSplit(p, 'train'))[0];
    expect(first).toBe('Forward the email from {name} to {dest}.');
    expect(goal).toBe('Forward the email from Abbie to Abbigail.');
    // a sentence ends where the coin is below 0.2, and at the last word; layout 0 of train is 9: Primary, Fwd, previews
    expect(state).toEqual({
      emails: [
        { from: 'Aaliyah', subject: 'abbas', body: 'Abduco abscido. Absens absque abstergo.' },
        { from: 'Abbie', subject: 'abduco abscido', body: 'Abbas abbas abbas abbas abbas.' },
      ],
      target: 1,
      dest: 'Abbigail',
      nav: { page: 'inbox', history: [] },
      open: 0,
      to: '',
      text: '',
      starred: [false, false],
      title: 'Primary',
      forwardButton: 'Fwd',
      previews: true,
    });
    const names = `int(${train.words(PERSON_FIRST).length})`;
    const lorem = `int(${train.words(LOREM_WORDS).length})`;
    const body = ['int(8)', ...Array(5).fill(lorem), 'next', 'next', 'next', 'next'];
    expect(rng.asked).toEqual([
      names, names, names,
      'int(3)', lorem, ...body,
      'int(3)', lorem, lorem, ...body,
      'int(2)', 'int(9)', `int(${PHRASINGS.filter((p) => inSplit(p, 'train')).length})`,
    ]);
    expect(rng.left).toEqual([]);
  });

  it('every phrasing of each split, filled with the target\'s sender and the recipient; the splits share none', () => {
    const fill = (p: string, name: string, dest: string) => p.replace('{name}', name).replace('{dest}', dest);
    const trainP = PHRASINGS.filter((p) => inSplit(p, 'train'));
    const testP = PHRASINGS.filter((p) => inSplit(p, 'test'));
    expect([trainP.length, testP.length]).toEqual([21, 3]);
    trainP.forEach((p, i) => expect(def.init(scripted(script(0, i)), { emails: 2 }, train).goal).toBe(fill(p, 'Abbie', 'Abbigail')));
    expect(test.words(PERSON_FIRST).slice(0, 3)).toEqual(['Abagail', 'Abbey', 'Abigail']);
    testP.forEach((p, i) => expect(def.init(scripted(script(0, i)), { emails: 2 }, test).goal).toBe(fill(p, 'Abbey', 'Abigail')));
  });

  it('every layout of each split: the title, the forward button\'s name, previews or not', () => {
    const layout = (pools: typeof train, i: number) => {
      const { state: s } = def.init(scripted(script(i, 0)), { emails: 2 }, pools);
      return `${s.title} ${s.forwardButton} ${s.previews}`;
    };
    // train's layouts 9, 11, 7, 1, 2, 3, 5, 10, 8 and test's 0, 6, 4, each (title + 3 x (button + 2 x previews))
    expect([...Array(9).keys()].map((i) => layout(train, i))).toEqual([
      'Primary Fwd true', 'Mail Fwd true', 'Inbox Forward true', 'Inbox Forward false', 'Mail Forward false',
      'Primary Fwd false', 'Mail Fwd false', 'Inbox Fwd true', 'Mail Forward true',
    ]);
    expect([...Array(3).keys()].map((i) => layout(test, i))).toEqual(['Primary Forward false', 'Primary Forward true', 'Inbox Fwd false']);
  });
});

describe('email-inbox-forward-nl: over seeds', () => {
  it('distinct people of the split, bodies of 5-12 words ending a sentence, the recipient not a sender', () => {
    for (const split of ['train', 'test'] as const) {
      for (let seed = 0; seed < 30; seed++) {
        const env = emailInboxForwardNl.create();
        env.reset({ seed, split, options: { emails: 3 } });
        const s = (env as unknown as { state: State }).state;
        const people = [...s.emails.map((e) => e.from), s.dest];
        expect(new Set(people).size).toBe(4);
        for (const p of people) expect(inSplit(p, split)).toBe(true);
        for (const e of s.emails) {
          expect(e.body.split(' ').length).toBeGreaterThanOrEqual(5);
          expect(e.body.split(' ').length).toBeLessThanOrEqual(12);
          expect(e.body.endsWith('.')).toBe(true);
          expect(e.subject.split(' ').length).toBeLessThanOrEqual(3);
        }
        expect(env.goal).toContain(s.emails[s.target].from);
      }
    }
  });
});

describe('email-inbox-forward-nl: the pages and their handlers', () => {
  it('the inbox: the title, each email a link "sender: subject", with its body\'s first 15 characters under it', () => {
    expect(lines(drawn(def, state()))).toEqual([
      "1 heading 'Mail'", "2 link 'Ann: hi'", "3 text 'Short body.' depth 1", "4 link 'Bo: lunch plans'", "5 text 'A body longer t..' depth 1",
    ]);
    const exact = state({ emails: [{ from: 'Ann', subject: 'hi', body: 'fifteen letters' }, { from: 'Bo', subject: 'x', body: 'sixteen letters!' }] });
    expect(lines(drawn(def, exact)).slice(2)).toEqual(["3 text 'fifteen letters' depth 1", "4 link 'Bo: x'", "5 text 'sixteen letters..' depth 1"]);
    expect(lines(drawn(def, state({ previews: false })))).toEqual(["1 heading 'Mail'", "2 link 'Ann: hi'", "3 link 'Bo: lunch plans'"]);
    const env = envWith(emailInboxForwardNl, state());
    env.step('click(4)');
    expect([env.state.open, env.state.nav]).toEqual([1, { page: 'email', history: ['inbox'] }]);
    const back = envWith(emailInboxForwardNl, state({ open: 1, previews: false }));
    back.step('click(2)');
    expect(back.state.open).toBe(0);
  });

  it('an email: Back, Star, its subject, sender and body, Reply and the forward button; Star toggles to Unstar', () => {
    expect(lines(drawn(def, at('email', 1)))).toEqual([
      "1 button 'Back'", "2 button 'Star'", "3 heading 'lunch plans'", "4 text 'From Bo, to me'",
      "5 text 'A body longer than fifteen.'", "6 button 'Reply'", "7 button 'Fwd'",
    ]);
    const env = envWith(emailInboxForwardNl, at('email', 1));
    expect(env.step('click(2)').info.lastActionError).toBeUndefined();
    expect(env.state.starred).toEqual([false, true]);
    expect(lines(env.current())[1]).toBe("2 button 'Unstar'");
    env.step('click(2)');
    expect(env.state.starred).toEqual([false, false]);
    env.step('click(1)');
    expect(env.state.nav).toEqual({ page: 'inbox', history: [] });
    expect(env.step('back()').info.lastActionError).toBe('back(): there is no previous page');
  });

  it('Reply opens a form to the sender, its text cleared; its Send always fails; its Back returns', () => {
    const env = envWith(emailInboxForwardNl, at('email', 1, { text: 'x' }));
    env.step('click(6)');
    expect(env.state.nav.page).toBe('reply');
    expect(lines(env.current())).toEqual(["1 button 'Back'", "2 text 'To Bo'", "3 textbox 'Message' = \"\"", "4 button 'Send'"]);
    env.step('fill(3, "hello")');
    expect(env.state.text).toBe('hello');
    env.step('click(1)');
    expect(env.state.nav.page).toBe('email');
    const right = at('reply', 1, { to: 'Cy', text: 'A body longer than fifteen.' });
    expect(envWith(emailInboxForwardNl, right).step('click(4)')).toMatchObject({ terminated: true, reward: 0 });
  });

  it('the forward button opens a form, To cleared and the body in; Send needs the target, the recipient and the body', () => {
    const env = envWith(emailInboxForwardNl, at('email', 1, { to: 'zz' }));
    env.step('click(7)');
    expect(env.state.nav.page).toBe('forward');
    expect(lines(env.current())).toEqual([
      "1 button 'Back'", "2 textbox 'To' = \"\"", "3 text 'Subject: Fwd: lunch plans'", "4 textbox 'Message' = \"A body longer than fifteen.\"", "5 button 'Send'",
    ]);
    env.step('fill(2, " Cy ")');
    expect(env.state.to).toBe(' Cy ');
    expect(env.step('click(5)')).toMatchObject({ terminated: true, reward: 1 });
    const send = (o: Partial<State>, open = 1) => envWith(emailInboxForwardNl, at('forward', open, o)).step('click(5)');
    const body = 'A body longer than fifteen.';
    expect(send({ to: 'Cyd', text: body })).toMatchObject({ terminated: true, reward: 0 });
    expect(send({ to: 'Cy', text: `${body} ` })).toMatchObject({ terminated: true, reward: 0 });
    expect(send({ to: 'Cy', text: 'Short body.' }, 0)).toMatchObject({ terminated: true, reward: 0 });
    const edit = envWith(emailInboxForwardNl, at('forward', 1));
    edit.step('fill(4, "new")');
    expect(edit.state.text).toBe('new');
    edit.step('click(1)');
    expect(edit.state.nav.page).toBe('email');
  });

  it('progress: 0 in the inbox or on another email, 0.3 on the target, the forward form 0.5 or 0.7 with the recipient, the reply form 0.2', () => {
    expect(def.progress(state({ open: 1 }))).toBe(0);
    expect(def.progress(at('email', 0))).toBe(0);
    expect(def.progress(at('email', 1, { to: 'Cy' }))).toBe(0.3);
    expect(def.progress(at('forward', 1))).toBe(0.5);
    expect(def.progress(at('forward', 1, { to: ' Cy ' }))).toBe(0.7);
    expect(def.progress(at('forward', 0, { to: 'Cy' }))).toBe(0);
    expect(def.progress(at('reply', 1))).toBe(0.2);
    expect(def.progress(at('reply', 1, { to: 'Cy' }))).toBe(0.2);
  });

  it('the expert opens the target, its forward button, fills the body and the recipient, sends; back() when off the way', () => {
    const expert = (s: State) => emailInboxForwardNl.expert(envWith(emailInboxForwardNl, s));
    expect(expert(state())).toBe('click(4)');
    expect(expert(state({ previews: false }))).toBe('click(3)');
    expect(expert(at('email', 0))).toBe('back()');
    expect(expert(at('reply', 1))).toBe('back()');
    expect(expert(at('forward', 0))).toBe('back()');
    expect(expert(at('email', 1))).toBe('click(7)');
    expect(expert(at('email', 1, { forwardButton: 'Forward' }))).toBe('click(7)');
    expect(expert(at('forward', 1, { to: 'Cy', text: 'x' }))).toBe('fill(4, "A body longer than fifteen.")');
    expect(expert(at('forward', 1, { to: 'Cyd', text: 'A body longer than fifteen.' }))).toBe('fill(2, "Cy")');
    expect(expert(at('forward', 1, { to: ' Cy ', text: 'A body longer than fifteen.' }))).toBe('click(5)');
  });

  it('ends the episode after 8 turns, truncated', () => {
    const env = envWith(emailInboxForwardNl, state());
    for (let t = 1; t < 8; t++) expect(env.step('click(1)').truncated).toBe(false);
    expect(env.step('click(1)')).toMatchObject({ terminated: false, truncated: true });
  });
});
