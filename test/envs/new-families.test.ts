// The newer web families (issue 14) where their rules matter: widgets that refuse what a browser refuses, wrong
// moves that end an episode, popups, hidden content, and the helpers they share (split choices, dates, ordinals).

import { describe, expect, it } from 'vitest';
import type { EnvOptions, StepResult, UiElement } from '../../src/envs/api';
import type { Split } from '../../src/envs/split';
import { inSplit, poolsOf } from '../../src/envs/split';
import { getEnvSpec } from '../../src/envs/registry';
import { Rng } from '../../src/core/rng';
import { Choices, Layouts, PositionGoals } from '../../src/envs/web/layout';
import { daysInMonth, formatDate, longDate, parseDate } from '../../src/envs/web/dates';
import { ordinal } from '../../src/envs/web/controls';
import { fillTemplate } from '../../src/envs/lexicon/phrasing';

/** A page driven by what is on it: elements found by role and name, actions sent as strings. */
class Driver {
  readonly spec;
  readonly env;
  last: StepResult | undefined;
  private elements: readonly UiElement[];

  constructor(id: string, seed = 0, options?: EnvOptions, split: Split = 'test') {
    this.spec = getEnvSpec(id);
    this.env = this.spec.create();
    this.elements = this.env.reset({ seed, options, split }).obs.elements;
  }

  /** The episode's hidden state, for checks that need to know the answer. */
  state<T>(): T {
    return (this.env as unknown as { state: T }).state;
  }

  get text(): string {
    return this.elements.map((e) => `${e.role} ${e.name}`).join('\n');
  }

  all(role: string, name?: string | RegExp): UiElement[] {
    return this.elements.filter((e) => e.role === role && (name === undefined || (typeof name === 'string' ? e.name === name : name.test(e.name))));
  }

  one(role: string, name?: string | RegExp): UiElement {
    const e = this.all(role, name)[0];
    if (!e) throw new Error(`no ${role} ${String(name)} on the page:\n${this.text}`);
    return e;
  }

  act(action: string): StepResult {
    this.last = this.env.step(action);
    this.elements = this.last.obs.elements;
    return this.last;
  }

  click(role: string, name?: string | RegExp): StepResult {
    return this.act(`click(${this.one(role, name).id})`);
  }

  fill(role: string, name: string | RegExp, text: string): StepResult {
    return this.act(`fill(${this.one(role, name).id}, ${JSON.stringify(text)})`);
  }

  /** Plays the expert until `stop` holds or the episode ends. */
  expertUntil(stop: (d: Driver) => boolean): void {
    while (!stop(this) && !(this.last?.terminated || this.last?.truncated)) this.act(this.spec.expert(this.env));
  }
}

const FAILED = { terminated: true, reward: 0, info: { success: false } };
const quoted = (goal: string) => /"([^"]*)"/.exec(goal)?.[1] ?? '';

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
    const d = new Driver('enter-date', 3);
    expect(d.fill('textbox', /./, '2016-02-01').info.lastActionError).toMatch(/'2016-02-01' is not a date; type it as mm\/dd\/yyyy/);
    expect(d.fill('textbox', /./, '02/31/2016').info.lastActionError).toMatch(/is not a date/);
    d.fill('textbox', /./, '01/01/1999');
    expect(d.click('button', 'Submit')).toMatchObject(FAILED);
  });

  it('enter-time shows what it took as hh:mm AM/PM, and at field=24h refuses AM/PM', () => {
    const d = new Driver('enter-time', 1);
    d.fill('textbox', /./, '15:07');
    expect(d.one('textbox').value).toBe('03:07 PM');
    const strict = new Driver('enter-time', 1, { field: '24h' });
    const shown = /Enter (.*) as the time/.exec(strict.env.goal)?.[1] ?? '';
    expect(strict.fill('textbox', /./, shown).info.lastActionError).toMatch(/is not a time; type it as HH:MM, 24-hour/);
  });

  it('enter-password needs the same password in both fields', () => {
    const d = new Driver('enter-password', 2);
    const pw = quoted(d.env.goal);
    const [first] = d.all('textbox');
    d.act(`fill(${first.id}, "${pw}")`);
    expect(d.click('button', 'Submit')).toMatchObject(FAILED);
  });

  it('text-transform shows the text glyph by glyph, never in the goal', () => {
    const d = new Driver('text-transform', 5);
    const glyphs = d.one('text').name;
    expect(glyphs).toMatch(/^[a-z0-9]( [a-z0-9]){2,}$/);
    expect(d.env.goal).not.toContain(glyphs.replace(/ /g, ''));
    d.fill('textbox', /.*/, glyphs);
    expect(d.click('button', 'Submit')).toMatchObject(FAILED);
  });
});

