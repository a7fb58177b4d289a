// Edge cases of the forum family (issue 21's mutation pass): its options and levels, init on a scripted random stream
// (the authors, boards, threads with titles and authors, the kind, board, thread and post, the layout, message and
// title, an upvote with no single author turned into a reply), every layout of each split, the rules over seeds, the
// home, board, thread and form pages, posts written on first opening, upvotes, Post and Cancel right and wrong,
// progress and the expert at each stage, and the turn limit. Values are worked out by hand.
import { describe, expect, it } from 'vitest';
import { LOREM_WORDS, PERSON_FIRST } from '../../src/envs/lexicon/english';
import { BOARD_NAMES } from '../../src/envs/lexicon/forum';
import { inSplit, poolsOf } from '../../src/envs/split';
import { forum } from '../../src/envs/web/forum';
import { scripted } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';
import type { State } from '../../src/envs/web/forum';

const def = defOf<State>(forum);
const train = poolsOf('train');
const test = poolsOf('test');

/** Cooking (Best pans by Ann, Bo, Ann; Knife care by Cy, Di) and Travel (Rome trip), their posts written; a reply
 * "good tip" to Knife care; at home. */
const state = (o: Partial<State> = {}): State => ({
  boards: [
    { name: 'Cooking', threads: [{ title: 'Best pans', authors: ['Ann', 'Bo', 'Ann'], texts: ['A1.', 'B1.', 'A2.'] }, { title: 'Knife care', authors: ['Cy', 'Di'], texts: ['C1.', 'D1.'] }] },
    { name: 'Travel', threads: [{ title: 'Rome trip', authors: ['Ed', 'Flo'], texts: ['E1.', 'F1.'] }] },
  ],
  kind: 'reply',
  board: 0,
  thread: 1,
  post: 0,
  message: 'good tip',
  title: 'My pans',
  nav: { page: 'home', history: [] },
  at: { board: 0, thread: 0 },
  draft: { title: '', message: '' },
  forumTitle: 'Forum',
  newLabel: 'New topic',
  key: 'k',
  split: 'train',
  ...o,
});
/** The same on a page reached from home, at board b and thread t. */
const at = (page: string, board: number, thread: number, o: Partial<State> = {}): State => {
  const history = { board: ['home'], thread: ['home', 'board'], reply: ['home', 'board', 'thread'], new: ['home', 'board'] }[page] ?? [];
  return state({ nav: { page, history }, at: { board, thread }, ...o });
};

/** Eight authors (names 0-7), boards Baking and Gardening, two threads each (below), then `tail`. */
const prefix = [
  0, 1, 2, 3, 4, 5, 6, 7, 1, 0,
  0, 0, 1, 1, 0, 1, 0, // Baking: "Abbas abduco" by Aaliyah, Abbie, Aaliyah
  2, 2, 3, 4, 5, 0, 2, 3, // Baking: "Abscido absens absque abstergo" by Abbigail, Abby
  1, 0, 0, 0, 0, 4, 4, // Gardening: "Abbas abbas abbas" by Abigayle twice
  0, 1, 1, 0, 5, 6, // Gardening: "Abduco abduco" by Ada, Addie
];
const MESSAGE_AND_TITLE = [0, 2, 3, 0, 4, 5]; // "abscido absens", "Absque abstergo"
function initWith(tail: number[], pools = train, o = { boards: 2, threads: 2, posts: 3 }) {
  const rng = scripted([...prefix, ...tail]);
  rng.nextU32 = () => 77;
  return { ...def.init(rng, o, pools), rng };
}

