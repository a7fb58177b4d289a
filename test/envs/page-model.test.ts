// The page model every web family runs on, through a toy family with one element of each kind: ids and extras,
// dispatch of each verb with its exact error, turns, termination against truncation, progress clamping, the
// seeded stream and pools reset hands to a family, options resolved once per object, clones, and the spec.
import { describe, expect, it, vi } from 'vitest';
import { Rng } from '../../src/core/rng';
import type { EnvOptions, StepResult } from '../../src/envs/api';
import { poolsOf, type Pools } from '../../src/envs/split';
import { defineWebTask, navBack, navigate, onCheck, onClick, onClickOrSelect, onFill, onSelect, Page, WebEnv, type Nav, type WebTaskDef } from '../../src/envs/web/page';

interface Toy {
  clicks: number;
  text: string;
  choice: string;
  checked: boolean;
  progress: number;
  nav: Nav;
}

/** Elements: 1 heading, 2 Go (ends in success on the 2nd click), 3 Name, 4 Colour, 5 Keep, 6 Off (disabled),
 * 7 a label, 8 Fail (ends in failure), 9 Picky (a handler that refuses), 10 Menu (click or select), 11 Next page. */
function toyDef(over: Partial<WebTaskDef<Toy>> = {}): WebTaskDef<Toy> {
  return {
    id: 'toy',
    description: 'A toy page.',
    maxTurns: 4,
    options: [{ name: 'n', doc: 'n', kind: 'int', default: 1, min: 0, max: 5 }],
    init: (rng, o) => ({ goal: `Toy ${o.n} ${rng.int(1000)}`, state: { clicks: 0, text: '', choice: '', checked: false, progress: 0.25, nav: { page: 'home', history: [] } } }),
    draw(s, page) {
      page.add('heading', `Home ${s.nav.page}`, { depth: 0 });
      page.add('button', 'Go', undefined, onClick(() => {
        s.clicks++;
        if (s.clicks === 2) page.end(true);
      }));
      page.add('textbox', 'Name', { value: s.text, depth: 1 }, onFill((t) => void (s.text = t)));
      page.add('combobox', 'Colour', { value: s.choice }, onSelect((c) => (c === 'Red' ? void (s.choice = c) : `no option '${c}'`)));
      page.add('checkbox', 'Keep', { state: { checked: s.checked } }, onCheck(() => void (s.checked = !s.checked)));
      page.add('button', 'Off', { state: { disabled: true } }, onClick(() => void s.clicks++));
      page.add('text', 'Label');
      page.add('button', 'Fail', undefined, onClick(() => page.end(false)));
      page.add('button', 'Picky', undefined, onClick(() => 'not now'));
      page.add('menu', 'Menu', undefined, onClickOrSelect(() => void (s.choice = 'menu'), (c) => void (s.choice = `menu ${c}`)));
      page.add('link', 'Next', undefined, onClick(() => navigate(s.nav, 'next')));
    },
    progress: (s) => s.progress,
    expert: () => 'click(2)',
    back: (s) => navBack(s.nav),
    answer: (_s, text, page) => (text === 'yes' ? page.end(true) : `'${text}' is not the answer`),
    ...over,
  };
}

const started = (def = toyDef(), seed = 1) => {
  const env = new WebEnv(def);
  env.reset({ seed });
  return env;
};
const errorOf = (r: StepResult) => r.info.lastActionError;

describe('Page', () => {
  it('numbers elements from 1, keeps only the extras given (an empty value, a depth above 0)', () => {
    const page = new Page();
    expect(page.add('button', 'A')).toBe(1);
    expect(page.add('textbox', 'B', { value: '', depth: 0, state: { focused: true } })).toBe(2);
    expect(page.add('text', 'C', { depth: 2 }, onClick(() => undefined))).toBe(3);
    expect(page.elements).toEqual([
      { id: 1, role: 'button', name: 'A' },
      { id: 2, role: 'textbox', name: 'B', value: '', state: { focused: true } },
      { id: 3, role: 'text', name: 'C', depth: 2 },
    ]);
    expect(page.handlers[0]).toBeUndefined();
    expect(typeof page.handlers[2]?.click).toBe('function');
  });

  it('finds the first element by role and name, and names a missing one', () => {
    const page = new Page();
    page.add('button', 'A');
    page.add('link', 'A');
    page.add('link', 'A');
    expect(page.idOf('link', 'A')).toBe(2);
    expect(() => page.idOf('button', 'B')).toThrow("no button 'B' on the page");
    expect(page.outcome).toBe('running');
    page.end(false);
    expect(page.outcome).toBe('failure');
    page.end(true);
    expect(page.outcome).toBe('success');
  });

  it('builds handlers for each verb', () => {
    const f = () => undefined;
    const g = (_: string) => undefined;
    expect(onClick(f)).toEqual({ click: f });
    expect(onCheck(f)).toEqual({ check: f });
    expect(onFill(g)).toEqual({ fill: g });
    expect(onSelect(g)).toEqual({ select: g });
    expect(onClickOrSelect(f, g)).toEqual({ click: f, select: g });
  });
});

