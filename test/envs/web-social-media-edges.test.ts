// Edge cases of the social-media family (issue 21's mutation pass): its options and levels, init on a scripted random
// stream (the feed's size, each post's author and words, the user and action asked for, the heading and the posts'
// times), the rules over seeds, the feed drawn with the More menu closed and open, every kind of click right and
// wrong, progress, the expert at each stage, and the turn limit. Values are worked out by hand.
import { describe, expect, it } from 'vitest';
import { LOREM_WORDS, PERSON_FIRST, PERSON_LAST } from '../../src/envs/lexicon/english';
import { inSplit, poolsOf } from '../../src/envs/split';
import { layoutOf } from '../../src/envs/web/controls';
import { socialMedia } from '../../src/envs/web/social-media';
import { scripted } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';
import type { State } from '../../src/envs/web/social-media';

const def = defOf<State>(socialMedia);
const train = poolsOf('train');
const test = poolsOf('test');

const MENU = ['Share via DM', 'Copy link to Tweet', 'Embed Tweet', 'Mute', 'Block', 'Report'];
const ACTIONS = ['Reply', 'Retweet', 'Like', ...MENU];

/** Two posts (by @al, then @bo) unless given; the goal's user @bo. */
function state(o: Partial<State> = {}): State {
  const posts = o.posts ?? [{ name: 'Al', user: '@al', body: 'one two' }, { name: 'Bo', user: '@bo', body: 'three four' }];
  return { posts, lines: posts.map((p) => `${p.name} ${p.user}: ${p.body}`), user: '@bo', action: 'Like', menu: -1, heading: 'Home', ...o };
}

describe('social-media: the family', () => {
  it('says what it is, its turn limit, options and levels', () => {
    expect(socialMedia).toMatchObject({ id: 'social-media', suite: 'web', family: 'social-media', maxTurns: 4, miniwob: 'social-media' });
    expect(socialMedia.description).toBe('Click the named action (a button or an item of the More menu) on a post by the named user.');
    expect(socialMedia.lesson).toBeUndefined();
    expect(socialMedia.instanceKey).toBeUndefined();
    expect(socialMedia.options).toEqual([{ name: 'posts', doc: 'most posts in the feed (fewest is half that)', kind: 'int', default: 4, min: 2, max: 10 }]);
    expect(socialMedia.levels).toEqual([{ posts: 3 }, { posts: 4 }, { posts: 10 }]);
  });
});

describe('social-media: init on a scripted stream', () => {
  it('the layouts (heading x timed, 4 x 2) of each split', () => {
    // train 5: Home, timed; 0: none, untimed; test 2: Timeline, untimed; 4: none, timed
    expect([0, 1, 2, 3, 4, 5].map((v) => layoutOf(scripted([v]), train, 'social-media', 8))).toEqual([5, 6, 1, 3, 0, 7]);
    expect([0, 1].map((v) => layoutOf(scripted([v]), test, 'social-media', 8))).toEqual([2, 4]);
  });

  it('train: the feed, the user and action drawn from it, the heading Home and each post\'s hours', () => {
    expect([train.words(PERSON_FIRST).slice(0, 2), train.words(PERSON_LAST)[0], train.words(LOREM_WORDS).slice(0, 6)]).toEqual([
      ['Aaliyah', 'Abbie'], 'Abbott', ['abbas', 'abduco', 'abscido', 'absens', 'absque', 'abstergo'],
    ]);
    // 1 + 1 = 2 posts; post 1: a given name (0.3 < 0.5) Aaliyah, the username a given name (0.3) abbie, 2 words;
    // post 2: a family name (0.7) Abbott, the username a filler word (0.7) abscido, 3 words; the user of post 2,
    // action 7 (Block), layout 5 (Home, timed), hours 1 and 20
    const rng = scripted([1, 0.3, 0, 0.3, 1, 0, 0, 1, 0.7, 0, 0.7, 2, 1, 3, 4, 5, 1, 7, 0, 0, 19]);
    const { goal, state } = def.init(rng, { posts: 2 }, train);
    expect(goal).toBe('For the user @abscido, click on the "Block" button.');
    expect(state).toEqual({
      posts: [{ name: 'Aaliyah', user: '@abbie', body: 'abbas abduco' }, { name: 'Abbott', user: '@abscido', body: 'absens absque abstergo' }],
      lines: ['Aaliyah @abbie: abbas abduco (1h)', 'Abbott @abscido: absens absque abstergo (20h)'],
      user: '@abscido',
      action: 'Block',
      menu: -1,
      heading: 'Home',
    });
    expect(rng.asked).toEqual([
      'int(2)',
      'next', 'int(2199)', 'next', 'int(2199)', 'int(5)', 'int(690)', 'int(690)',
      'next', 'int(341)', 'next', 'int(690)', 'int(5)', 'int(690)', 'int(690)', 'int(690)',
      'int(2)', 'int(9)', 'int(6)', 'int(20)', 'int(20)',
    ]);
    expect(rng.left).toEqual([]);
  });

  it('test: between half the most and the most posts, a heading without times, or times without a heading', () => {
    // posts 5: 3 + int(3) posts, posts 3: 2 + int(2); each post by Abagail @abagail, two words
    const post = [0.3, 0, 0.3, 0, 0, 0, 0];
    let rng = scripted([0, ...post, ...post, ...post, 2, 0, 0]);
    let r = def.init(rng, { posts: 5 }, test);
    expect(r.goal).toBe('For the user @abagail, click on the "Reply" button.');
    expect(r.state.posts).toHaveLength(3);
    expect(r.state).toMatchObject({ user: '@abagail', action: 'Reply', heading: 'Timeline' });
    expect(r.state.lines).toEqual(Array(3).fill('Abagail @abagail: abeo abeo'));
    expect(rng.asked[0]).toBe('int(3)');
    expect(rng.asked.slice(-3)).toEqual(['int(3)', 'int(9)', 'int(2)']);
    rng = scripted([0, ...post, ...post, 0, 8, 1, 4, 5]);
    r = def.init(rng, { posts: 3 }, test);
    expect(r.state).toMatchObject({ action: 'Report', heading: '', lines: ['Abagail @abagail: abeo abeo (5h)', 'Abagail @abagail: abeo abeo (6h)'] });
    expect(rng.asked[0]).toBe('int(2)');
  });
});