describe('widgets', () => {
  it('use-spinner takes no typing and stops at its range', () => {
    const d = new Driver('use-spinner', 0, { range: 2 });
    expect(d.act(`fill(${d.one('spinbutton').id}, "3")`).info.lastActionError).toMatch(/the spinner takes no typing; use its up and down buttons/);
    d.click('button', 'up');
    d.click('button', 'up');
    expect(d.one('spinbutton').value).toBe('2');
    expect(d.click('button', 'up').info.lastActionError).toMatch(/is disabled/);
  });

  it('choose-date opens on December, refuses typing, steps back, and a picked day fills the field and closes it', () => {
    const d = new Driver('choose-date', 4, { months: 2 });
    const field = d.one('textbox');
    expect(d.fill('textbox', field.name, '12/01/2016').info.lastActionError).toMatch(/read-only; click it and pick a day/);
    d.click('textbox', field.name);
    expect(d.one('heading', /2016/).name).toBe('December 2016');
    expect(d.one('button', 'Next').state?.disabled).toBe(true);
    d.click('button', 'Prev');
    expect(d.one('heading', /2016/).name).toBe('November 2016');
    expect(d.one('button', 'Prev').state?.disabled).toBe(true);
    expect(d.all('gridcell')).toHaveLength(30);
    d.click('gridcell', '9');
    expect(d.one('textbox').value).toBe('11/09/2016');
    expect(d.all('gridcell')).toHaveLength(0);
  });

  it('click-collapsible-2 keeps one section open and fails on a link not named', () => {
    const d = new Driver('click-collapsible-2', 6);
    const [a, b] = d.all('tab');
    d.act(`click(${a.id})`);
    expect(d.all('tab').map((t) => !!t.state?.expanded)).toEqual([true, ...d.all('tab').slice(1).map(() => false)]);
    d.act(`click(${d.all('tab')[1].id})`);
    expect(d.all('tab')[0].state?.collapsed).toBe(true);
    expect(b.name).toMatch(/2/);
    const wrong = d.all('link').find((l) => l.name !== quoted(d.env.goal)) as UiElement;
    expect(wrong).toBeDefined();
    expect(d.act(`click(${wrong.id})`)).toMatchObject(FAILED);
  });

  it('navigate-tree hides the target in a folder by default; a folder toggles; a wrong file fails', () => {
    for (let seed = 0; seed < 30; seed++) {
      const d = new Driver('navigate-tree', seed);
      const target = quoted(d.env.goal);
      expect(d.all('treeitem').some((t) => t.name === target), `seed ${seed}`).toBe(false);
    }
    const d = new Driver('navigate-tree', 1);
    const folder = d.all('treeitem').find((t) => t.state?.collapsed) as UiElement;
    d.act(`click(${folder.id})`);
    expect(d.one('treeitem', folder.name).state?.expanded).toBe(true);
    const file = d.all('treeitem').find((t) => !t.state && t.name !== quoted(d.env.goal)) as UiElement;
    expect(d.act(`click(${file.id})`)).toMatchObject(FAILED);
  });

  it('login-user-popup: a trapped field pops a dialog that eats the typing; Cancel closes it, OK fails', () => {
    const d = new Driver('login-user-popup', 0, { popup: 100 });
    const user = quoted(d.env.goal);
    for (const box of d.all('textbox')) d.act(`fill(${box.id}, "${user}")`);
    expect(d.one('dialog').name.length).toBeGreaterThan(5);
    expect(d.all('textbox').every((b) => b.state?.disabled)).toBe(true);
    expect(d.all('textbox').some((b) => b.value === '')).toBe(true);
    d.click('button', 'Cancel');
    expect(d.all('dialog')).toHaveLength(0);
    expect(d.all('textbox').every((b) => !b.state?.disabled)).toBe(true);
    const fresh = new Driver('login-user-popup', 0, { popup: 100 });
    fresh.expertUntil((x) => x.all('dialog').length > 0);
    expect(fresh.click('button', 'OK')).toMatchObject(FAILED);
  });
});