describe('WebEnv reset', () => {
  it("hands the family the stream Rng.fromSeed(seed).split(id), the split's pools and resolved options", () => {
    const seen: { first: number; pools: Pools; o: unknown }[] = [];
    const def = toyDef({ init: (rng, o, pools) => (seen.push({ first: rng.nextU32(), pools, o }), toyDef().init(rng, o, pools)) });
    const env = new WebEnv(def);
    const r = env.reset({ seed: -1 });
    expect(seen[0].first).toBe(Rng.fromSeed(2 ** 32 - 1).split('toy').nextU32());
    expect(seen[0].pools).toBe(poolsOf('train'));
    expect(seen[0].o).toEqual({ n: 1 });
    expect(Object.isFrozen(seen[0].o)).toBe(true);
    env.reset({ seed: 3, split: 'test' });
    expect(seen[1].pools).toBe(poolsOf('test'));
    expect(r.info).toEqual({ success: false, progress: 0.25, turn: 0 });
    expect(r.obs.elements).toHaveLength(11);
    expect(env.goal).toMatch(/^Toy 1 \d+$/);
  });

  it('resolves one options object once, and each new object again', () => {
    const def = toyDef();
    const init = vi.spyOn(def, 'init');
    const env = new WebEnv(def);
    const options: EnvOptions = { n: 3 };
    env.reset({ seed: 1, options });
    env.reset({ seed: 2, options });
    expect(init.mock.calls[0][1]).toBe(init.mock.calls[1][1]);
    env.reset({ seed: 1, options: { n: 3 } });
    expect(init.mock.calls[2][1]).not.toBe(init.mock.calls[0][1]);
    env.reset({ seed: 1 });
    env.reset({ seed: 1 });
    expect(init.mock.calls[3][1]).toBe(init.mock.calls[4][1]);
    expect(init.mock.calls[3][1]).toEqual({ n: 1 });
    expect(() => env.reset({ seed: 1, options: { n: 9 } })).toThrow("toy: option 'n' must be in 0..5, got 9");
  });

  it('starts a new episode from any state', () => {
    const env = started();
    env.step('click(8)');
    expect(env.step('click(2)').info.lastActionError).toBe('the episode is over; call reset()');
    const r = env.reset({ seed: 1 });
    expect([env.turn, r.info.success]).toEqual([0, false]);
    expect(env.step('click(2)')).toMatchObject({ terminated: false, info: { turn: 1 } });
  });
});

describe('WebEnv step', () => {
  it('spends a turn on each action, good or bad, and truncates at maxTurns without success', () => {
    const env = started();
    const a = env.step('click(3');
    expect(a).toMatchObject({ reward: 0, terminated: false, truncated: false, info: { success: false, turn: 1 } });
    expect(errorOf(a)).toBe("could not parse action 'click(3': missing ')'");
    const b = env.step('fill(3, "bob")');
    expect(b.info).toEqual({ success: false, progress: 0.25, turn: 2 });
    expect(b.obs.elements[2].value).toBe('bob');
    env.step('check(5)');
    const d = env.step('click(2)');
    expect(d).toMatchObject({ reward: 0, terminated: false, truncated: true, info: { turn: 4 } });
    const e = env.step('click(2)');
    expect(e).toMatchObject({ reward: 0, terminated: false, truncated: true, info: { turn: 4, lastActionError: 'the episode is over; call reset()' } });
  });

  it('ends in success with reward 1 and progress 1, on the last turn too, and refuses more actions', () => {
    const env = started(toyDef({ maxTurns: 2 }));
    env.step('click(2)');
    const won = env.step('click(2)');
    expect(won).toMatchObject({ reward: 1, terminated: true, truncated: false, info: { success: true, progress: 1, turn: 2 } });
    expect(won.info).not.toHaveProperty('lastActionError');
    expect(env.step('click(2)')).toMatchObject({ terminated: true, info: { turn: 2, lastActionError: 'the episode is over; call reset()' } });
  });

  it('ends in failure with reward 0, terminated and not truncated', () => {
    const env = started();
    expect(env.step('click(8)')).toMatchObject({ reward: 0, terminated: true, truncated: false, info: { success: false, progress: 0.25, turn: 1 } });
  });

  it('says what is wrong with each verb on each element', () => {
    const env = started(toyDef({ maxTurns: 50 }));
    const err = (a: string) => errorOf(env.step(a));
    expect(err('click(12)')).toBe('click(12): no element with id 12');
    expect(err('click(0)')).toBe('click(0): no element with id 0');
    expect(err('click(6)')).toBe("click(6): element 6 (button 'Off') is disabled");
    expect(err('fill(6, "x")')).toBe('fill(6, "x"): element 6 (button \'Off\') is disabled');
    expect(err('click(7)')).toBe("click(7): element 7 (text 'Label') cannot be clicked");
    expect(err('check(2)')).toBe("check(2): element 2 (button 'Go') is not a checkbox");
    expect(err('fill(2, "a \\"q\\"")')).toBe('fill(2, "a \\"q\\""): element 2 (button \'Go\') is not a text box');
    expect(err('select(3, "Red")')).toBe("select(3, \"Red\"): element 3 (textbox 'Name') is not a list");
    expect(err('select(4, "Blue")')).toBe("select(4, \"Blue\"): no option 'Blue'");
    expect(err('click(9)')).toBe("click(9): not now");
    expect(err('select(4, "Red")')).toBeUndefined();
    expect(err('click(5)')).toBeUndefined(); // a checkbox takes a click as a check
    expect(env.state.checked).toBe(true);
    expect(err('click(10)')).toBeUndefined();
    expect(env.state.choice).toBe('menu');
    expect(err('select(10, "x")')).toBeUndefined();
    expect(env.state.choice).toBe('menu x');
    expect(err('back()')).toBe('back(): there is no previous page');
    expect(err('click(11)')).toBeUndefined();
    expect(env.current().elements[0].name).toBe('Home next');
    expect(err('back()')).toBeUndefined();
    expect(env.current().elements[0].name).toBe('Home home');
    expect(err('answer("no")')).toBe("'no' is not the answer");
    expect(err('move(up)')).toMatch(/unknown verb 'move'/);
  });

  it('answers a question, and refuses back() and answer() where the family has none', () => {
    const env = started();
    expect(env.step('answer("yes")')).toMatchObject({ reward: 1, terminated: true, info: { success: true } });
    const plain = started(toyDef({ back: undefined, answer: undefined }));
    expect(errorOf(plain.step('back()'))).toBe('back(): there is no previous page');
    expect(errorOf(plain.step('answer("yes")'))).toBe('answer(): this task asks no question');
    const silent = started(toyDef({ back: () => '', answer: () => '' }));
    expect(silent.step('back()').info).not.toHaveProperty('lastActionError');
    expect(silent.step('answer("x")').info).not.toHaveProperty('lastActionError');
  });

  it('clamps progress to [0, 1] and redraws the page after each step', () => {
    const env = started();
    env.state.progress = 1.5;
    expect(env.step('click(2)').info.progress).toBe(1);
    env.state.progress = -0.5;
    const r = env.step('fill(3, "z")');
    expect(r.info.progress).toBe(0);
    expect(r.obs.text).toContain("[3] textbox 'Name' value='z'");
    expect(env.current()).toBe(env.current());
  });
});

