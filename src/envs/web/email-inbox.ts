// email-inbox (MiniWoB++): open an email and read it, reply to it, forward it or delete it; back() returns.

import type { OptionSpec } from '../api';
import { levelTable } from '../levels';
import { intOption } from '../options';
import { FIRST_NAMES, NOUNS, TOPICS, sample } from '../words';
import { defineWebTask, navBack, navigate, type Nav, onClick, onFill } from './page';

type Kind = 'read' | 'reply' | 'forward' | 'delete';
const KINDS: readonly Kind[] = ['read', 'reply', 'forward', 'delete'];

interface Email {
  from: string;
  subject: string;
  word: string;
  deleted: boolean;
}

interface State {
  emails: Email[];
  kind: Kind;
  target: number;
  text: string; // the reply text or the forward recipient
  nav: Nav; // pages: inbox, email, compose
  open: number;
  mode: 'reply' | 'forward';
  to: string;
  message: string;
}

/** Opens the compose page for a reply (addressed to the sender) or a forward (carrying the body). */
function compose(s: State, mode: 'reply' | 'forward'): void {
  const e = s.emails[s.open];
  s.mode = mode;
  s.to = mode === 'reply' ? e.from : '';
  s.message = mode === 'reply' ? '' : `The code word is ${e.word}.`;
  navigate(s.nav, 'compose');
}

const OPTIONS: OptionSpec[] = [
    intOption('emails', 'emails in the inbox', 3, 2, 6),
    { name: 'kind', doc: 'which task (any draws one)', kind: 'enum', default: 'any', values: ['any', ...KINDS] },
  ];

export const emailInbox = defineWebTask<State>({
  id: 'email-inbox',
  description: 'Find an email by sender, then read it, reply, forward or delete it.',
  maxTurns: 10,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{}, { emails: 4 }, { emails: 6 }]),
  miniwob: 'email-inbox',
  init(rng, o) {
    const senders = sample(rng, FIRST_NAMES, (o.emails as number) + 1);
    const emails = senders.slice(1).map((from) => ({ from, subject: rng.pick(TOPICS), word: rng.pick(NOUNS), deleted: false }));
    const kind = o.kind === 'any' ? rng.pick(KINDS) : (o.kind as Kind);
    const target = rng.int(emails.length);
    const from = emails[target].from;
    const text = kind === 'forward' ? senders[0] : rng.pick(NOUNS);
    const goals: Record<Kind, string> = {
      read: `Answer with the code word in the email from ${from}.`,
      reply: `Reply to the email from ${from} with the message ${text}.`,
      forward: `Forward the email from ${from} to ${text}.`,
      delete: `Delete the email from ${from}.`,
    };
    return {
      goal: goals[kind],
      state: { emails, kind, target, text, nav: { page: 'inbox', history: [] }, open: 0, mode: 'reply', to: '', message: '' },
    };
  },
  draw(s, page) {
    if (s.nav.page === 'inbox') {
      page.add('heading', 'Inbox');
      s.emails.forEach((e, i) => {
        if (!e.deleted) page.add('link', `${e.from}: ${e.subject}`, undefined, onClick(() => void ((s.open = i), navigate(s.nav, 'email'))));
      });
      return;
    }
    const e = s.emails[s.open];
    if (s.nav.page === 'email') {
      page.add('heading', `From ${e.from}: ${e.subject}`);
      page.add('text', `The code word is ${e.word}.`);
      page.add('button', 'Reply', undefined, onClick(() => compose(s, 'reply')));
      page.add('button', 'Forward', undefined, onClick(() => compose(s, 'forward')));
      page.add('button', 'Delete', undefined, onClick(() => {
        e.deleted = true;
        s.nav = { page: 'inbox', history: [] };
        if (s.kind === 'delete' || s.open === s.target) page.end(s.kind === 'delete' && s.open === s.target);
      }));
      return;
    }
    page.add('heading', s.mode === 'reply' ? `Reply to ${e.from}` : `Forward from ${e.from}`);
    page.add('textbox', 'To', { value: s.to }, onFill((t) => void (s.to = t)));
    page.add('textbox', 'Message', { value: s.message }, onFill((t) => void (s.message = t)));
    page.add('button', 'Send', undefined, onClick(() => {
      const right = s.open === s.target && s.mode === s.kind;
      page.end(right && (s.kind === 'reply' ? s.message.trim() === s.text && s.to === e.from : s.to.trim() === s.text));
    }));
  },
  back: (s) => navBack(s.nav),
  answer(s, text, page) {
    page.end(s.kind === 'read' && text.trim().toLowerCase() === s.emails[s.target].word);
  },
  progress(s) {
    if (s.open !== s.target || s.nav.page === 'inbox') return 0;
    if (s.nav.page === 'email') return 0.4;
    return s.mode === s.kind ? 0.6 : 0.2;
  },
  expert(s, page) {
    const e = s.emails[s.target];
    if (s.nav.page === 'inbox') return `click(${page.idOf('link', `${e.from}: ${e.subject}`)})`;
    if (s.open !== s.target || (s.nav.page === 'compose' && s.mode !== s.kind)) return 'back()';
    if (s.nav.page === 'email') {
      if (s.kind === 'read') return `answer("${e.word}")`;
      return `click(${page.idOf('button', s.kind === 'reply' ? 'Reply' : s.kind === 'forward' ? 'Forward' : 'Delete')})`;
    }
    if (s.kind === 'reply' && s.message !== s.text) return `fill(${page.idOf('textbox', 'Message')}, "${s.text}")`;
    if (s.kind === 'forward' && s.to !== s.text) return `fill(${page.idOf('textbox', 'To')}, "${s.text}")`;
    return `click(${page.idOf('button', 'Send')})`;
  },
});
