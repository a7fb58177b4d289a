// The newer web families (issue 14) where their rules matter: widgets that refuse what a browser refuses, wrong
// moves that end an episode, popups, hidden content, and the helpers they share (split choices, dates, templates).

import { describe, expect, it } from 'vitest';
import type { EnvOptions, StepResult, UiElement } from '../../src/envs/api';
import { inSplit, poolsOf, type Split } from '../../src/envs/split';
import { Rng } from '../../src/core/rng';
import { Choices, Layouts, PositionGoals } from '../../src/envs/web/layout';
import { daysInMonth, formatDate, longDate, parseDate } from '../../src/envs/web/dates';
import { ordinal } from '../../src/envs/web/controls';
import { fillTemplate } from '../../src/envs/lexicon/phrasing';
import { episode, quoted } from './episode';

type Episode = ReturnType<typeof episode>;

/** An episode of the test split (the families' content there is unseen in training). */
const ep = (id: string, seed = 0, options?: EnvOptions, split: Split = 'test') => episode(id, seed, options, split);
const click = (e: Episode, role: string, name?: string | RegExp) => e.step(`click(${e.find(role, name).id})`);
const fill = (e: Episode, role: string, name: string | RegExp, text: string) => e.step(`fill(${e.find(role, name).id}, ${JSON.stringify(text)})`);
/** The episode's hidden state, for checks that need to know the answer. */
const stateOf = <T,>(e: Episode) => (e.env as unknown as { state: T }).state;

/** Plays the expert until `stop` holds or the episode ends. */
function expertUntil(e: Episode, stop: (e: Episode) => boolean): void {
  for (let r: StepResult | undefined; !stop(e) && !(r?.terminated || r?.truncated); ) r = e.expert();
}

const FAILED = { terminated: true, reward: 0, info: { success: false } };

describe('split choices', () => {
  it('partition a family\'s choices by the split of their texts, list them in order, and name an empty split', () => {
    const c = new Choices('demo', (i) => `demo choice ${i}`);
    const train = c.of(poolsOf('train'), 40);
    const test = c.of(poolsOf('test'), 40);
    expect([...train, ...test].sort((a, b) => a - b)).toEqual([...Array(40).keys()]);
    for (const i of test) expect(inSplit(`demo choice ${i}`, 'test')).toBe(true);
    expect(c.of(poolsOf('test'), 40)).toBe(test);
    const none = new Choices('lonely', () => 'always the same text');
    const empty = inSplit('always the same text', 'test') ? 'train' : 'test';
    expect(() => none.of(poolsOf(empty), 3)).toThrow(`lonely: none of its 3 choices is in the ${empty} split`);
  });

  it('draw layouts within their sizes, the last dimension under its bound, and goals with their positions', () => {
    // (Which layouts are test layouts is controls.ts's layoutOf, tested with the families that share it.)
    const layouts = new Layouts('demo', [3, 4, 5]);
    const rng = Rng.fromSeed(1);
    for (let k = 0; k < 50; k++) {
      const [a, b, c] = layouts.draw(rng, poolsOf('test'), 2);
      expect(a < 3 && b < 4 && c < 2).toBe(true);
    }
    const goals = new PositionGoals('demo', ['Pick the {n}.', 'Choose the {n}.'], (p, k) => fillTemplate(p, { n: ordinal(k + 1) }));
    for (let k = 0; k < 20; k++) {
      const { goal, position } = goals.draw(rng, poolsOf('train'), 9);
      expect(goal).toMatch(new RegExp(`the ${ordinal(position + 1)}\\.$`));
      expect(inSplit(goal, 'train')).toBe(true);
    }
  });
});

describe('dates and phrasing', () => {
  it('write and read dates as MiniWoB does, in UTC', () => {
    expect(formatDate({ year: 2016, month: 3, day: 7 })).toBe('03/07/2016');
    expect(parseDate(' 03/07/2016 ')).toEqual({ year: 2016, month: 3, day: 7 });
    for (const bad of ['02/30/2016', '2016-03-07', '3/7/2016', '13/01/2016']) expect(parseDate(bad), bad).toBeUndefined();
    expect(longDate({ year: 2016, month: 12, day: 3 })).toBe('Sat Dec 03 2016');
    expect([daysInMonth(2016, 2), daysInMonth(1900, 2), daysInMonth(2000, 2), daysInMonth(2019, 4)]).toEqual([29, 28, 29, 30]);
  });

  it('fills templates, naming a missing slot', () => {
    expect(fillTemplate('Pick the {n} of {m}.', { n: ordinal(2), m: 7 })).toBe('Pick the 2nd of 7.');
    expect(() => fillTemplate('Hi {name}', {})).toThrow("template 'Hi {name}': no value for {name}");
  });
});