describe('WebEnv clone', () => {
  it('copies goal, turn, outcome and a deep copy of the state', () => {
    const env = started();
    env.step('fill(3, "a")');
    const c = env.clone();
    expect([c.goal, c.turn, c.state]).toEqual([env.goal, env.turn, env.state]);
    expect(c.state).not.toBe(env.state);
    c.step('fill(3, "b")');
    expect(env.state.text).toBe('a');
    expect(c.state.text).toBe('b');
    env.step('click(8)');
    const over = env.clone();
    expect(errorOf(over.step('click(2)'))).toBe('the episode is over; call reset()');
  });
});

describe('defineWebTask', () => {
  it("copies the family's metadata, the optional fields only when given", () => {
    const spec = defineWebTask(toyDef());
    expect(spec).toMatchObject({ id: 'toy', suite: 'web', family: 'toy', description: 'A toy page.', maxTurns: 4 });
    for (const k of ['levels', 'miniwob', 'lesson', 'instanceKey']) expect(spec).not.toHaveProperty(k);
    const full = defineWebTask(toyDef({ levels: [{ n: 0 }], miniwob: null, lesson: true, instanceKey: 'goal+observation' }));
    expect(full).toMatchObject({ levels: [{ n: 0 }], miniwob: null, lesson: true, instanceKey: 'goal+observation' });
    expect(defineWebTask(toyDef({ lesson: false }))).not.toHaveProperty('lesson');
    expect(defineWebTask(toyDef({ miniwob: 'click-test' })).miniwob).toBe('click-test');
    expect(spec.create()).toBeInstanceOf(WebEnv);
    expect(spec.actions.map((a) => a.verb)).toEqual(['click', 'fill', 'select', 'check', 'back', 'answer']);
  });

  it("asks the expert for the env's state and page, and only of its own family's env", () => {
    const def = toyDef({ expert: (s, page) => `click(${page.idOf('button', 'Go')}) after ${s.clicks}` });
    const spec = defineWebTask(def);
    const env = spec.create();
    env.reset({ seed: 1 });
    expect(spec.expert(env)).toBe('click(2) after 0');
    const other = defineWebTask(toyDef());
    expect(() => spec.expert(other.create())).toThrow('toy expert: not a toy environment');
    expect(() => spec.expert({} as never)).toThrow('toy expert: not a toy environment');
  });
});

describe('page navigation', () => {
  it('pushes the page it leaves and pops it on back, naming an empty history', () => {
    const nav: Nav = { page: 'a', history: [] };
    navigate(nav, 'b');
    navigate(nav, 'c');
    expect(nav).toEqual({ page: 'c', history: ['a', 'b'] });
    expect(navBack(nav)).toBeUndefined();
    expect(nav).toEqual({ page: 'b', history: ['a'] });
    navBack(nav);
    expect(navBack(nav)).toBe('back(): there is no previous page');
    expect(nav).toEqual({ page: 'a', history: [] });
  });
});