describe('shells and feeds', () => {
  it('terminal: files show only after ls; unknown commands, globs and missing files are named; a wrong rm fails', () => {
    const d = new Driver('terminal', 3);
    expect(d.text).not.toMatch(/\.\w+ /);
    d.fill('textbox', 'user$', 'dir');
    expect(d.all('text').at(-1)?.name).toBe('Command not found.');
    d.fill('textbox', 'user$', 'rm *.txt');
    expect(d.all('text').at(-1)?.name).toMatch(/rm argument '\*' not supported/);
    d.fill('textbox', 'user$', 'rm nothing.here');
    expect(d.all('text').at(-1)?.name).toBe("error: file 'nothing.here' not found.");
    d.fill('textbox', 'user$', 'ls');
    const files = (d.all('text').at(-1)?.name ?? '').split(' ');
    const ext = /extension \.(\w+)/.exec(d.env.goal)?.[1];
    const wrong = files.find((f) => !f.endsWith(`.${ext}`));
    expect(wrong).toBeDefined();
    expect(d.fill('textbox', 'user$', `rm ${wrong}`)).toMatchObject(FAILED);
  });

  it('social-media: the More menu lists Mute and Block for its post; a right action on the wrong user fails', () => {
    const d = new Driver('social-media', 2);
    const user = /For the user (@\S+),/.exec(d.env.goal)?.[1] ?? '';
    const posts = d.all('article');
    d.act(`click(${posts[0].id + 4})`);
    expect(d.all('menuitem').map((m) => m.name)).toContain(`Mute ${/@\S+(?=:)/.exec(posts[0].name)?.[0]}`);
    const other = d.all('article').findIndex((p) => !p.name.includes(`${user}:`));
    expect(other).toBeGreaterThanOrEqual(0);
    expect(d.act(`click(${d.all('article')[other].id + 1})`)).toMatchObject(FAILED);
  });

  it('social-media-all fails when one extra button is on', () => {
    const d = new Driver('social-media-all', 4);
    d.expertUntil((x) => x.spec.expert(x.env).startsWith(`click(${x.all('button').at(-1)?.id})`));
    const user = /posts by (@\S+)/.exec(d.env.goal)?.[1] ?? '';
    const other = d.all('article').find((p) => !p.name.includes(`${user}:`)) as UiElement;
    expect(other).toBeDefined();
    d.act(`click(${other.id + 1})`);
    expect(d.act(`click(${d.all('button').at(-1)?.id})`)).toMatchObject(FAILED);
  });

  it('phone-book pages one contact at a time and fails on the wrong detail', () => {
    const d = new Driver('phone-book', 7, { contacts: 4 });
    expect(d.one('link', 'First').state?.disabled).toBe(true);
    const first = d.all('heading').at(-1)?.name;
    d.click('link', '>');
    expect(d.all('heading').at(-1)?.name).not.toBe(first);
    expect(d.one('link', '2').state?.selected).toBe(true);
    d.click('link', 'Last');
    expect(d.one('link', '>').state?.disabled).toBe(true);
    const s = d.state<{ page: number; target: number; detail: string }>();
    d.expertUntil(() => s.page === s.target);
    const wrong = d.all('link').find((l) => (s.detail === 'email' ? !l.name.includes('@') : l.name.includes('@')));
    expect(d.act(`click(${wrong?.id})`)).toMatchObject(FAILED);
  });
});