describe('typed fields', () => {
  it('enter-date takes only real dates as mm/dd/yyyy, and Submit fails on another date', () => {
    const d = ep('enter-date', 3);
    expect(fill(d, 'textbox', /./, '2016-02-01').info.lastActionError).toMatch(/'2016-02-01' is not a date; type it as mm\/dd\/yyyy/);
    expect(fill(d, 'textbox', /./, '02/31/2016').info.lastActionError).toMatch(/is not a date/);
    fill(d, 'textbox', /./, '01/01/1999');
    expect(click(d, 'button', 'Submit')).toMatchObject(FAILED);
  });

  it('enter-time shows what it took as hh:mm AM/PM, and at field=24h refuses AM/PM', () => {
    const d = ep('enter-time', 1);
    fill(d, 'textbox', /./, '15:07');
    expect(d.find('textbox').value).toBe('03:07 PM');
    const strict = ep('enter-time', 1, { field: '24h' });
    const shown = /Enter (.*) as the time/.exec(strict.env.goal)?.[1] ?? '';
    expect(fill(strict, 'textbox', /./, shown).info.lastActionError).toMatch(/is not a time; type it as HH:MM, 24-hour/);
  });

  it('enter-password needs the same password in both fields', () => {
    const d = ep('enter-password', 2);
    const pw = quoted(d.env.goal);
    const [first] = d.all('textbox');
    d.step(`fill(${first.id}, "${pw}")`);
    expect(click(d, 'button', 'Submit')).toMatchObject(FAILED);
  });

  it('text-transform shows the text glyph by glyph, never in the goal', () => {
    const d = ep('text-transform', 5);
    const glyphs = d.find('text').name;
    expect(glyphs).toMatch(/^[a-z0-9]( [a-z0-9]){2,}$/);
    expect(d.env.goal).not.toContain(glyphs.replace(/ /g, ''));
    fill(d, 'textbox', /.*/, glyphs);
    expect(click(d, 'button', 'Submit')).toMatchObject(FAILED);
  });
});

describe('widgets', () => {
  it('use-spinner takes no typing and stops at its range', () => {
    const d = ep('use-spinner', 0, { range: 2 });
    expect(d.step(`fill(${d.find('spinbutton').id}, "3")`).info.lastActionError).toMatch(/the spinner takes no typing; use its up and down buttons/);
    click(d, 'button', 'up');
    click(d, 'button', 'up');
    expect(d.find('spinbutton').value).toBe('2');
    expect(click(d, 'button', 'up').info.lastActionError).toMatch(/is disabled/);
  });

  it('choose-date opens on December, refuses typing, steps back, and a picked day fills the field and closes it', () => {
    const d = ep('choose-date', 4, { months: 2 });
    const field = d.find('textbox');
    expect(fill(d, 'textbox', field.name, '12/01/2016').info.lastActionError).toMatch(/read-only; click it and pick a day/);
    click(d, 'textbox', field.name);
    expect(d.find('heading', /2016/).name).toBe('December 2016');
    expect(d.find('button', 'Next').state?.disabled).toBe(true);
    click(d, 'button', 'Prev');
    expect(d.find('heading', /2016/).name).toBe('November 2016');
    expect(d.find('button', 'Prev').state?.disabled).toBe(true);
    expect(d.all('gridcell')).toHaveLength(30);
    click(d, 'gridcell', '9');
    expect(d.find('textbox').value).toBe('11/09/2016');
    expect(d.all('gridcell')).toHaveLength(0);
  });

  it('click-collapsible-2 keeps one section open and fails on a link not named', () => {
    const d = ep('click-collapsible-2', 6);
    const [a, b] = d.all('tab');
    d.step(`click(${a.id})`);
    expect(d.all('tab').map((t) => !!t.state?.expanded)).toEqual([true, ...d.all('tab').slice(1).map(() => false)]);
    d.step(`click(${d.all('tab')[1].id})`);
    expect(d.all('tab')[0].state?.collapsed).toBe(true);
    expect(b.name).toMatch(/2/);
    const wrong = d.all('link').find((l) => l.name !== quoted(d.env.goal)) as UiElement;
    expect(wrong).toBeDefined();
    expect(d.step(`click(${wrong.id})`)).toMatchObject(FAILED);
  });

  it('navigate-tree hides the target in a folder by default; a folder toggles; a wrong file fails', () => {
    for (let seed = 0; seed < 30; seed++) {
      const d = ep('navigate-tree', seed);
      const target = quoted(d.env.goal);
      expect(d.all('treeitem').some((t) => t.name === target), `seed ${seed}`).toBe(false);
    }
    const d = ep('navigate-tree', 1);
    const folder = d.all('treeitem').find((t) => t.state?.collapsed) as UiElement;
    d.step(`click(${folder.id})`);
    expect(d.find('treeitem', folder.name).state?.expanded).toBe(true);
    const file = d.all('treeitem').find((t) => !t.state && t.name !== quoted(d.env.goal)) as UiElement;
    expect(d.step(`click(${file.id})`)).toMatchObject(FAILED);
  });

  it('login-user-popup: a trapped field pops a dialog that eats the typing; Cancel closes it, OK fails', () => {
    const d = ep('login-user-popup', 0, { popup: 100 });
    const user = quoted(d.env.goal);
    for (const box of d.all('textbox')) d.step(`fill(${box.id}, "${user}")`);
    expect(d.find('dialog').name.length).toBeGreaterThan(5);
    expect(d.all('textbox').every((b) => b.state?.disabled)).toBe(true);
    expect(d.all('textbox').some((b) => b.value === '')).toBe(true);
    click(d, 'button', 'Cancel');
    expect(d.all('dialog')).toHaveLength(0);
    expect(d.all('textbox').every((b) => !b.state?.disabled)).toBe(true);
    const fresh = ep('login-user-popup', 0, { popup: 100 });
    expertUntil(fresh, (x) => x.all('dialog').length > 0);
    expect(click(fresh, 'button', 'OK')).toMatchObject(FAILED);
  });
});