describe('social-media: over seeds', () => {
  it('feeds of 3 to 5 posts by authors of the split, the user among them, every action, the split\'s layouts', () => {
    for (const split of ['train', 'test'] as const) {
      const sizes = new Set<number>();
      const actions = new Set<string>();
      const headings = new Set<string>();
      const timed = new Set<boolean>();
      for (let seed = 0; seed < 150; seed++) {
        const env = socialMedia.create();
        env.reset({ seed, split, options: { posts: 5 } });
        const s = (env as unknown as { state: State }).state;
        sizes.add(s.posts.length);
        actions.add(s.action);
        headings.add(s.heading);
        expect(s.posts.map((p) => p.user)).toContain(s.user);
        for (const p of s.posts) {
          for (const w of [p.name, p.user.slice(1), ...p.body.split(' ')]) expect(inSplit(w, split)).toBe(true);
          expect(p.body.split(' ').length).toBeGreaterThanOrEqual(2);
          expect(p.body.split(' ').length).toBeLessThanOrEqual(6);
        }
        timed.add(/ \(([1-9]|1\d|20)h\)$/.test(s.lines[0]));
        s.lines.forEach((l, i) => expect(l.startsWith(`${s.posts[i].name} ${s.posts[i].user}: ${s.posts[i].body}`)).toBe(true));
        expect(env.goal).toBe(`For the user ${s.user}, click on the "${s.action}" button.`);
      }
      expect([...sizes].sort()).toEqual([3, 4, 5]);
      expect([...actions].sort()).toEqual([...ACTIONS].sort());
      expect([...headings].sort()).toEqual(split === 'test' ? ['', 'Timeline'] : ['', 'Home', 'Latest', 'Timeline']);
      expect([...timed].sort()).toEqual([false, true]);
    }
  });
});