describe('forum: the family', () => {
  it('says what it is, its turn limit, options and levels', () => {
    expect(forum).toMatchObject({ id: 'forum', suite: 'web', family: 'forum', maxTurns: 12, miniwob: null });
    expect(forum.description).toBe('A message board: reply to a thread, start a thread in a board, or upvote a post, navigating between pages.');
    expect(forum.lesson).toBeUndefined();
    expect(forum.instanceKey).toBeUndefined();
    expect(forum.options).toEqual([
      { name: 'boards', doc: 'boards on the home page', kind: 'int', default: 3, min: 2, max: 6 },
      { name: 'threads', doc: 'threads in each board', kind: 'int', default: 3, min: 2, max: 6 },
      { name: 'posts', doc: 'most posts in a thread (fewest is 2)', kind: 'int', default: 3, min: 2, max: 6 },
    ]);
    expect(forum.levels).toEqual([{ boards: 2, threads: 2, posts: 2 }, { boards: 3, threads: 3, posts: 3 }, { boards: 5, threads: 5, posts: 5 }]);
  });
});

describe('forum: init on a scripted stream', () => {
  const boards = [
    { name: 'Baking', threads: [{ title: 'Abbas abduco', authors: ['Aaliyah', 'Abbie', 'Aaliyah'], texts: null }, { title: 'Abscido absens absque abstergo', authors: ['Abbigail', 'Abby'], texts: null }] },
    { name: 'Gardening', threads: [{ title: 'Abbas abbas abbas', authors: ['Abigayle', 'Abigayle'], texts: null }, { title: 'Abduco abduco', authors: ['Ada', 'Addie'], texts: null }] },
  ];
  const rest = { message: 'abscido absens', title: 'Absque abstergo', nav: { page: 'home', history: [] }, at: { board: 0, thread: 0 }, draft: { title: '', message: '' }, key: '77', split: 'train' };

  it('an upvote of Abbie\'s post, the only single author of the thread; layout 0 of train: Forum, Start a thread', () => {
    expect(train.words(PERSON_FIRST).slice(0, 8)).toEqual(['Aaliyah', 'Abbie', 'Abbigail', 'Abby', 'Abigayle', 'Ada', 'Addie', 'Adela']);
    expect(train.words(BOARD_NAMES).slice(0, 2)).toEqual(['Gardening', 'Baking']);
    expect(train.words(LOREM_WORDS).slice(0, 6)).toEqual(['abbas', 'abduco', 'abscido', 'absens', 'absque', 'abstergo']);
    // upvote, board 0, thread 0, layout 0, the single author's index 0 of [1]
    const { goal, state, rng } = initWith([2, 0, 0, 0, 0, ...MESSAGE_AND_TITLE]);
    expect(goal).toBe('In Baking, upvote the post by Abbie in the thread "Abbas abduco".');
    expect(state).toEqual({ boards, kind: 'upvote', board: 0, thread: 0, post: 1, forumTitle: 'Forum', newLabel: 'Start a thread', ...rest });
    const names = `int(${train.words(PERSON_FIRST).length})`;
    const lorem = `int(${train.words(LOREM_WORDS).length})`;
    const thread = (words: number, posts: number) => ['int(3)', ...Array(words).fill(lorem), 'int(2)', ...Array(posts).fill('int(8)')];
    expect(rng.asked).toEqual([
      ...Array(8).fill(names), 'int(40)', 'int(40)',
      ...thread(2, 3), ...thread(4, 2), ...thread(3, 2), ...thread(2, 2),
      'int(3)', 'int(2)', 'int(2)', 'int(9)', 'int(1)', 'int(4)', lorem, lorem, 'int(3)', lorem, lorem,
    ]);
    expect(rng.left).toEqual([]);
  });

  it('an upvote in a thread with no single author becomes a reply, drawing no post', () => {
    const { goal, state, rng } = initWith([2, 1, 0, 0, ...MESSAGE_AND_TITLE]);
    expect(goal).toBe('In Gardening, reply "abscido absens" to the thread "Abbas abbas abbas".');
    expect([state.kind, state.board, state.thread, state.post]).toEqual(['reply', 1, 0, 0]);
    expect(rng.left).toEqual([]);
  });

  it('a reply draws its post all the same; a new thread draws no thread and no post', () => {
    let r = initWith([0, 0, 1, 0, 1, ...MESSAGE_AND_TITLE]);
    expect(r.goal).toBe('In Baking, reply "abscido absens" to the thread "Abscido absens absque abstergo".');
    expect([r.state.kind, r.state.thread, r.state.post]).toEqual(['reply', 1, 1]);
    expect(r.rng.asked.at(-7)).toBe('int(2)');
    r = initWith([1, 1, 0, ...MESSAGE_AND_TITLE]);
    expect(r.goal).toBe('Start a thread titled "Absque abstergo" in Gardening saying "abscido absens".');
    expect([r.state.kind, r.state.board, r.state.thread, r.state.post]).toEqual(['new-thread', 1, -1, 0]);
    expect(r.rng.left).toEqual([]);
  });

  it('every layout of each split: the forum\'s title and the new-thread button\'s name', () => {
    const layout = (pools: typeof train, i: number) => {
      const { state: s } = initWith([1, 1, i, ...MESSAGE_AND_TITLE], pools);
      return `${s.forumTitle} / ${s.newLabel}`;
    };
    // train's layouts 4, 7, 2, 11, 9, 1, 3, 8, 5 and test's 10, 6, 0, each title + 4 x label
    expect([...Array(9).keys()].map((i) => layout(train, i))).toEqual([
      'Forum / Start a thread', 'Discussions / Start a thread', 'Message Board / New thread', 'Discussions / New topic',
      'Community / New topic', 'Community / New thread', 'Discussions / New thread', 'Forum / New topic', 'Community / Start a thread',
    ]);
    expect([...Array(3).keys()].map((i) => layout(test, i))).toEqual(['Message Board / New topic', 'Message Board / Start a thread', 'Forum / New thread']);
    expect(initWith([1, 1, 0, ...MESSAGE_AND_TITLE], test).state.split).toBe('test');
  });
});