describe('shells and feeds', () => {
  it('terminal: files show only after ls; unknown commands, globs and missing files are named; a wrong rm fails', () => {
    const d = ep('terminal', 3);
    expect(d.obs().text).not.toMatch(/\.\w+ /);
    fill(d, 'textbox', 'user$', 'dir');
    expect(d.all('text').at(-1)?.name).toBe('Command not found.');
    fill(d, 'textbox', 'user$', 'rm *.txt');
    expect(d.all('text').at(-1)?.name).toMatch(/rm argument '\*' not supported/);
    fill(d, 'textbox', 'user$', 'rm nothing.here');
    expect(d.all('text').at(-1)?.name).toBe("error: file 'nothing.here' not found.");
    fill(d, 'textbox', 'user$', 'ls');
    const files = (d.all('text').at(-1)?.name ?? '').split(' ');
    const ext = /extension \.(\w+)/.exec(d.env.goal)?.[1];
    const wrong = files.find((f) => !f.endsWith(`.${ext}`));
    expect(wrong).toBeDefined();
    expect(fill(d, 'textbox', 'user$', `rm ${wrong}`)).toMatchObject(FAILED);
  });

  it('social-media: the More menu lists Mute and Block for its post; a right action on the wrong user fails', () => {
    const d = ep('social-media', 2);
    const user = /For the user (@\S+),/.exec(d.env.goal)?.[1] ?? '';
    const posts = d.all('article');
    d.step(`click(${posts[0].id + 4})`);
    expect(d.all('menuitem').map((m) => m.name)).toContain(`Mute ${/@\S+(?=:)/.exec(posts[0].name)?.[0]}`);
    const other = d.all('article').findIndex((p) => !p.name.includes(`${user}:`));
    expect(other).toBeGreaterThanOrEqual(0);
    expect(d.step(`click(${d.all('article')[other].id + 1})`)).toMatchObject(FAILED);
  });

  it('social-media-all fails when one extra button is on', () => {
    const d = ep('social-media-all', 4);
    expertUntil(d, (x) => x.spec.expert(x.env).startsWith(`click(${x.all('button').at(-1)?.id})`));
    const user = /posts by (@\S+)/.exec(d.env.goal)?.[1] ?? '';
    const other = d.all('article').find((p) => !p.name.includes(`${user}:`)) as UiElement;
    expect(other).toBeDefined();
    d.step(`click(${other.id + 1})`);
    expect(d.step(`click(${d.all('button').at(-1)?.id})`)).toMatchObject(FAILED);
  });

  it('phone-book pages one contact at a time and fails on the wrong detail', () => {
    const d = ep('phone-book', 7, { contacts: 4 });
    expect(d.find('link', 'First').state?.disabled).toBe(true);
    const first = d.all('heading').at(-1)?.name;
    click(d, 'link', '>');
    expect(d.all('heading').at(-1)?.name).not.toBe(first);
    expect(d.find('link', '2').state?.selected).toBe(true);
    click(d, 'link', 'Last');
    expect(d.find('link', '>').state?.disabled).toBe(true);
    const s = stateOf<{ page: number; target: number; detail: string }>(d);
    expertUntil(d, () => s.page === s.target);
    const wrong = d.all('link').find((l) => (s.detail === 'email' ? !l.name.includes('@') : l.name.includes('@')));
    expect(d.step(`click(${wrong?.id})`)).toMatchObject(FAILED);
  });
});

