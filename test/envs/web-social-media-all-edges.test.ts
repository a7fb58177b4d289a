// Edge cases of the social-media-all family (issue 21's mutation pass): its options and levels, init on a scripted
// random stream (the feed's size, authors kept from one post to the next, the shuffle, the user and button asked for,
// the heading and Submit's name), the rules over seeds, the feed drawn with buttons pressed, toggling, Submit right and
// wrong, progress, the expert's order, and the turn limit. Values are worked out by hand.
import { describe, expect, it } from 'vitest';
import { inSplit, poolsOf } from '../../src/envs/split';
import { layoutOf } from '../../src/envs/web/controls';
import { socialMediaAll } from '../../src/envs/web/social-media-all';
import { scripted } from '../support/scripted-rng';
import { defOf, drawn, envWith, lines } from '../support/web-family';
import type { State } from '../../src/envs/web/social-media-all';

const def = defOf<State>(socialMediaAll);
const train = poolsOf('train');
const test = poolsOf('test');
const off = () => [false, false, false, false];

/** Three posts, by @al, @bo and @al; Like asked for @al; nothing pressed; heading Home, Submit. */
function state(o: Partial<State> = {}): State {
  const posts = [{ name: 'Al', user: '@al', body: 'a' }, { name: 'Bo', user: '@bo', body: 'b' }, { name: 'Al', user: '@al', body: 'c' }];
  return { posts, lines: posts.map((p) => `${p.name} ${p.user}: ${p.body}`), pressed: posts.map(off), user: '@al', action: 2, heading: 'Home', submit: 'Submit', ...o };
}

describe('social-media-all: the family', () => {
  it('says what it is, its turn limit, options and levels', () => {
    expect(socialMediaAll).toMatchObject({ id: 'social-media-all', suite: 'web', family: 'social-media-all', maxTurns: 10, miniwob: 'social-media-all' });
    expect(socialMediaAll.description).toBe('Toggle the named button on every post by the named user, and on no other, then click Submit.');
    expect(socialMediaAll.lesson).toBeUndefined();
    expect(socialMediaAll.instanceKey).toBeUndefined();
    expect(socialMediaAll.options).toEqual([{ name: 'posts', doc: 'most posts in the feed (fewest is half that)', kind: 'int', default: 5, min: 2, max: 12 }]);
    expect(socialMediaAll.levels).toEqual([{ posts: 4 }, { posts: 5 }, { posts: 12 }]);
  });
});

describe('social-media-all: init on a scripted stream', () => {
  it('the layouts (heading x Submit\'s name, 4 x 2) of each split', () => {
    // train 0: none, Submit; 4: none, Done; test 7: Latest, Done; 6: Timeline, Done
    expect([0, 1, 2, 3, 4, 5].map((v) => layoutOf(scripted([v]), train, 'social-media-all', 8))).toEqual([0, 4, 2, 1, 5, 3]);
    expect([0, 1].map((v) => layoutOf(scripted([v]), test, 'social-media-all', 8))).toEqual([7, 6]);
  });

  it('train: a new author first, kept on 0.3 or more, new below it; shuffled; the user, Like, layout 4', () => {
    // 2 + 1 posts; post 1 by Aaliyah @abbie (2 words 0 1); post 2 by her again (0.5), words 2 3; post 3 by a new
    // author (0.1 < 0.3): Abbott @absque, words 5 5; shuffle: swap 2 with 0, 1 with 1; the user of the 2nd; Like
    const rng = scripted([1, 0.3, 0, 0.3, 1, 0, 0, 1, 0.5, 0, 2, 3, 0.1, 0.7, 0, 0.7, 4, 0, 5, 5, 0, 1, 1, 2, 1]);
    const { goal, state } = def.init(rng, { posts: 4 }, train);
    expect(goal).toBe('Click the "Like" button on all posts by @abbie and then click Done.');
    expect(state).toEqual({
      posts: [
        { name: 'Abbott', user: '@absque', body: 'abstergo abstergo' },
        { name: 'Aaliyah', user: '@abbie', body: 'abscido absens' },
        { name: 'Aaliyah', user: '@abbie', body: 'abbas abduco' },
      ],
      lines: ['Abbott @absque: abstergo abstergo', 'Aaliyah @abbie: abscido absens', 'Aaliyah @abbie: abbas abduco'],
      pressed: [off(), off(), off()],
      user: '@abbie',
      action: 2,
      heading: '',
      submit: 'Done',
    });
    expect(rng.asked).toEqual([
      'int(3)',
      'next', 'int(2199)', 'next', 'int(2199)', 'int(5)', 'int(690)', 'int(690)',
      'next', 'int(5)', 'int(690)', 'int(690)',
      'next', 'next', 'int(341)', 'next', 'int(690)', 'int(5)', 'int(690)', 'int(690)',
      'int(3)', 'int(2)', 'int(3)', 'int(4)', 'int(6)',
    ]);
    expect(rng.left).toEqual([]);
  });

  it('test: Reply, layout 7 (Latest, Done)', () => {
    const post = [0, 0, 0];
    const rng = scripted([0, 0.3, 0, 0.3, 0, ...post, 0.9, ...post, 0, 0, 0, 0]);
    const { goal, state } = def.init(rng, { posts: 3 }, test);
    expect(goal).toBe('Click the "Reply" button on all posts by @abagail and then click Done.');
    expect(state).toMatchObject({ lines: ['Abagail @abagail: abeo abeo', 'Abagail @abagail: abeo abeo'], action: 0, heading: 'Latest', submit: 'Done' });
    expect(rng.asked[0]).toBe('int(2)');
  });
});