describe('forum: over seeds', () => {
  it('distinct boards of the split, threads by the option, 2 to posts authors; an upvote\'s author wrote one post', () => {
    for (const split of ['train', 'test'] as const) {
      const kinds = new Set<string>();
      for (let seed = 0; seed < 40; seed++) {
        const env = forum.create();
        env.reset({ seed, split, options: { boards: 3, threads: 4, posts: 4 } });
        const s = (env as unknown as { state: State }).state;
        expect(new Set(s.boards.map((b) => b.name)).size).toBe(3);
        for (const b of s.boards) {
          expect(inSplit(b.name, split)).toBe(true);
          expect(b.threads).toHaveLength(4);
          for (const t of b.threads) {
            expect(t.authors.length).toBeGreaterThanOrEqual(2);
            expect(t.authors.length).toBeLessThanOrEqual(4);
            for (const a of t.authors) expect(inSplit(a, split)).toBe(true);
          }
        }
        if (s.kind === 'upvote') {
          const authors = s.boards[s.board].threads[s.thread].authors;
          expect(authors.filter((a) => a === authors[s.post])).toHaveLength(1);
        }
        expect(s.thread).toBeLessThan(4);
        expect(s.thread === -1).toBe(s.kind === 'new-thread');
        kinds.add(s.kind);
      }
      expect([...kinds].sort()).toEqual(['new-thread', 'reply', 'upvote']);
    }
  });

  it('the expert solves drawn episodes of every kind', () => {
    const kinds = new Set<string>();
    for (let seed = 0; seed < 12; seed++) {
      const env = forum.create();
      env.reset({ seed, split: 'test' });
      kinds.add((env as unknown as { state: State }).state.kind);
      let r;
      do r = env.step(forum.expert(env));
      while (!r.terminated && !r.truncated);
      expect(r.reward, `seed ${seed}`).toBe(1);
    }
    expect(kinds.size).toBe(3);
  });
});