describe('multi-page apps', () => {
  it('email-inbox-forward-nl: phrasings of the test split never come up in train', () => {
    const seen: Record<Split, Set<string>> = { train: new Set(), test: new Set() };
    for (const split of ['train', 'test'] as const) {
      for (let seed = 0; seed < 300; seed++) {
        const d = ep('email-inbox-forward-nl', seed, undefined, split);
        const s = stateOf<{ emails: { from: string }[]; target: number; dest: string }>(d);
        seen[split].add(d.env.goal.replace(s.emails[s.target].from, '{name}').replace(s.dest, '{dest}'));
      }
    }
    expect(seen.test.size).toBeGreaterThan(2);
    expect([...seen.test].filter((p) => seen.train.has(p))).toEqual([]);
  });

  it('email-inbox-forward-nl: a forward with an edited body fails, and a reply always fails', () => {
    const d = ep('email-inbox-forward-nl', 2);
    expertUntil(d, (x) => x.all('textbox', 'To').length > 0);
    fill(d, 'textbox', 'Message', 'something else');
    fill(d, 'textbox', 'To', stateOf<{ dest: string }>(d).dest);
    expect(click(d, 'button', 'Send')).toMatchObject(FAILED);
    const r = ep('email-inbox-forward-nl', 2);
    expertUntil(r, (x) => x.all('button', 'Reply').length > 0);
    click(r, 'button', 'Reply');
    fill(r, 'textbox', 'Message', 'hello');
    expect(click(r, 'button', 'Send')).toMatchObject(FAILED);
  });

  it('book-flight-full: Search wants airports from the suggestions; a wrong day\'s flights cannot be booked', () => {
    const d = ep('book-flight-full', 1);
    const [from, to] = d.all('textbox');
    d.step(`fill(${from.id}, "x")`);
    d.step(`fill(${to.id}, "y")`);
    expect(click(d, 'button', /./).info.lastActionError).toMatch(/needs an airport from the suggestions/);
    const wrongDay = ep('book-flight-full', 1);
    const s = stateOf<{ picker: { open: boolean; month: number }; want: { date: { month: number; day: number } }; labels: { search: string } }>(wrongDay);
    expertUntil(wrongDay, () => s.picker.open && s.picker.month === s.want.date.month);
    click(wrongDay, 'gridcell', String(s.want.date.day === 1 ? 2 : 1));
    click(wrongDay, 'button', s.labels.search);
    const books = wrongDay.all('button', /^Book/);
    expect(books.length).toBeGreaterThanOrEqual(3);
    for (const b of books) expect(wrongDay.env.clone().step(`click(${b.id})`), b.name).toMatchObject(FAILED);
  });

  it('book-flight-full lists flights in no fixed order: the best is not always first', () => {
    const firstIsBest = Array.from({ length: 40 }, (_, seed) => {
      const d = ep('book-flight-full', seed);
      expertUntil(d, (x) => x.all('button', /^Book/).length > 0);
      return d.spec.expert(d.env) === `click(${d.all('button', /^Book/)[0].id})`;
    });
    expect(firstIsBest.filter(Boolean).length).toBeLessThan(30);
  });

  it('forum: an empty post is refused; a reply in the wrong thread fails', () => {
    const r = ep('forum', 0);
    let seed = 0;
    while (!/^In .*, reply/.test(r.env.goal)) r.env.reset({ seed: ++seed, split: 'test' });
    const fresh = ep('forum', seed);
    const board = /^In ([^,]+),/.exec(fresh.env.goal)?.[1] ?? '';
    const title = /thread "([^"]+)"/.exec(fresh.env.goal)?.[1] ?? '';
    click(fresh, 'link', board);
    click(fresh, 'link', new RegExp(`^(?!${title} by)`));
    click(fresh, 'button', 'Reply');
    expect(click(fresh, 'button', 'Post').info.lastActionError).toMatch(/fill in every field before posting/);
    fill(fresh, 'textbox', 'Message', quoted(fresh.env.goal));
    expect(click(fresh, 'button', 'Post')).toMatchObject(FAILED);
  });
});
