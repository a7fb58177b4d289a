// email-inbox-forward-nl (MiniWoB++): an inbox app (list, email view, forward form); the goal, in one of many
// natural-language phrasings, asks to forward the email from one person to another. Send must carry the email's
// body unchanged to the named recipient. Phrasings, like names and bodies, are split: test phrasings are unseen.

import { levelTable } from '../levels';
import { LOREM_WORDS, PERSON_FIRST } from '../lexicon/english';
import { loremSentences } from '../lexicon/lorem';
import { fillTemplate } from '../lexicon/phrasing';
import { intOption } from '../options';
import { wordsOf } from './controls';
import { Layouts } from './layout';
import { defineWebTask, navBack, navigate, type Nav, onClick, onFill } from './page';

/** Ways to ask; each belongs to one split. */
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
const INBOX_TITLES = ['Primary', 'Inbox', 'Mail'];
const FORWARD_BUTTONS = ['Forward', 'Fwd'];
const LAYOUTS = new Layouts('email-inbox-forward-nl', [INBOX_TITLES.length, FORWARD_BUTTONS.length, 2]);

const OPTIONS = [intOption('emails', 'emails in the inbox', 4, 2, 8)];

export interface Email {
  from: string;
  subject: string;
  body: string;
}

export interface State {
  emails: Email[];
  target: number;
  dest: string;
  nav: Nav; // pages: inbox, email, reply, forward
  open: number;
  to: string;
  text: string;
  starred: boolean[];
  title: string;
  forwardButton: string;
  /** The inbox shows the start of each body under its subject. */
  previews: boolean;
}

const preview = (text: string) => (text.length <= 15 ? text : `${text.slice(0, 15)}..`);

export const emailInboxForwardNl = defineWebTask<State>({
  id: 'email-inbox-forward-nl',
  description: 'Forward the email from the named sender to the named person, the request phrased in natural language.',
  maxTurns: 8,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{ emails: 3 }, { emails: 4 }, { emails: 8 }]),
  miniwob: 'email-inbox-forward-nl',
  init(rng, o, pools) {
    const people = pools.sample(rng, PERSON_FIRST, (o.emails as number) + 1);
    const dest = people.pop() as string;
    const emails = people.map((from) => ({ from, subject: wordsOf(rng, pools, LOREM_WORDS, rng.range(1, 3)), body: loremSentences(rng, pools, rng.range(5, 12)).join(' ') }));
    const target = rng.int(emails.length);
    const [title, forward, previews] = LAYOUTS.draw(rng, pools);
    return {
      goal: fillTemplate(pools.pick(rng, PHRASINGS), { name: emails[target].from, dest }),
      state: {
        emails, target, dest, nav: { page: 'inbox', history: [] }, open: 0, to: '', text: '', starred: emails.map(() => false),
        title: INBOX_TITLES[title], forwardButton: FORWARD_BUTTONS[forward], previews: previews === 1,
      },
    };
  },
  draw(s, page) {
    const p = s.nav.page;
    if (p === 'inbox') {
      page.add('heading', s.title);
      s.emails.forEach((e, i) => {
        page.add('link', `${e.from}: ${e.subject}`, undefined, onClick(() => void ((s.open = i), navigate(s.nav, 'email'))));
        if (s.previews) page.add('text', preview(e.body), { depth: 1 });
      });
      return;
    }
    const e = s.emails[s.open];
    if (p === 'email') {
      page.add('button', 'Back', undefined, onClick(() => navBack(s.nav)));
      page.add('button', s.starred[s.open] ? 'Unstar' : 'Star', undefined, onClick(() => void (s.starred[s.open] = !s.starred[s.open])));
      page.add('heading', e.subject);
      page.add('text', `From ${e.from}, to me`);
      page.add('text', e.body);
      page.add('button', 'Reply', undefined, onClick(() => void ((s.text = ''), navigate(s.nav, 'reply'))));
      page.add('button', s.forwardButton, undefined, onClick(() => {
        s.to = '';
        s.text = e.body;
        navigate(s.nav, 'forward');
      }));
      return;
    }
    page.add('button', 'Back', undefined, onClick(() => navBack(s.nav)));
    if (p === 'reply') {
      // A reply is not what any goal asks: sending one fails, as in MiniWoB.
      page.add('text', `To ${e.from}`);
      page.add('textbox', 'Message', { value: s.text }, onFill((t) => void (s.text = t)));
      page.add('button', 'Send', undefined, onClick(() => page.end(false)));
      return;
    }
    page.add('textbox', 'To', { value: s.to }, onFill((t) => void (s.to = t)));
    page.add('text', `Subject: Fwd: ${e.subject}`);
    page.add('textbox', 'Message', { value: s.text }, onFill((t) => void (s.text = t)));
    page.add('button', 'Send', undefined, onClick(() => page.end(s.open === s.target && s.to.trim() === s.dest && s.text === e.body)));
  },
  back: (s) => navBack(s.nav),
  progress(s) {
    if (s.open !== s.target || s.nav.page === 'inbox') return 0;
    // The reply form is off the way (its Send fails): below the email, as email-inbox puts its wrong form.
    if (s.nav.page === 'reply') return 0.2;
    return s.nav.page === 'email' ? 0.3 : s.to.trim() === s.dest ? 0.7 : 0.5;
  },
  expert(s, page) {
    const want = s.emails[s.target];
    if (s.nav.page === 'inbox') return `click(${page.idOf('link', `${want.from}: ${want.subject}`)})`;
    if (s.open !== s.target || s.nav.page === 'reply') return 'back()';
    if (s.nav.page === 'email') return `click(${page.idOf('button', s.forwardButton)})`;
    if (s.text !== want.body) return `fill(${page.idOf('textbox', 'Message')}, "${want.body}")`;
    if (s.to.trim() !== s.dest) return `fill(${page.idOf('textbox', 'To')}, "${s.dest}")`;
    return `click(${page.idOf('button', 'Send')})`;
  },
});
