// email-inbox (MiniWoB++ email-inbox): find the email by a sender, then reply to it with a text, forward it to
// someone, delete it (trash) or mark it important (star). As in MiniWoB, a wrong Send ends the episode; the trash and
// star end it when the task is to delete or to star (a success only on the right email) and do nothing else otherwise.

import type { OptionSpec } from '../api';
import { LOREM_WORDS, PERSON_FIRST } from '../lexicon/english';
import { levelTable } from '../levels';
import { intOption } from '../options';
import { wordsOf } from './controls';
import { defineWebTask, navBack, navigate, type Nav, onClick, onFill } from './page';

type Task = 'reply' | 'forward' | 'delete' | 'important';
const TASKS: readonly Task[] = ['reply', 'forward', 'delete', 'important'];

export interface Email {
  from: string;
  subject: string;
  body: string;
  starred: boolean;
}

export interface State {
  emails: Email[];
  task: Task;
  target: number;
  text: string; // the reply's text, or the forward's recipient
  nav: Nav; // pages: inbox, email, reply, forward
  open: number;
  to: string;
  message: string;
}

const OPTIONS: OptionSpec[] = [
  intOption('emails', 'emails in the inbox', 6, 3, 10),
  { name: 'task', doc: 'which task (any draws one)', kind: 'enum', default: 'any', values: ['any', ...TASKS] },
];

const NESTED = { depth: 1 };

const GOALS: Record<Task, (from: string, text: string) => string> = {
  reply: (from, text) => `Find the email by ${from} and reply to them with the text "${text}".`,
  forward: (from, text) => `Find the email by ${from} and forward that email to ${text}.`,
  delete: (from) => `Find the email by ${from} and click the trash icon to delete it.`,
  important: (from) => `Find the email by ${from} and click the star icon to mark it as important.`,
};

export const emailInbox = defineWebTask<State>({
  id: 'email-inbox',
  description: 'Find an email by its sender, then reply, forward, delete or star it.',
  maxTurns: 10,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{ emails: 3 }, { emails: 4 }, { emails: 6 }, { emails: 8 }, { emails: 10 }]),
  miniwob: 'email-inbox',
  init(rng, o, pools) {
    const names = pools.sample(rng, PERSON_FIRST, (o.emails as number) + 1);
    const emails = names.slice(1).map((from) => ({
      from, subject: wordsOf(rng, pools, LOREM_WORDS, rng.range(1, 3)), body: wordsOf(rng, pools, LOREM_WORDS, rng.range(5, 10)), starred: false,
    }));
    const task = o.task === 'any' ? rng.pick(TASKS) : (o.task as Task);
    const target = rng.int(emails.length);
    const text = task === 'forward' ? names[0] : wordsOf(rng, pools, LOREM_WORDS, rng.range(1, 5));
    return {
      goal: GOALS[task](emails[target].from, text),
      state: { emails, task, target, text, nav: { page: 'inbox', history: [] }, open: 0, to: '', message: '' },
    };
  },
  draw(s, page) {
    if (s.nav.page === 'inbox') {
      page.add('heading', 'Primary');
      // One handler serves every subject link: email i's is element 2i + 3 (after the heading and i emails).
      const open = onClick((link) => void ((s.open = (link.id - 3) / 2), navigate(s.nav, 'email')));
      for (const e of s.emails) {
        page.add('text', e.from);
        page.add('link', e.subject, NESTED, open);
      }
      return;
    }
    const e = s.emails[s.open];
    const right = s.open === s.target;
    if (s.nav.page === 'email') {
      page.add('heading', e.subject);
      page.add('text', `From ${e.from}`);
      page.add('text', e.body);
      page.add('button', 'Reply', undefined, onClick(() => void ((s.to = e.from), (s.message = ''), navigate(s.nav, 'reply'))));
      page.add('button', 'Forward', undefined, onClick(() => void ((s.to = ''), (s.message = e.body), navigate(s.nav, 'forward'))));
      page.add('button', 'Trash', undefined, onClick(() => void (s.task === 'delete' && page.end(right))));
      page.add('button', 'Star', { state: { pressed: e.starred } }, onClick(() => {
        e.starred = !e.starred;
        if (s.task === 'important') page.end(right);
      }));
      return;
    }
    const reply = s.nav.page === 'reply';
    if (reply) page.add('text', `To ${s.to}`);
    else page.add('textbox', 'To', { value: s.to }, onFill((t) => void (s.to = t)));
    page.add('textbox', 'Message', { value: s.message }, onFill((t) => void (s.message = t)));
    page.add('button', 'Send', undefined, onClick(() => {
      if (reply) page.end(s.task === 'reply' && right && s.message.trim() === s.text);
      else page.end(s.task === 'forward' && right && s.to.trim() === s.text && s.message === e.body);
    }));
  },
  back: (s) => navBack(s.nav),
  progress(s) {
    if (s.open !== s.target || s.nav.page === 'inbox') return 0;
    if (s.nav.page === 'email') return 0.4;
    return s.nav.page === s.task ? 0.6 : 0.2;
  },
  expert(s, page) {
    if (s.nav.page === 'inbox') return `click(${3 + 2 * s.target})`; // after the heading, a sender and a subject each
    if (s.open !== s.target || (s.nav.page !== 'email' && s.nav.page !== s.task)) return 'back()';
    if (s.nav.page === 'email') {
      const button = { reply: 'Reply', forward: 'Forward', delete: 'Trash', important: 'Star' }[s.task];
      return `click(${page.idOf('button', button)})`;
    }
    if (s.task === 'reply' && s.message !== s.text) return `fill(${page.idOf('textbox', 'Message')}, "${s.text}")`;
    if (s.task === 'forward' && s.to !== s.text) return `fill(${page.idOf('textbox', 'To')}, "${s.text}")`;
    return `click(${page.idOf('button', 'Send')})`;
  },
});