describe('forum: the pages and their handlers', () => {
  it('home: the title and a link per board, which opens it', () => {
    expect(lines(drawn(def, state()))).toEqual(["1 heading 'Forum'", "2 link 'Cooking'", "3 link 'Travel'"]);
    const env = envWith(forum, state());
    expect(env.step('click(3)').info.lastActionError).toBeUndefined();
    expect([env.state.at.board, env.state.nav]).toEqual([1, { page: 'board', history: ['home'] }]);
    env.step('back()');
    env.step('click(2)');
    expect(env.state.at.board).toBe(0);
  });

  it('a board: its name, the new-thread button, a link per thread with its author and replies', () => {
    expect(lines(drawn(def, at('board', 0, 0)))).toEqual([
      "1 heading 'Cooking'", "2 button 'New topic'", "3 link 'Best pans by Ann, 2 replies'", "4 link 'Knife care by Cy, 1 replies'",
    ]);
    const env = envWith(forum, at('board', 0, 0, { draft: { title: 'x', message: 'y' } }));
    env.step('click(2)');
    expect([env.state.nav.page, env.state.draft]).toEqual(['new', { title: '', message: '' }]);
  });

  it('a thread\'s posts are written when it is first opened, from the episode\'s key, board and thread, and kept', () => {
    const unopened = (o: Partial<State> = {}): State => {
      const s = at('board', 0, 0, o);
      s.boards[0].threads[1].texts = null;
      return s;
    };
    const env = envWith(forum, unopened());
    expect(env.step('click(4)').info.lastActionError).toBeUndefined();
    expect([env.state.at.thread, env.state.nav.page]).toEqual([1, 'thread']);
    const texts = env.state.boards[0].threads[1].texts as string[];
    expect(texts).toHaveLength(2);
    for (const t of texts) {
      const words = t.split(' ');
      expect(words.length).toBeGreaterThanOrEqual(3);
      expect(words.length).toBeLessThanOrEqual(8);
      expect(t.endsWith('.')).toBe(true);
      for (const w of words) expect(inSplit(w.replace('.', ''), 'train')).toBe(true);
    }
    // the same key writes the same; another key, board or thread, or the test split, other texts
    const open = (s: State, link: number) => {
      const e = envWith(forum, s);
      e.step(`click(${link})`);
      return e.state.boards[s.at.board].threads[e.state.at.thread].texts;
    };
    expect(open(unopened(), 4)).toEqual(texts);
    expect(open(unopened({ key: 'j' }), 4)).not.toEqual(texts);
    const fresh = (): State => {
      const s = at('board', 0, 0);
      s.boards[0].threads[0] = { title: 'Best pans', authors: ['Ann', 'Bo'], texts: null };
      s.boards[1].threads[0] = { title: 'Rome trip', authors: ['Ed', 'Flo'], texts: null };
      return s;
    };
    const other = open(fresh(), 3);
    expect(other).not.toEqual(texts);
    expect(open({ ...fresh(), at: { board: 1, thread: 0 } }, 3)).not.toEqual(other);
    const tested = open(unopened({ split: 'test' }), 4) as string[];
    for (const w of tested.join(' ').split(' ')) expect(inSplit(w.replace('.', ''), 'test')).toBe(true);
    // written texts are kept when the thread is opened again
    expect(open(at('board', 0, 0), 3)).toEqual(['A1.', 'B1.', 'A2.']);
  });

  it('a thread: its title, each post as "author: text" with an Upvote under it, then Reply', () => {
    expect(lines(drawn(def, at('thread', 0, 0)))).toEqual([
      "1 heading 'Best pans'", "2 article 'Ann: A1.'", "3 button 'Upvote' depth 1", "4 article 'Bo: B1.'", "5 button 'Upvote' depth 1",
      "6 article 'Ann: A2.'", "7 button 'Upvote' depth 1", "8 button 'Reply'",
    ]);
    const env = envWith(forum, at('thread', 0, 0, { draft: { title: 'x', message: 'y' } }));
    env.step('click(8)');
    expect([env.state.nav.page, env.state.draft]).toEqual(['reply', { title: '', message: '' }]);
  });

  it('Upvote ends the episode: a success only on the named post of an upvote goal', () => {
    const up = (s: State, id: number) => envWith(forum, s).step(`click(${id})`);
    const goal = { kind: 'upvote' as const, board: 0, thread: 0, post: 1 };
    expect(up(at('thread', 0, 0, goal), 5)).toMatchObject({ terminated: true, reward: 1 });
    expect(up(at('thread', 0, 0, goal), 3)).toMatchObject({ terminated: true, reward: 0 });
    expect(up(at('thread', 0, 0, goal), 7)).toMatchObject({ terminated: true, reward: 0 });
    expect(up(at('thread', 0, 0, { ...goal, kind: 'reply' }), 5)).toMatchObject({ terminated: true, reward: 0 });
    expect(up(at('thread', 1, 0, { ...goal, board: 1, thread: 0, post: 0 }), 3)).toMatchObject({ reward: 1 });
    expect(up(at('thread', 1, 0, { ...goal, board: 0, thread: 0, post: 0 }), 3)).toMatchObject({ terminated: true, reward: 0 });
    expect(up(at('thread', 0, 0, { ...goal, thread: 1, post: 0 }), 3)).toMatchObject({ terminated: true, reward: 0 });
  });

  it('the forms: a reply\'s and a new thread\'s fields, Post and Cancel', () => {
    expect(lines(drawn(def, at('reply', 0, 0, { draft: { title: '', message: 'hey' } })))).toEqual([
      "1 heading 'Reply to Best pans'", "2 textbox 'Message' = \"hey\"", "3 button 'Post'", "4 button 'Cancel'",
    ]);
    expect(lines(drawn(def, at('new', 1, 0, { draft: { title: 't', message: 'm' } })))).toEqual([
      "1 heading 'New topic in Travel'", "2 textbox 'Title' = \"t\"", "3 textbox 'Message' = \"m\"", "4 button 'Post'", "5 button 'Cancel'",
    ]);
    const env = envWith(forum, at('new', 1, 0));
    env.step('fill(2, "a title")');
    env.step('fill(3, "a message")');
    expect(env.state.draft).toEqual({ title: 'a title', message: 'a message' });
    env.step('click(5)');
    expect(env.state.nav).toEqual({ page: 'board', history: ['home'] });
  });

  it('Post refuses an empty field and goes on; otherwise it ends, a success only in the right place with the right words', () => {
    const post = (s: State) => envWith(forum, s).step(`click(${s.nav.page === 'new' ? 4 : 3})`);
    const reply = (message: string, o: Partial<State> = {}) => at('reply', 0, 1, { draft: { title: '', message }, ...o });
    const fresh = (title: string, message: string, o: Partial<State> = {}) => at('new', 1, 0, { kind: 'new-thread', board: 1, thread: -1, draft: { title, message }, ...o });
    const refused = post(reply(' '));
    expect(refused).toMatchObject({ terminated: false, info: { lastActionError: 'click(3): fill in every field before posting' } });
    expect(post(fresh(' ', 'good tip')).info.lastActionError).toBe('click(4): fill in every field before posting');
    expect(post(fresh('My pans', '')).info.lastActionError).toBe('click(4): fill in every field before posting');
    expect(post(reply(' good tip '))).toMatchObject({ terminated: true, reward: 1 });
    expect(post(reply('good tip', { title: 'other' }))).toMatchObject({ reward: 1 });
    expect(post(reply('good tips'))).toMatchObject({ terminated: true, reward: 0 });
    expect(post(reply('good tip', { at: { board: 0, thread: 0 } }))).toMatchObject({ terminated: true, reward: 0 });
    expect(post(reply('good tip', { board: 1, thread: 0, at: { board: 0, thread: 0 } }))).toMatchObject({ terminated: true, reward: 0 });
    expect(post(reply('good tip', { kind: 'new-thread' }))).toMatchObject({ terminated: true, reward: 0 });
    expect(post(reply('good tip', { kind: 'upvote' }))).toMatchObject({ terminated: true, reward: 0 });
    expect(post(fresh(' My pans ', ' good tip '))).toMatchObject({ terminated: true, reward: 1 });
    expect(post(fresh('My pan', 'good tip'))).toMatchObject({ terminated: true, reward: 0 });
    expect(post(fresh('My pans', 'good tips'))).toMatchObject({ terminated: true, reward: 0 });
    expect(post(fresh('My pans', 'good tip', { board: 0 }))).toMatchObject({ terminated: true, reward: 0 });
    expect(post(fresh('My pans', 'good tip', { kind: 'reply' }))).toMatchObject({ terminated: true, reward: 0 });
  });

  it('progress: 0 at home or in another board, 0.3 on the way, 0.5 in the thread, 0.6 in the right form, 0.8 with the message', () => {
    const p = (s: State) => def.progress(s);
    expect(p(state())).toBe(0);
    expect(p(at('board', 1, 0))).toBe(0);
    expect(p(at('thread', 1, 0))).toBe(0);
    expect(p(at('board', 0, 0))).toBe(0.3);
    expect(p(at('thread', 0, 0))).toBe(0.3);
    expect(p(at('thread', 0, 1))).toBe(0.5);
    // the board and another form, even with the goal's thread last opened, are still on the way
    expect(p(at('board', 0, 1))).toBe(0.3);
    expect(p(at('new', 0, 1))).toBe(0.3);
    expect(p(at('reply', 0, 1))).toBe(0.6);
    expect(p(at('reply', 0, 1, { draft: { title: '', message: 'good tip' } }))).toBe(0.8);
    expect(p(at('reply', 0, 1, { draft: { title: '', message: ' good tip' } }))).toBe(0.6);
    expect(p(at('new', 0, 0))).toBe(0.3);
    // a reply to another thread of the board is off the way
    expect(p(at('reply', 0, 0, { draft: { title: '', message: 'good tip' } }))).toBe(0.3);
    const fresh = { kind: 'new-thread' as const, thread: -1 };
    expect(p(at('board', 0, 0, fresh))).toBe(0.3);
    expect(p(at('new', 0, 0, fresh))).toBe(0.6);
    expect(p(at('new', 0, 0, { ...fresh, draft: { title: '', message: 'good tip' } }))).toBe(0.8);
    expect(p(at('reply', 0, 0, fresh))).toBe(0.3);
  });

  it('the expert walks home, board, thread, form, fills the title and the message, posts; back() when off the way', () => {
    const expert = (s: State) => forum.expert(envWith(forum, s));
    expect(expert(state())).toBe('click(2)');
    expect(expert(state({ board: 1 }))).toBe('click(3)');
    expect(expert(at('board', 1, 0))).toBe('back()');
    expect(expert(at('board', 0, 0))).toBe('click(4)');
    expect(expert(at('board', 0, 0, { kind: 'new-thread', thread: -1 }))).toBe('click(2)');
    expect(expert(at('thread', 0, 0))).toBe('back()');
    expect(expert(at('thread', 0, 1))).toBe('click(6)');
    expect(expert(at('thread', 0, 0, { kind: 'new-thread', thread: 0 }))).toBe('back()');
    expect(expert(at('thread', 0, 0, { kind: 'upvote', thread: 0, post: 2 }))).toBe('click(7)');
    expect(expert(at('thread', 1, 0, { kind: 'upvote', thread: 0, post: 1 }))).toBe('back()');
    expect(expert(at('reply', 0, 1))).toBe('fill(2, "good tip")');
    expect(expert(at('reply', 0, 1, { draft: { title: '', message: 'good tip' } }))).toBe('click(3)');
    expect(expert(at('reply', 0, 0))).toBe('back()');
    expect(expert(at('reply', 0, 1, { kind: 'new-thread' }))).toBe('back()');
    const fresh = { kind: 'new-thread' as const, thread: -1 };
    expect(expert(at('new', 0, 0, fresh))).toBe('fill(2, "My pans")');
    expect(expert(at('new', 0, 0, { ...fresh, draft: { title: 'My pans', message: '' } }))).toBe('fill(3, "good tip")');
    expect(expert(at('new', 0, 0, { ...fresh, draft: { title: 'My pans', message: 'good tip' } }))).toBe('click(4)');
    expect(expert(at('new', 1, 0, fresh))).toBe('back()');
    expect(expert(at('new', 0, 0))).toBe('back()');
  });

  it('ends the episode after 12 turns, truncated', () => {
    const env = envWith(forum, state());
    for (let t = 1; t < 12; t++) expect(env.step('click(1)').truncated).toBe(false);
    expect(env.step('click(1)')).toMatchObject({ terminated: false, truncated: true });
  });
});