describe('social-media-all: over seeds', () => {
  it('feeds of 3 to 6 posts of the split, authors posting more than once, every button, the split\'s layouts', () => {
    const all: string[] = [];
    for (const split of ['train', 'test'] as const) {
      const sizes = new Set<number>();
      const actions = new Set<number>();
      const layouts = new Set<string>();
      let repeats = 0;
      for (let seed = 0; seed < 120; seed++) {
        const env = socialMediaAll.create();
        env.reset({ seed, split, options: { posts: 6 } });
        const s = (env as unknown as { state: State }).state;
        sizes.add(s.posts.length);
        actions.add(s.action);
        layouts.add(`${s.heading}|${s.submit}`);
        expect(s.posts.map((p) => p.user)).toContain(s.user);
        expect(s.pressed).toEqual(s.posts.map(off));
        expect(s.lines).toEqual(s.posts.map((p) => `${p.name} ${p.user}: ${p.body}`));
        for (const p of s.posts) for (const w of [p.name, p.user.slice(1), ...p.body.split(' ')]) expect(inSplit(w, split)).toBe(true);
        if (s.posts.filter((p) => p.user === s.user).length > 1) repeats++;
      }
      expect([...sizes].sort()).toEqual([3, 4, 5, 6]);
      expect([...actions].sort()).toEqual([0, 1, 2, 3]);
      expect(layouts.size).toBe(split === 'test' ? 2 : 6);
      expect(repeats).toBeGreaterThan(60);
      all.push(...layouts);
    }
    // together every heading with each name of Submit
    expect(all.sort()).toEqual(['', 'Home', 'Timeline', 'Latest'].flatMap((h) => ['Submit', 'Done'].map((b) => `${h}|${b}`)).sort());
  });
});

describe('social-media-all: the page and its handlers', () => {
  it('draws the heading, each post and its four buttons one level under it, pressed or not, then Submit', () => {
    const s = state();
    s.pressed[1][3] = true;
    const post = (id: number, line: string, pressed = -1) => [
      `${id} article '${line}'`,
      ...['Reply', 'Retweet', 'Like', 'Share'].map((b, k) => `${id + 1 + k} button '${b}' depth 1${k === pressed ? ' [pressed]' : ''}`),
    ];
    expect(lines(drawn(def, s))).toEqual(["1 heading 'Home'", ...post(2, 'Al @al: a'), ...post(7, 'Bo @bo: b', 3), ...post(12, 'Al @al: c'), "17 button 'Submit'"]);
    expect(lines(drawn(def, state({ heading: '', submit: 'Done' })))[15]).toBe("16 button 'Done'");
  });

  it('a button toggles on its own post only', () => {
    const env = envWith(socialMediaAll, state());
    expect(env.step('click(5)').info.lastActionError).toBeUndefined();
    expect(env.state.pressed).toEqual([[false, false, true, false], off(), off()]);
    env.step('click(8)');
    env.step('click(5)');
    expect(env.state.pressed).toEqual([off(), [true, false, false, false], off()]);
    expect(env.step('click(2)').info.lastActionError).toBe("click(2): element 2 (article 'Al @al: a') cannot be clicked");
  });

  it('Submit succeeds only with the button on every post by the user pressed and nothing else', () => {
    const press = (...cells: [number, number][]) => {
      const s = state();
      for (const [i, b] of cells) s.pressed[i][b] = true;
      return envWith(socialMediaAll, s).step('click(17)');
    };
    expect(press([0, 2], [2, 2])).toMatchObject({ terminated: true, reward: 1, info: { success: true } });
    expect(press([0, 2])).toMatchObject({ terminated: true, reward: 0, info: { success: false } });
    expect(press([0, 2], [2, 2], [1, 2])).toMatchObject({ terminated: true, reward: 0 });
    expect(press([0, 2], [2, 2], [0, 0])).toMatchObject({ terminated: true, reward: 0 });
    expect(press()).toMatchObject({ terminated: true, reward: 0 });
  });

  it('progress: 0.9 times the share of buttons in their wanted state', () => {
    const s = state();
    expect(def.progress(s)).toBeCloseTo(0.75, 12);
    s.pressed[0][2] = true;
    expect(def.progress(s)).toBeCloseTo(0.825, 12);
    s.pressed[2][2] = true;
    expect(def.progress(s)).toBeCloseTo(0.9, 12);
    s.pressed[1][0] = true;
    expect(def.progress(s)).toBeCloseTo(0.825, 12);
  });

  it('the expert fixes the first wrong button, post by post and button by button, then submits', () => {
    const s = state();
    s.pressed[1][0] = true;
    const env = envWith(socialMediaAll, s);
    const steps: string[] = [];
    for (let t = 0; t < 6 && !env.step((steps[t] = socialMediaAll.expert(env))).terminated; t++);
    expect(steps).toEqual(['click(5)', 'click(8)', 'click(15)', 'click(17)']);
    expect(env.state.pressed).toEqual([[false, false, true, false], off(), [false, false, true, false]]);
  });

  it('ends the episode after 10 turns, truncated', () => {
    const env = envWith(socialMediaAll, state());
    for (let t = 1; t < 10; t++) expect(env.step('click(3)').truncated).toBe(false);
    expect(env.step('click(3)')).toMatchObject({ terminated: false, truncated: true });
  });
});