describe('multi-page apps', () => {
  it('email-inbox-forward-nl: phrasings of the test split never come up in train', () => {
    const seen: Record<Split, Set<string>> = { train: new Set(), test: new Set() };
    for (const split of ['train', 'test'] as const) {
      for (let seed = 0; seed < 300; seed++) {
        const d = new Driver('email-inbox-forward-nl', seed, undefined, split);
        const s = d.state<{ emails: { from: string }[]; target: number; dest: string }>();
        seen[split].add(d.env.goal.replace(s.emails[s.target].from, '{name}').replace(s.dest, '{dest}'));
      }
    }
    expect(seen.test.size).toBeGreaterThan(2);
    expect([...seen.test].filter((p) => seen.train.has(p))).toEqual([]);
  });

  it('email-inbox-forward-nl: a forward with an edited body fails, and a reply always fails', () => {
    const d = new Driver('email-inbox-forward-nl', 2);
    d.expertUntil((x) => x.all('textbox', 'To').length > 0);
    d.fill('textbox', 'Message', 'something else');
    d.fill('textbox', 'To', d.state<{ dest: string }>().dest);
    expect(d.click('button', 'Send')).toMatchObject(FAILED);
    const r = new Driver('email-inbox-forward-nl', 2);
    r.expertUntil((x) => x.all('button', 'Reply').length > 0);
    r.click('button', 'Reply');
    r.fill('textbox', 'Message', 'hello');
    expect(r.click('button', 'Send')).toMatchObject(FAILED);
  });

  it('book-flight-full: Search wants airports from the suggestions; a wrong day\'s flights cannot be booked', () => {
    const d = new Driver('book-flight-full', 1);
    const [from, to] = d.all('textbox');
    d.act(`fill(${from.id}, "x")`);
    d.act(`fill(${to.id}, "y")`);
    expect(d.click('button', /./).info.lastActionError).toMatch(/needs an airport from the suggestions/);
    const wrongDay = new Driver('book-flight-full', 1);
    const s = wrongDay.state<{ picker: { open: boolean; month: number }; want: { date: { month: number; day: number } }; labels: { search: string } }>();
    wrongDay.expertUntil(() => s.picker.open && s.picker.month === s.want.date.month);
    wrongDay.click('gridcell', String(s.want.date.day === 1 ? 2 : 1));
    wrongDay.click('button', s.labels.search);
    const books = wrongDay.all('button', /^Book/);
    expect(books.length).toBeGreaterThanOrEqual(3);
    for (const b of books) expect(wrongDay.env.clone().step(`click(${b.id})`), b.name).toMatchObject(FAILED);
  });

  it('book-flight-full lists flights in no fixed order: the best is not always first', () => {
    const firstIsBest = Array.from({ length: 40 }, (_, seed) => {
      const d = new Driver('book-flight-full', seed);
      d.expertUntil((x) => x.all('button', /^Book/).length > 0);
      return d.spec.expert(d.env) === `click(${d.all('button', /^Book/)[0].id})`;
    });
    expect(firstIsBest.filter(Boolean).length).toBeLessThan(30);
  });

  it('forum: an empty post is refused; a reply in the wrong thread fails', () => {
    const r = new Driver('forum', 0);
    let seed = 0;
    while (!/^In .*, reply/.test(r.env.goal)) r.env.reset({ seed: ++seed, split: 'test' });
    const fresh = new Driver('forum', seed);
    const board = /^In ([^,]+),/.exec(fresh.env.goal)?.[1] ?? '';
    const title = /thread "([^"]+)"/.exec(fresh.env.goal)?.[1] ?? '';
    fresh.click('link', board);
    fresh.click('link', new RegExp(`^(?!${title} by)`));
    fresh.click('button', 'Reply');
    expect(fresh.click('button', 'Post').info.lastActionError).toMatch(/fill in every field before posting/);
    fresh.fill('textbox', 'Message', quoted(fresh.env.goal));
    expect(fresh.click('button', 'Post')).toMatchObject(FAILED);
  });
});