describe('social-media: the page and its handlers', () => {
  it('draws the heading, then each post and its buttons one level under it; an open menu two levels under', () => {
    const post1 = ["2 article 'Al @al: one two'", "3 button 'Reply' depth 1", "4 button 'Retweet' depth 1", "5 button 'Like' depth 1"];
    expect(lines(drawn(def, state()))).toEqual([
      "1 heading 'Home'", ...post1, "6 button 'More' depth 1",
      "7 article 'Bo @bo: three four'", "8 button 'Reply' depth 1", "9 button 'Retweet' depth 1", "10 button 'Like' depth 1", "11 button 'More' depth 1",
    ]);
    expect(lines(drawn(def, state({ menu: 1, heading: '' })))).toEqual([
      "1 article 'Al @al: one two'", "2 button 'Reply' depth 1", "3 button 'Retweet' depth 1", "4 button 'Like' depth 1", "5 button 'More' depth 1",
      "6 article 'Bo @bo: three four'", "7 button 'Reply' depth 1", "8 button 'Retweet' depth 1", "9 button 'Like' depth 1", "10 button 'More' depth 1 [expanded]",
      "11 menuitem 'Share via DM' depth 2", "12 menuitem 'Copy link to Tweet' depth 2", "13 menuitem 'Embed Tweet' depth 2",
      "14 menuitem 'Mute @bo' depth 2", "15 menuitem 'Block @bo' depth 2", "16 menuitem 'Report' depth 2",
    ]);
  });

  it('More opens its post\'s menu, closes it, or moves it to another post', () => {
    const env = envWith(socialMedia, state());
    let r = env.step('click(6)');
    expect([env.state.menu, r.terminated, r.info.lastActionError]).toEqual([0, false, undefined]);
    env.step('click(6)');
    expect(env.state.menu).toBe(-1);
    env.step('click(6)');
    // post 1's menu adds six items: post 2's More is now 17
    r = env.step('click(17)');
    expect([env.state.menu, r.terminated]).toEqual([1, false]);
  });

  it('a button ends the episode: a success only for the named action on a post by the named user', () => {
    const click = (o: Partial<State>, id: number) => envWith(socialMedia, state(o)).step(`click(${id})`);
    expect(click({}, 10)).toMatchObject({ terminated: true, reward: 1, info: { success: true } });
    expect(click({}, 5)).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
    expect(click({}, 8)).toMatchObject({ terminated: true, reward: 0 });
    expect(click({ action: 'Reply' }, 8)).toMatchObject({ terminated: true, reward: 1 });
    expect(click({ action: 'Retweet' }, 9)).toMatchObject({ terminated: true, reward: 1 });
    expect(click({}, 7).info.lastActionError).toBe("click(7): element 7 (article 'Bo @bo: three four') cannot be clicked");
    expect(click({}, 1).info.lastActionError).toBe("click(1): element 1 (heading 'Home') cannot be clicked");
  });

  it('a menu item ends it too: Mute and Block name the user, the others do not', () => {
    const click = (o: Partial<State>, id: number) => envWith(socialMedia, state({ heading: '', ...o })).step(`click(${id})`);
    expect(click({ menu: 1, action: 'Mute' }, 14)).toMatchObject({ terminated: true, reward: 1 });
    expect(click({ menu: 1, action: 'Block' }, 15)).toMatchObject({ terminated: true, reward: 1 });
    expect(click({ menu: 1, action: 'Report' }, 16)).toMatchObject({ terminated: true, reward: 1 });
    expect(click({ menu: 1, action: 'Share via DM' }, 11)).toMatchObject({ terminated: true, reward: 1 });
    expect(click({ menu: 1, action: 'Mute' }, 15)).toMatchObject({ terminated: true, reward: 0 });
    // the named action on another user's post: Mute @al, Report
    expect(click({ menu: 0, action: 'Mute' }, 9)).toMatchObject({ terminated: true, reward: 0 });
    expect(click({ menu: 0, action: 'Report' }, 11)).toMatchObject({ terminated: true, reward: 0 });
  });

  it('progress: 0.5 with the menu open on the user\'s post when the action is in it, else 0', () => {
    expect(def.progress(state({ action: 'Mute' }))).toBe(0);
    expect(def.progress(state({ action: 'Mute', menu: 1 }))).toBe(0.5);
    expect(def.progress(state({ action: 'Report', menu: 1 }))).toBe(0.5);
    expect(def.progress(state({ action: 'Mute', menu: 0 }))).toBe(0);
    expect(def.progress(state({ action: 'Like', menu: 1 }))).toBe(0);
    // the first post's menu open, the first post the user's
    expect(def.progress(state({ action: 'Embed Tweet', menu: 0, user: '@al' }))).toBe(0.5);
    expect(envWith(socialMedia, state()).step('click(10)').info.progress).toBe(1);
  });

  it('the expert clicks the button on the user\'s first post, or opens its menu and clicks the item', () => {
    expect(socialMedia.expert(envWith(socialMedia, state()))).toBe('click(10)');
    expect(socialMedia.expert(envWith(socialMedia, state({ action: 'Reply' })))).toBe('click(8)');
    const env = envWith(socialMedia, state({ action: 'Block', menu: 0 }));
    expect(socialMedia.expert(env)).toBe('click(17)');
    env.step('click(17)');
    expect(env.state.menu).toBe(1);
    expect(socialMedia.expert(env)).toBe('click(16)');
    expect(env.step('click(16)')).toMatchObject({ terminated: true, reward: 1 });
    expect(socialMedia.expert(envWith(socialMedia, state({ action: 'Share via DM', menu: 1 })))).toBe('click(12)');
    // two posts by the user: the first
    const twice = state({ user: '@al', posts: [{ name: 'Bo', user: '@bo', body: 'x' }, { name: 'Al', user: '@al', body: 'y' }, { name: 'Al', user: '@al', body: 'z' }] });
    expect(socialMedia.expert(envWith(socialMedia, twice))).toBe('click(10)');
    expect(envWith(socialMedia, twice).step('click(15)')).toMatchObject({ terminated: true, reward: 1 });
  });

  it('ends the episode after 4 turns, truncated', () => {
    const env = envWith(socialMedia, state());
    for (let t = 1; t < 4; t++) expect(env.step('click(6)').truncated).toBe(false);
    expect(env.step('click(6)')).toMatchObject({ terminated: false, truncated: true });
  });
});
