// forum (no MiniWoB++ counterpart; the third multi-page mini-app beside shop-checkout and book-flight): a message
// board with boards, threads and posts. Goals ask to reply to a thread, to start a thread in a board, or to upvote
// one person's post in a thread; the agent navigates Home -> board -> thread, writes in forms, and back() returns.

import { Rng } from '../../core/rng';
import { levelTable } from '../levels';
import { BOARD_NAMES } from '../lexicon/forum';
import { LOREM_WORDS, PERSON_FIRST } from '../lexicon/english';
import { loremSentences } from '../lexicon/lorem';
import { capitalize } from '../words';
import { intOption } from '../options';
import { poolsOf, type Pools, type Split } from '../split';
import { listOf, wordsOf } from './controls';
import { Layouts } from './layout';
import { defineWebTask, navBack, navigate, type Nav, onClick, onFill, type Page } from './page';

const KINDS = ['reply', 'new-thread', 'upvote'] as const;
type Kind = (typeof KINDS)[number];
const TITLES = ['Forum', 'Community', 'Message Board', 'Discussions'];
const NEW_LABELS = ['New thread', 'Start a thread', 'New topic'];
const LAYOUTS = new Layouts('forum', [TITLES.length, NEW_LABELS.length]);

const OPTIONS = [
  intOption('boards', 'boards on the home page', 3, 2, 6),
  intOption('threads', 'threads in each board', 3, 2, 6),
  intOption('posts', 'most posts in a thread (fewest is 2)', 3, 2, 6),
];

export interface Thread {
  title: string;
  /** Who wrote each post, the opening one first. */
  authors: string[];
  /** The posts' texts, written when the thread is first opened (null until then). */
  texts: string[] | null;
}

export interface Board {
  name: string;
  threads: Thread[];
}

export interface State {
  boards: Board[];
  kind: Kind;
  /** The board, thread (-1 for a new one) and post the goal is about. */
  board: number;
  thread: number;
  post: number;
  /** The message to write, and the title of a new thread. */
  message: string;
  title: string;
  nav: Nav; // pages: home, board, thread, reply, new
  at: { board: number; thread: number };
  draft: { title: string; message: string };
  forumTitle: string;
  newLabel: string;
  /** Seeds the posts' texts, with the split they draw from. */
  key: string;
  split: Split;
}

const NESTED = { depth: 1 };

const words = (rng: Rng, pools: Pools, lo: number, hi: number) => wordsOf(rng, pools, LOREM_WORDS, rng.range(lo, hi));

function newThread(rng: Rng, pools: Pools, authors: readonly string[], posts: number): Thread {
  const title = capitalize(words(rng, pools, 2, 4));
  return { title, authors: listOf(rng.range(2, posts), () => rng.pick(authors)), texts: null };
}

/** Opens thread i of the open board, writing its posts' texts the first time (from the episode's key, so a clone
 * or a replay writes the same). */
function openThread(s: State, i: number): void {
  s.at.thread = i;
  const t = s.boards[s.at.board].threads[i];
  if (!t.texts) {
    const rng = new Rng(`${s.key}/${s.at.board}/${i}`);
    const pools = poolsOf(s.split);
    t.texts = t.authors.map(() => loremSentences(rng, pools, rng.range(3, 8)).join(' '));
  }
  navigate(s.nav, 'thread');
}

const threadLink = (t: Thread) => `${t.title} by ${t.authors[0]}, ${t.authors.length - 1} replies`;

function goalOf(s: State): string {
  const b = s.boards[s.board];
  if (s.kind === 'new-thread') return `Start a thread titled "${s.title}" in ${b.name} saying "${s.message}".`;
  const t = b.threads[s.thread];
  if (s.kind === 'reply') return `In ${b.name}, reply "${s.message}" to the thread "${t.title}".`;
  return `In ${b.name}, upvote the post by ${t.authors[s.post]} in the thread "${t.title}".`;
}

/** Posting the draft: a reply to the open thread, or a new thread in the open board; right or wrong, it ends. */
function post(s: State, page: Page): string | void {
  if (s.draft.message.trim() === '' || (s.nav.page === 'new' && s.draft.title.trim() === '')) return 'fill in every field before posting';
  const rightPlace = s.at.board === s.board && (s.nav.page === 'new' ? s.kind === 'new-thread' : s.kind === 'reply' && s.at.thread === s.thread);
  page.end(rightPlace && s.draft.message.trim() === s.message && (s.kind !== 'new-thread' || s.draft.title.trim() === s.title));
}

