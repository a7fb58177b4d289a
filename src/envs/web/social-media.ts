// social-media (MiniWoB++): a feed of posts, each with Reply, Retweet and Like buttons and a More menu (Share via
// DM, Copy link, Embed, Mute, Block, Report); click the named action on a post by the named user. Any other
// action ends the episode as a failure.

import { levelTable } from '../levels';
import { intOption } from '../options';
import { listOf } from './controls';
import { Layouts } from './layout';
import { defineWebTask, onClick } from './page';
import { feedSize, newAuthor, newPost, postLine, type Post } from './social-feed';

const BUTTONS = ['Reply', 'Retweet', 'Like'];
/** The More menu; Mute and Block name the post's user. */
const MENU = ['Share via DM', 'Copy link to Tweet', 'Embed Tweet', 'Mute', 'Block', 'Report'];
const ACTIONS = [...BUTTONS, ...MENU];
const menuLabel = (item: string, p: Post) => (item === 'Mute' || item === 'Block' ? `${item} ${p.user}` : item);
// Parts every drawing of the feed shares.
const BUTTON = { depth: 1 };
const MORE_OPEN = { depth: 1, state: { expanded: true } };
const MENU_ITEM = { depth: 2 };
const HEADINGS = ['', 'Home', 'Timeline', 'Latest'];
const LAYOUTS = new Layouts('social-media', [HEADINGS.length, 2]);

const OPTIONS = [intOption('posts', 'most posts in the feed (fewest is half that)', 4, 2, 10)];

export interface State {
  posts: Post[];
  /** Each post as the page shows it (written once). */
  lines: string[];
  user: string;
  action: string;
  menu: number; // the post whose More menu is open, or -1
  heading: string;
}

export const socialMedia = defineWebTask<State>({
  id: 'social-media',
  description: 'Click the named action (a button or an item of the More menu) on a post by the named user.',
  maxTurns: 4,
  options: OPTIONS,
  levels: levelTable(OPTIONS, [{ posts: 3 }, { posts: 4 }, { posts: 10 }]),
  miniwob: 'social-media',
  init(rng, o, pools) {
    const posts = listOf(feedSize(rng, o.posts as number), () => newPost(rng, pools, newAuthor(rng, pools)));
    const user = rng.pick(posts).user;
    const action = rng.pick(ACTIONS);
    // In some layouts posts show how long ago they were posted (a distractor MiniWoB has).
    const [heading, timed] = LAYOUTS.draw(rng, pools);
    const lines = posts.map((p) => (timed ? `${postLine(p)} (${rng.range(1, 20)}h)` : postLine(p)));
    return { goal: `For the user ${user}, click on the "${action}" button.`, state: { posts, lines, user, action, menu: -1, heading: HEADINGS[heading] } };
  },
  draw(s, page) {
    if (s.heading) page.add('heading', s.heading);
    for (let i = 0; i < s.posts.length; i++) {
      const p = s.posts[i];
      const open = s.menu === i;
      // One handler serves the post's buttons and menu items: each is named by the label of its action (Mute and
      // Block with the post's user), so the one clicked is the goal's when its name is the goal's action's label.
      const act = onClick((e) => (e.name === 'More' ? void (s.menu = open ? -1 : i) : page.end(p.user === s.user && e.name === menuLabel(s.action, p))));
      page.add('article', s.lines[i]);
      for (const b of BUTTONS) page.add('button', b, BUTTON, act);
      page.add('button', 'More', open ? MORE_OPEN : BUTTON, act);
      if (open) for (const m of MENU) page.add('menuitem', menuLabel(m, p), MENU_ITEM, act);
    }
  },
  progress: (s) => (s.menu >= 0 && s.posts[s.menu].user === s.user && MENU.includes(s.action) ? 0.5 : 0),
  expert(s, page) {
    const i = s.posts.findIndex((p) => p.user === s.user);
    const post = page.elements.filter((e) => e.role === 'article')[i];
    if (BUTTONS.includes(s.action)) return `click(${post.id + 1 + BUTTONS.indexOf(s.action)})`;
    const more = post.id + 1 + BUTTONS.length;
    if (s.menu !== i) return `click(${more})`;
    return `click(${more + 1 + MENU.indexOf(s.action)})`;
  },
});
