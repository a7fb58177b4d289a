// social-media-all (MiniWoB++): a feed where authors post several times; toggle the named button (Reply, Retweet,
// Like or Share) on every post by the named user, and on no other, then click Submit.

import { levelTable } from '../levels';
import { intOption } from '../options';
import { Layouts } from './layout';
import { defineWebTask, onClick } from './page';
import { feedSize, newAuthor, newPost, postLine, type Post } from './social-feed';

const BUTTONS = ['Reply', 'Retweet', 'Like', 'Share'];
const HEADINGS = ['', 'Home', 'Timeline', 'Latest'];
const SUBMITS = ['Submit', 'Done'];
const LAYOUTS = new Layouts('social-media-all', [HEADINGS.length, SUBMITS.length]);

// Parts every drawing of the feed shares.
const BUTTON = { depth: 1 };
const PRESSED = { depth: 1, state: { pressed: true } };

const OPTIONS = [intOption('posts', 'most posts in the feed (fewest is half that)', 5, 2, 12)];

export interface State {
  posts: Post[];
  /** Each post as the page shows it (written once). */
  lines: string[];
  /** pressed[i][b]: button b of post i is toggled on. */
  pressed: boolean[][];
  user: string;
  action: number;
  heading: string;
  submit: string;
}

const wanted = (s: State, i: number, b: number) => s.posts[i].user === s.user && b === s.action;
const allRight = (s: State) => s.pressed.every((row, i) => row.every((on, b) => on === wanted(s, i, b)));

export const socialMediaAll = defineWebTask<State>({
  id: 'social-media-all',
  description: 'Toggle the named button on every post by the named user, and on no other, then click Submit.',
  maxTurns: 10,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{ posts: 4 }, { posts: 5 }, { posts: 12 }]),
  miniwob: 'social-media-all',
  init(rng, o, pools) {
    const n = feedSize(rng, o.posts as number);
    // As in MiniWoB: each post is by the previous author with probability 0.7, then the feed is shuffled.
    const posts: Post[] = [];
    for (let k = 0; k < n; k++) posts.push(newPost(rng, pools, k === 0 || rng.chance(0.3) ? newAuthor(rng, pools) : posts[k - 1]));
    const shuffled = rng.shuffle(posts);
    const user = rng.pick(shuffled).user;
    const action = rng.int(BUTTONS.length);
    const [heading, submit] = LAYOUTS.draw(rng, pools);
    return {
      goal: `Click the "${BUTTONS[action]}" button on all posts by ${user} and then click ${SUBMITS[submit]}.`,
      state: { posts: shuffled, lines: shuffled.map(postLine), pressed: shuffled.map(() => BUTTONS.map(() => false)), user, action, heading: HEADINGS[heading], submit: SUBMITS[submit] },
    };
  },
  draw(s, page) {
    if (s.heading) page.add('heading', s.heading);
    for (let i = 0; i < s.posts.length; i++) {
      page.add('article', s.lines[i]);
      const row = s.pressed[i];
      // One handler serves the post's buttons: the button's name says which to toggle.
      const toggle = onClick((e) => {
        const k = BUTTONS.indexOf(e.name);
        row[k] = !row[k];
      });
      for (let k = 0; k < BUTTONS.length; k++) page.add('button', BUTTONS[k], row[k] ? PRESSED : BUTTON, toggle);
    }
    page.add('button', s.submit, undefined, onClick(() => page.end(allRight(s))));
  },
  progress(s) {
    let right = 0;
    s.pressed.forEach((row, i) => row.forEach((on, b) => (right += on === wanted(s, i, b) ? 1 : 0)));
    return (0.9 * right) / (s.posts.length * BUTTONS.length);
  },
  expert(s, page) {
    for (let i = 0; i < s.posts.length; i++) {
      for (let b = 0; b < BUTTONS.length; b++) {
        if (s.pressed[i][b] !== wanted(s, i, b)) return `click(${page.elements.filter((e) => e.role === 'article')[i].id + 1 + b})`;
      }
    }
    return `click(${page.idOf('button', s.submit)})`;
  },
});