function drawPage(s: State, page: Page): void {
  const board = s.boards[s.at.board];
  switch (s.nav.page) {
    // Each list below has one handler, which reads the item from the element's id.
    case 'home': {
      page.add('heading', s.forumTitle);
      // Board i's link is element i + 2, after the heading.
      const open = onClick((e) => void ((s.at.board = e.id - 2), navigate(s.nav, 'board')));
      for (const b of s.boards) page.add('link', b.name, undefined, open);
      return;
    }
    case 'board': {
      page.add('heading', board.name);
      page.add('button', s.newLabel, undefined, onClick(() => void ((s.draft = { title: '', message: '' }), navigate(s.nav, 'new'))));
      // Thread i's link is element i + 3, after the heading and the new-thread button.
      const open = onClick((e) => openThread(s, e.id - 3));
      for (const t of board.threads) page.add('link', threadLink(t), undefined, open);
      return;
    }
    case 'thread': {
      const t = board.threads[s.at.thread];
      page.add('heading', t.title);
      // Post i's Upvote is element 2i + 3, after the heading, i posts with their buttons, and the post itself.
      const upvote = onClick((e) => page.end(s.kind === 'upvote' && s.at.board === s.board && s.at.thread === s.thread && (e.id - 3) / 2 === s.post));
      const texts = t.texts as string[];
      for (let i = 0; i < t.authors.length; i++) {
        page.add('article', `${t.authors[i]}: ${texts[i]}`);
        page.add('button', 'Upvote', NESTED, upvote);
      }
      page.add('button', 'Reply', undefined, onClick(() => void ((s.draft = { title: '', message: '' }), navigate(s.nav, 'reply'))));
      return;
    }
    default:
      page.add('heading', s.nav.page === 'new' ? `${s.newLabel} in ${board.name}` : `Reply to ${board.threads[s.at.thread].title}`);
      if (s.nav.page === 'new') page.add('textbox', 'Title', { value: s.draft.title }, onFill((v) => void (s.draft.title = v)));
      page.add('textbox', 'Message', { value: s.draft.message }, onFill((v) => void (s.draft.message = v)));
      page.add('button', 'Post', undefined, onClick(() => post(s, page)));
      page.add('button', 'Cancel', undefined, onClick(() => navBack(s.nav)));
  }
}

/** The expert's next action: down the path Home -> board -> thread -> form the goal needs, back() when off it. */
function expertStep(s: State, page: Page): string {
  const b = s.boards[s.board];
  const inThread = s.at.board === s.board && s.at.thread === s.thread;
  switch (s.nav.page) {
    case 'home':
      return `click(${page.idOf('link', b.name)})`;
    case 'board': {
      if (s.at.board !== s.board) return 'back()';
      if (s.kind === 'new-thread') return `click(${page.idOf('button', s.newLabel)})`;
      return `click(${page.idOf('link', threadLink(b.threads[s.thread]))})`;
    }
    case 'thread':
      if (s.kind === 'new-thread' || !inThread) return 'back()';
      if (s.kind === 'reply') return `click(${page.idOf('button', 'Reply')})`;
      return `click(${page.elements.filter((e) => e.name === 'Upvote')[s.post].id})`;
    default: {
      const rightForm = s.nav.page === 'new' ? s.kind === 'new-thread' && s.at.board === s.board : s.kind === 'reply' && inThread;
      if (!rightForm) return 'back()';
      if (s.nav.page === 'new' && s.draft.title !== s.title) return `fill(${page.idOf('textbox', 'Title')}, "${s.title}")`;
      if (s.draft.message !== s.message) return `fill(${page.idOf('textbox', 'Message')}, "${s.message}")`;
      return `click(${page.idOf('button', 'Post')})`;
    }
  }
}

export const forum = defineWebTask<State>({
  id: 'forum',
  description: 'A message board: reply to a thread, start a thread in a board, or upvote a post, navigating between pages.',
  maxTurns: 12,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{ boards: 2, threads: 2, posts: 2 }, { boards: 3, threads: 3, posts: 3 }, { boards: 5, threads: 5, posts: 5 }]),
  miniwob: null,
  init(rng, o, pools) {
    const authors = pools.sample(rng, PERSON_FIRST, 8);
    const boards = pools.sample(rng, BOARD_NAMES, o.boards as number).map((name) => ({
      name,
      threads: listOf(o.threads as number, () => newThread(rng, pools, authors, o.posts as number)),
    }));
    const kind = rng.pick(KINDS);
    const board = rng.int(boards.length);
    const thread = kind === 'new-thread' ? -1 : rng.int(boards[board].threads.length);
    const authorsThere = thread >= 0 ? boards[board].threads[thread].authors : [];
    // An upvote names its post by author, so the author must have written only one post of the thread.
    const single = authorsThere.map((_, i) => i).filter((i) => authorsThere.filter((a) => a === authorsThere[i]).length === 1);
    const [title, newLabel] = LAYOUTS.draw(rng, pools);
    const s: State = {
      boards, kind: kind === 'upvote' && single.length === 0 ? 'reply' : kind, board, thread, post: single.length ? rng.pick(single) : 0,
      message: words(rng, pools, 2, 5), title: capitalize(words(rng, pools, 2, 4)), nav: { page: 'home', history: [] },
      at: { board: 0, thread: 0 }, draft: { title: '', message: '' }, forumTitle: TITLES[title], newLabel: NEW_LABELS[newLabel],
      key: String(rng.nextU32()), split: pools.split,
    };
    return { goal: goalOf(s), state: s };
  },
  draw: drawPage,
  back: (s) => navBack(s.nav),
  progress(s) {
    if (s.at.board !== s.board || s.nav.page === 'home') return 0;
    // The goal's form: a new thread's in its board, a reply's in its thread (another thread's is off the way).
    const formOpen = s.kind === 'new-thread' ? s.nav.page === 'new' : s.nav.page === 'reply' && s.at.thread === s.thread;
    if (formOpen) return s.draft.message === s.message ? 0.8 : 0.6;
    return s.nav.page === 'thread' && s.at.thread === s.thread ? 0.5 : 0.3;
  },
  expert: expertStep,
});
