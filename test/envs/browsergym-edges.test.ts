// Edge cases of the BrowserGym adapter, src/envs/browsergym.ts (issue 21's mutation pass), on hand-made environments
// small enough to follow (the registered families are test/envs/browsergym.test.ts's, which takes ~17 s): the actions
// each action language accepts, every BrowserGym action translated or refused with its exact message, bids, our
// actions written back as BrowserGym's, the accessibility tree's text, and BrowserGymEnv's observations, focus,
// simulated time, chat, errors shown and hidden, report_infeasible and reset. Values are worked out by hand.
import { describe, expect, it } from 'vitest';
import type { ActionSignature, Env, EnvSpec, StepResult, UiElement } from '../../src/envs/api';
import { axtreeText, BrowserGymEnv, browserGymActions, toBrowserGymAction, translateAction } from '../../src/envs/browsergym';

const ARGS: Record<string, ActionSignature['args']> = {
  click: ['id'], fill: ['id', 'text'], select: ['id', 'text'], check: ['id'], back: [], answer: ['text'], move: ['dir'],
  play: ['id'], pick: ['id'], end: [], wait: [],
};

/** The page the fake env starts on: ids 1, 2, 3 and 5 (none is 4). */
const PAGE: UiElement[] = [
  { id: 1, role: 'button', name: 'Win' },
  { id: 2, role: 'textbox', name: 'Name', value: '' },
  { id: 3, role: 'button', name: 'Rename' },
  { id: 5, role: 'checkbox', name: 'Box', state: { checked: true } },
];

/**
 * A hand-made env of the given verbs over PAGE, three turns long: it logs each action sent; a verb outside its
 * language is an error 'unknown verb', and so is filling 3; click(1) wins; fill(2, "x") writes the box; click(3) renames the box 'Label';
 * once over it refuses steps without counting them. Its expert answers `expert.next`.
 */
function fake(verbs: string[], id = 'fake') {
  const sent: string[] = [];
  const expert = { next: 'click(1)' };
  class FakeEnv implements Env {
    readonly id = id;
    readonly maxTurns = 3;
    goal = '';
    turn = 0;
    won = false;
    elements: UiElement[] = [];
    reset() {
      this.goal = 'Press Win.';
      this.turn = 0;
      this.won = false;
      this.elements = PAGE.map((e) => ({ ...e }));
      return { obs: { elements: this.elements, text: '' }, info: { success: false, progress: 0, turn: 0 } };
    }
    step(action: string): StepResult {
      const result = (error?: string): StepResult => ({
        obs: { elements: this.elements, text: '' },
        reward: this.won ? 1 : 0,
        terminated: this.won,
        truncated: !this.won && this.turn >= this.maxTurns,
        info: { success: this.won, progress: this.won ? 1 : 0.25, turn: this.turn, ...(error ? { lastActionError: error } : {}) },
      });
      if (this.won || this.turn >= this.maxTurns) return result('the episode is over');
      this.turn++;
      sent.push(action);
      const verb = action.slice(0, action.indexOf('('));
      if (!verbs.includes(verb)) return result(`unknown verb ${verb}`);
      if (action.startsWith('fill(3,')) return result('element 3 is not a text box');
      if (action === 'click(1)') this.won = true;
      const fill = /^fill\(2, "(.*)"\)$/.exec(action);
      if (fill) this.elements = this.elements.map((e) => (e.id === 2 ? { ...e, value: fill[1] } : e));
      if (action === 'click(3)') this.elements = this.elements.map((e) => (e.id === 2 ? { ...e, name: 'Label' } : e));
      return result();
    }
    clone(): Env {
      return this;
    }
  }
  const spec: EnvSpec = {
    id, suite: 'web', family: id, description: 'a fake', maxTurns: 3, options: [],
    actions: verbs.map((verb) => ({ verb, args: ARGS[verb] })),
    create: () => new FakeEnv(),
    expert: () => expert.next,
  };
  return { spec, sent, expert };
}

const web = fake(['click', 'fill', 'select', 'check', 'back', 'answer']).spec;
const t = (spec: EnvSpec, action: string, elements = PAGE) => translateAction(spec, elements, action);
const err = (spec: EnvSpec, action: string, elements = PAGE) => {
  const r = translateAction(spec, elements, action);
  return r.kind === 'error' ? r.error : `not an error: ${JSON.stringify(r)}`;
};

describe('browserGymActions: what each action language accepts', () => {
  it('by verb: click (or play, pick, end) gives click and press; move press and keyboard_press; the rest one each', () => {
    const of = (...verbs: string[]) => browserGymActions(fake(verbs).spec);
    const always = ['scroll', 'noop', 'report_infeasible'];
    expect(of()).toEqual(always);
    expect(of('wait')).toEqual(always);
    for (const v of ['click', 'play', 'pick', 'end']) expect(of(v), v).toEqual(['click', 'press', ...always]);
    expect(of('move')).toEqual(['press', 'keyboard_press', ...always]);
    expect(of('fill')).toEqual(['fill', ...always]);
    expect(of('select')).toEqual(['select_option', ...always]);
    expect(of('check')).toEqual(['check', 'uncheck', ...always]);
    expect(of('back')).toEqual(['scroll', 'go_back', 'noop', 'report_infeasible']);
    expect(of('answer')).toEqual(['scroll', 'send_msg_to_user', 'noop', 'report_infeasible']);
    expect(browserGymActions(web)).toEqual(['click', 'fill', 'select_option', 'check', 'uncheck', 'press', 'scroll', 'go_back', 'send_msg_to_user', 'noop', 'report_infeasible']);
  });

  it('made once per env', () => {
    const { spec } = fake(['click']);
    expect(browserGymActions(spec)).toBe(browserGymActions(spec));
  });
});

describe('translateAction: names and arguments', () => {
  it("passes the parser's error on", () => {
    expect(t(web, '')).toEqual({ kind: 'error', error: "could not parse action '': expected a function call such as click('12')" });
  });

  it("names BrowserGym's actions that have no counterpart here, and those it does not have", () => {
    const accepts = '(this env accepts: click, fill, select_option, check, uncheck, press, scroll, go_back, send_msg_to_user, noop, report_infeasible)';
    const none = ['dblclick', 'hover', 'focus', 'clear', 'drag_and_drop', 'upload_file', 'mouse_move', 'mouse_up', 'mouse_down', 'mouse_click',
      'mouse_dblclick', 'mouse_drag_and_drop', 'mouse_upload_file', 'keyboard_down', 'keyboard_up', 'keyboard_type',
      'keyboard_insert_text', 'new_tab', 'tab_close', 'tab_focus', 'go_forward', 'goto'];
    for (const name of none) expect(err(web, `${name}()`)).toBe(`${name}() has no counterpart in these tasks ${accepts}`);
    expect(err(web, 'eval()')).toBe(`eval() is not a BrowserGym action ${accepts}`);
    expect(err(web, 'constructor()')).toBe(`constructor() is not a BrowserGym action ${accepts}`);
  });

  it("refuses an action this env's language has no counterpart for", () => {
    const grid = fake(['move'], 'grid').spec;
    expect(err(grid, "fill('2', 'x')")).toBe('fill() has no counterpart in grid (it accepts: press, keyboard_press, scroll, noop, report_infeasible)');
  });

  it("binds positional and keyword arguments to BrowserGym's signature", () => {
    expect(t(web, "fill(value='x', bid='2')")).toEqual({ kind: 'env', action: 'fill(2, "x")', focus: PAGE[1] });
    expect(t(web, "click('1', 'left', [])")).toMatchObject({ kind: 'env', action: 'click(1)' });
    expect(err(web, "click('1', 'left', [], 4)")).toBe('click(bid, button, modifiers) takes at most 3 arguments, got 4');
    expect(err(web, "fill('2', 'a', colour='b')")).toBe("fill(bid, value) has no argument 'colour'");
    expect(err(web, "fill('2', bid='2')")).toBe("fill(bid, value): 'bid' is given twice");
    expect(err(web, 'fill()')).toBe("fill(bid, value): missing 'bid', 'value'");
    expect(err(web, "fill('2')")).toBe("fill(bid, value): missing 'value'");
    expect(err(web, 'go_back(1)')).toBe('go_back() takes at most 0 arguments, got 1');
  });
});

describe('translateAction: bids', () => {
  it('a bid is the element id as text, 1 to 7 digits with no leading zero, found by id where ids skip', () => {
    expect(t(web, "check('5')")).toMatchObject({ kind: 'pass', focus: PAGE[3] });
    const far: UiElement[] = [{ id: 1234567, role: 'button', name: 'A' }, { id: 12345678, role: 'button', name: 'B' }];
    expect(t(web, "click('1234567')", far)).toMatchObject({ kind: 'env', action: 'click(1234567)' });
    for (const bid of ['4', '9', '0', '02', '2 ', ' 2', '2a', 'a2', '', '-1', '1.0']) {
      expect(err(web, `click('${bid}')`), bid).toBe(`click(): no element with bid '${bid}' on the page`);
    }
    expect(err(web, "click('12345678')", far)).toBe("click(): no element with bid '12345678' on the page");
  });

  it('a bid names its element by id, also on a page whose ids are out of order', () => {
    // the shortcut looks at index id - 1 first: here index 0 holds id 3 and index 2 holds id 1
    const shuffled: UiElement[] = [{ id: 3, role: 'button', name: 'C' }, { id: 9, role: 'button', name: 'Z' }, { id: 1, role: 'button', name: 'A' }];
    expect(t(web, "click('1')", shuffled)).toEqual({ kind: 'env', action: 'click(1)', focus: shuffled[2] });
    expect(t(web, "click('3')", shuffled)).toEqual({ kind: 'env', action: 'click(3)', focus: shuffled[0] });
  });

  it('a bid that is not text', () => {
    expect(err(web, 'click(2)')).toBe("click(): bid must be a string such as '12', got 2");
    expect(err(web, "fill(['2'], 'x')")).toBe('fill(): bid must be a string such as \'12\', got ["2"]');
    expect(err(web, 'check(None)')).toBe("check(): bid must be a string such as '12', got null");
  });
});

describe('translateAction: each action', () => {
  it('click: a plain left click, in our language or as the game element it plays', () => {
    expect(t(web, "click('3')")).toEqual({ kind: 'env', action: 'click(3)', focus: PAGE[2] });
    expect(t(web, "click('3', button='left', modifiers=[])")).toMatchObject({ action: 'click(3)' });
    expect(t(web, "click('3', button=None)")).toMatchObject({ action: 'click(3)' }); // None: the default button
    for (const extra of ["button='right'", "button='middle'", "modifiers=['Shift']", "modifiers='Shift'", 'modifiers=None']) {
      expect(err(web, `click('3', ${extra})`), extra).toBe('click(): only a left click without modifiers has a counterpart here');
    }
    const page: UiElement[] = [
      { id: 1, role: 'card', name: 'Strike' },
      { id: 2, role: 'reward', name: 'Gold' },
      { id: 3, role: 'button', name: 'End turn' },
      { id: 4, role: 'link', name: 'End turn' },
      { id: 5, role: 'button', name: 'Menu' },
    ];
    const game = fake(['play', 'pick', 'end'], 'cards').spec;
    expect([1, 2, 3].map((id) => t(game, `click('${id}')`, page))).toMatchObject([{ action: 'play(1)' }, { action: 'pick(2)' }, { action: 'end()' }]);
    expect(err(game, "click('4')", page)).toBe("click(): element 4 (link 'End turn') does nothing when clicked in cards");
    expect(err(game, "click('5')", page)).toBe("click(): element 5 (button 'Menu') does nothing when clicked in cards");
    const pickOnly = fake(['pick'], 'rewards').spec;
    expect(err(pickOnly, "click('1')", page)).toBe("click(): element 1 (card 'Strike') does nothing when clicked in rewards");
    expect(err(pickOnly, "click('3')", page)).toBe("click(): element 3 (button 'End turn') does nothing when clicked in rewards");
    expect(err(fake(['play'], 'p').spec, "click('2')", page)).toBe("click(): element 2 (reward 'Gold') does nothing when clicked in p");
    // a page with click: the card is clicked as any element
    expect(t(fake(['click', 'play']).spec, "click('1')", page)).toMatchObject({ action: 'click(1)' });
  });

  it('fill and select_option: text quoted in our language; one option, given alone or in a list', () => {
    expect(t(web, `fill('2', 'say "hi"\\n')`)).toEqual({ kind: 'env', action: 'fill(2, "say \\"hi\\"\\n")', focus: PAGE[1] });
    expect(err(web, "fill('2', 5)")).toBe('fill(): value must be a string, got 5');
    expect(t(web, "select_option('3', 'red')")).toEqual({ kind: 'env', action: 'select(3, "red")', focus: PAGE[2] });
    expect(t(web, "select_option('3', ['red'])")).toMatchObject({ action: 'select(3, "red")' });
    expect(err(web, "select_option('3', [])")).toBe('select_option(): these lists take exactly one option, got 0');
    expect(err(web, "select_option('3', ['a', 'b'])")).toBe('select_option(): these lists take exactly one option, got 2');
    expect(err(web, "select_option('3', [5])")).toBe('select_option(): options must be a string, got 5');
  });

  it('check and uncheck toggle only a box not already as asked; a passed second otherwise', () => {
    const boxes: UiElement[] = [
      { id: 1, role: 'checkbox', name: 'On', state: { checked: true } },
      { id: 2, role: 'checkbox', name: 'Off', state: { checked: false } },
      { id: 3, role: 'button', name: 'Plain' },
    ];
    expect(t(web, "check('1')", boxes)).toEqual({ kind: 'pass', seconds: 1, focus: boxes[0] });
    expect(t(web, "uncheck('1')", boxes)).toEqual({ kind: 'env', action: 'check(1)', focus: boxes[0] });
    expect(t(web, "check('2')", boxes)).toEqual({ kind: 'env', action: 'check(2)', focus: boxes[1] });
    expect(t(web, "uncheck('2')", boxes)).toEqual({ kind: 'pass', seconds: 1, focus: boxes[1] });
    expect(t(web, "check('3')", boxes)).toMatchObject({ kind: 'env', action: 'check(3)' });
    expect(t(web, "uncheck('3')", boxes)).toMatchObject({ kind: 'env', action: 'check(3)' });
  });

  it('press: Enter, a space or Space clicks where clicks are accepted; arrows move; other keys are refused', () => {
    for (const key of ['Enter', ' ', 'Space']) expect(t(web, `press('3', '${key}')`), key).toEqual({ kind: 'env', action: 'click(3)', focus: PAGE[2] });
    expect(err(web, "press('3', 'Tab')")).toBe("press(): key 'Tab' has no counterpart in fake (keys: 'Enter', ' ', 'Space')");
    expect(err(web, "press('3', 'ArrowUp')")).toBe("press(): key 'ArrowUp' has no counterpart in fake (keys: 'Enter', ' ', 'Space')");
    expect(err(web, "press('3', 1)")).toBe('press(): key_comb must be a string, got 1');
    const grid = fake(['move'], 'grid').spec;
    const arrows = "(keys: 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight')";
    expect(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'].map((k) => t(grid, `press('1', '${k}')`))).toMatchObject(
      [{ action: 'move(up)', focus: PAGE[0] }, { action: 'move(down)' }, { action: 'move(left)' }, { action: 'move(right)' }]);
    expect(err(grid, "press('1', 'Enter')")).toBe(`press(): key 'Enter' has no counterpart in grid ${arrows}`);
    expect(err(grid, "press('1', 'toString')")).toBe(`press(): key 'toString' has no counterpart in grid ${arrows}`);
    expect(t(grid, "keyboard_press('ArrowLeft')")).toEqual({ kind: 'env', action: 'move(left)' });
    expect(err(grid, "keyboard_press('a')")).toBe(`keyboard_press(): key 'a' has no counterpart in grid ${arrows}`);
    expect(err(grid, 'keyboard_press(1)')).toBe('keyboard_press(): key must be a string, got 1');
    // both languages: Enter clicks, an arrow moves
    const both = fake(['click', 'move'], 'both').spec;
    expect([t(both, "press('1', 'Enter')"), t(both, "press('1', 'ArrowDown')")]).toMatchObject([{ action: 'click(1)' }, { action: 'move(down)' }]);
  });

  it('scroll passes a second; go_back and send_msg_to_user become back() and answer()', () => {
    expect(t(web, 'scroll(0, -200)')).toEqual({ kind: 'pass', seconds: 1 });
    expect(err(web, "scroll('0', 1)")).toBe('scroll(): delta_x and delta_y must be numbers');
    expect(err(web, "scroll(0, '1')")).toBe('scroll(): delta_x and delta_y must be numbers');
    expect(t(web, 'go_back()')).toEqual({ kind: 'env', action: 'back()' });
    expect(t(web, `send_msg_to_user('it is "42"')`)).toEqual({ kind: 'env', action: 'answer("it is \\"42\\"")' });
    expect(err(web, 'send_msg_to_user(42)')).toBe('send_msg_to_user(): text must be a string, got 42');
  });

  it('noop waits wait_ms (a second by default, None too), 0 to an hour', () => {
    expect(t(web, 'noop()')).toEqual({ kind: 'pass', seconds: 1 });
    expect(t(web, 'noop(None)')).toEqual({ kind: 'pass', seconds: 1 });
    expect(t(web, 'noop(0)')).toEqual({ kind: 'pass', seconds: 0 });
    expect(t(web, 'noop(wait_ms=250)')).toEqual({ kind: 'pass', seconds: 0.25 });
    expect(t(web, 'noop(3600000)')).toEqual({ kind: 'pass', seconds: 3600 });
    for (const bad of ['3600001', '-1', "'5'", '[1]']) expect(err(web, `noop(${bad})`), bad).toBe('noop(): wait_ms must be a number of milliseconds from 0 to 3600000');
  });

  it('report_infeasible gives up with its reason', () => {
    expect(t(web, "report_infeasible('no such page')")).toEqual({ kind: 'infeasible', reason: 'no such page' });
    expect(err(web, 'report_infeasible(1)')).toBe('report_infeasible(): reason must be a string, got 1');
  });
});

describe('toBrowserGymAction: our actions as BrowserGym writes them', () => {
  const all = fake(['click', 'fill', 'select', 'check', 'back', 'answer', 'move', 'play', 'pick', 'end', 'wait'], 'all').spec;
  const bg = (action: string, elements = PAGE) => toBrowserGymAction(all, elements, action);

  it('each verb', () => {
    expect(bg('click(3)')).toEqual({ ok: true, action: "click('3')" });
    expect(bg('play(1)')).toEqual({ ok: true, action: "click('1')" });
    expect(bg('pick(2)')).toEqual({ ok: true, action: "click('2')" });
    expect(bg(`fill(2, "it's")`)).toEqual({ ok: true, action: `fill('2', "it's")` });
    expect(bg('select(3, "red")')).toEqual({ ok: true, action: "select_option('3', 'red')" });
    expect(bg('back()')).toEqual({ ok: true, action: 'go_back()' });
    expect(bg('answer("42")')).toEqual({ ok: true, action: "send_msg_to_user('42')" });
    expect(['up', 'down', 'left', 'right', 'north'].map((d) => bg(`move(${d})`))).toEqual(
      ["keyboard_press('ArrowUp')", "keyboard_press('ArrowDown')", "keyboard_press('ArrowLeft')", "keyboard_press('ArrowRight')", "keyboard_press('north')"].map((action) => ({ ok: true, action })));
    expect(bg('wait()')).toEqual({ ok: false, error: 'wait() has no BrowserGym counterpart' });
  });

  it('check() as uncheck of a ticked box, check of any other', () => {
    expect(bg('check(5)')).toEqual({ ok: true, action: "uncheck('5')" });
    expect(bg('check(2)')).toEqual({ ok: true, action: "check('2')" });
    expect(bg('check(9)')).toEqual({ ok: true, action: "check('9')" });
    expect(bg('check(1)', [{ id: 1, role: 'checkbox', name: 'x', state: { checked: false } }])).toEqual({ ok: true, action: "check('1')" });
  });

  it("end() as a click on the page's End-turn button, or an error without one", () => {
    const page: UiElement[] = [{ id: 1, role: 'link', name: 'End turn' }, { id: 4, role: 'button', name: 'End turn' }];
    expect(bg('end()', page)).toEqual({ ok: true, action: "click('4')" });
    expect(bg('end()')).toEqual({ ok: false, error: 'end(): no End-turn button on the page' });
  });

  it("passes our parser's error on", () => {
    const r = bg('jump()');
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.error).toMatch(/^could not parse action 'jump\(\)': unknown verb 'jump'/);
  });
});

describe('axtreeText: the page as BrowserGym prints it', () => {
  const page: UiElement[] = [
    { id: 1, role: 'text', name: 'Hello' },
    { id: 2, role: 'textbox', name: "it's", value: 'a\nb', depth: 1 },
    { id: 3, role: 'checkbox', name: 'Box', state: { checked: false, disabled: true } },
    { id: 4, role: 'button', name: 'Menu', state: { haspopup: true, pressed: true, focused: true, expanded: false } },
    { id: 5, role: 'combobox', name: 'List', state: { haspopup: false, selected: true }, depth: 2 },
  ];

  it('a RootWebArea named by the title, focused when nothing else is; each element tab-indented by depth', () => {
    expect(axtreeText('demo', page, -1).split('\n')).toEqual([
      "RootWebArea 'demo', focused",
      "\t[1] StaticText 'Hello'",
      "\t\t[2] textbox \"it's\" value='a\\nb'",
      "\t[3] checkbox 'Box', checked='false', disabled=True",
      "\t[4] button 'Menu', hasPopup='menu', pressed='true', expanded=False",
      "\t\t\t[5] combobox 'List', selected=True",
    ]);
  });

  it('the focused element marked last on its line; the root then not focused', () => {
    const lines = axtreeText('demo', page, 3).split('\n');
    expect(lines[0]).toBe("RootWebArea 'demo'");
    expect(lines[3]).toBe("\t[3] checkbox 'Box', checked='false', disabled=True, focused");
    expect(lines[2]).toBe("\t\t[2] textbox \"it's\" value='a\\nb'");
    expect(axtreeText('demo', [], 0)).toBe("RootWebArea 'demo'");
  });
});

describe('BrowserGymEnv', () => {
  const fresh = (verbs = ['click', 'fill', 'check', 'answer']) => {
    const f = fake(verbs);
    const bg = new BrowserGymEnv(f.spec);
    const first = bg.reset({ seed: 1 });
    return { ...f, bg, first };
  };

  it("reset: BrowserGym's keys, the greeting and the goal in the chat, nothing focused, no time", () => {
    const { bg, first } = fresh();
    expect(bg.url).toBe('greenhouse://fake/');
    expect(first.info).toEqual({ success: false, progress: 0, turn: 0 });
    expect(first.obs).toEqual({
      chat_messages: [
        { role: 'assistant', timestamp: 0, message: 'Hi! I am your UI assistant, I can perform web tasks for you. What can I help you with?' },
        { role: 'user', timestamp: 0, message: 'Press Win.' },
      ],
      goal: 'Press Win.',
      goal_object: [{ type: 'text', text: 'Press Win.' }],
      open_pages_urls: ['greenhouse://fake/'],
      open_pages_titles: ['fake'],
      active_page_index: [0],
      url: 'greenhouse://fake/',
      axtree_txt: axtreeText('fake', PAGE, -1),
      focused_element_bid: '',
      last_action: '',
      last_action_error: '',
      elapsed_time: [0],
    });
  });

  it("an action of ours: sent, a second spent, focus on its element, the env's own error shown", () => {
    const { bg, sent } = fresh();
    let r = bg.step("fill('2', 'bob')");
    expect(sent).toEqual(['fill(2, "bob")']);
    expect(r).toMatchObject({ reward: 0, terminated: false, truncated: false });
    expect(r.info).toEqual({ success: false, progress: 0.25, turn: 1, greenhouseAction: 'fill(2, "bob")' });
    expect(r.obs).toMatchObject({ focused_element_bid: '2', last_action: "fill('2', 'bob')", last_action_error: '', elapsed_time: [1] });
    expect(r.obs.axtree_txt.split('\n')[2]).toBe("\t[2] textbox 'Name' value='bob', focused");
    r = bg.step("send_msg_to_user('hi')");
    expect(sent[1]).toBe('answer("hi")');
    expect(r.obs.focused_element_bid).toBe('2'); // an action on no element keeps the focus
    r = bg.step("fill('3', 'x')");
    expect(r.info).toEqual({ success: false, progress: 0.25, turn: 3, lastActionError: 'element 3 is not a text box', greenhouseAction: 'fill(3, "x")' });
    expect(r).toMatchObject({ truncated: true, obs: { last_action_error: 'element 3 is not a text box', focused_element_bid: '3', elapsed_time: [3] } });
  });

  it('focus stays on an element drawn again the same, and is lost when it changes; an error keeps it', () => {
    const { bg } = fresh();
    bg.step("fill('2', 'x')");
    let r = bg.step('click(2)'); // an error: the focus stays
    expect(r.obs.focused_element_bid).toBe('2');
    expect(r.info.greenhouseAction).toBeUndefined();
    expect(r.obs.axtree_txt.split('\n')[0]).toBe("RootWebArea 'fake'");
    r = bg.step("click('3')"); // the focus moves to the button clicked
    expect(r.obs.focused_element_bid).toBe('3');
    const other = fresh();
    other.bg.step("fill('2', 'x')");
    r = other.bg.step('scroll(0, 1)'); // a pass without an element keeps the focus
    expect(r.obs.focused_element_bid).toBe('2');
  });

  it("focus on an element renamed, or given another role, or gone, is dropped", () => {
    const { bg, spec } = fresh(['click', 'fill']);
    // fill focuses the box; then the env's page is changed by hand under it, and a scroll draws it again
    bg.step("fill('2', 'x')");
    const env = bg.env as unknown as { elements: UiElement[] };
    env.elements = env.elements.map((e) => (e.id === 2 ? { ...e, name: 'Label' } : e));
    let r = bg.step('scroll(0, 1)');
    expect(r.obs.focused_element_bid).toBe('');
    expect(r.obs.axtree_txt.split('\n')[0]).toBe("RootWebArea 'fake', focused");
    bg.reset({ seed: 1 });
    bg.step("fill('2', 'x')");
    env.elements = env.elements.map((e) => (e.id === 2 ? { ...e, role: 'searchbox' } : e));
    expect(bg.step('scroll(0, 1)').obs.focused_element_bid).toBe('');
    const g = new BrowserGymEnv(spec);
    g.reset({ seed: 1 });
    g.step("fill('2', 'x')");
    const genv = g.env as unknown as { elements: UiElement[] };
    genv.elements = genv.elements.filter((e) => e.id !== 2);
    expect(g.step('scroll(0, 1)').obs.focused_element_bid).toBe('');
  });

  it("a passed turn: noop() sent, its error hidden, its time added; an untranslatable action's error shown, a second", () => {
    const { bg, sent } = fresh();
    let r = bg.step('noop(2500)');
    expect(sent).toEqual(['noop()']);
    expect(r.info).toEqual({ success: false, progress: 0.25, turn: 1 });
    expect(r.obs).toMatchObject({ last_action_error: '', elapsed_time: [2.5], last_action: 'noop(2500)' });
    r = bg.step("click('9')");
    expect(sent).toEqual(['noop()', 'noop()']);
    expect(r.info).toEqual({ success: false, progress: 0.25, turn: 2, lastActionError: "click(): no element with bid '9' on the page" });
    expect(r.obs).toMatchObject({ last_action_error: "click(): no element with bid '9' on the page", elapsed_time: [3.5] });
    r = bg.step(42 as unknown as string);
    expect(r.obs.last_action).toBe('42');
    expect(r.obs.last_action_error).toMatch(/^could not parse action '42'/);
  });

  it("once the env's episode is over, its refusal is shown even for a passed turn", () => {
    const { bg, sent } = fresh();
    expect(bg.step("click('1')")).toMatchObject({ reward: 1, terminated: true, info: { success: true, greenhouseAction: 'click(1)' } });
    const r = bg.step('noop()');
    expect(sent).toEqual(['click(1)']);
    expect(r.info).toMatchObject({ turn: 1, lastActionError: 'the episode is over' });
    expect(r.obs).toMatchObject({ last_action_error: 'the episode is over', elapsed_time: [2] });
  });

  it('send_msg_to_user goes into the chat at its time, as sent', () => {
    const { bg } = fresh();
    bg.step('noop(500)');
    const r = bg.step(`send_msg_to_user("it's 42")`);
    expect(r.info.greenhouseAction).toBe(`answer("it's 42")`);
    expect(r.obs.chat_messages.slice(2)).toEqual([{ role: 'assistant', timestamp: 1.5, message: `send_msg_to_user("it's 42")` }]);
    // the chat handed out is a copy
    r.obs.chat_messages[2].message = 'changed';
    r.obs.chat_messages.pop();
    expect(bg.step('noop(0)').obs.chat_messages.slice(2)).toEqual([{ role: 'assistant', timestamp: 1.5, message: `send_msg_to_user("it's 42")` }]);
    // an answer that fails to translate is not said
    expect(bg.step('send_msg_to_user(1)').obs.chat_messages).toHaveLength(3);
  });

  it('report_infeasible ends the episode unsolved, says why in the chat, and refuses every step after', () => {
    const { bg, sent } = fresh();
    bg.step("fill('2', 'x')");
    let r = bg.step("report_infeasible('stuck')");
    expect(sent).toEqual(['fill(2, "x")']);
    expect(r).toMatchObject({ reward: 0, terminated: true, truncated: false });
    expect(r.info).toEqual({ success: false, progress: 0.25, turn: 1 });
    expect(r.obs.chat_messages.slice(2)).toEqual([{ role: 'infeasible', timestamp: 2, message: 'stuck' }]);
    expect(r.obs).toMatchObject({ last_action_error: '', last_action: "report_infeasible('stuck')", elapsed_time: [2], focused_element_bid: '2' });
    r = bg.step("click('1')");
    const over = 'the episode is over (report_infeasible ended it); call reset()';
    expect(r).toMatchObject({ reward: 0, terminated: true, truncated: false });
    expect(r.info).toEqual({ success: false, progress: 0.25, turn: 1, lastActionError: over });
    expect(r.obs).toMatchObject({ last_action: "click('1')", last_action_error: over, elapsed_time: [2] });
    expect(sent).toEqual(['fill(2, "x")']);
    // reset starts afresh
    const again = bg.reset({ seed: 1 });
    expect(again.obs).toMatchObject({ last_action: '', last_action_error: '', elapsed_time: [0], focused_element_bid: '' });
    expect(again.obs.chat_messages).toHaveLength(2);
    expect(bg.step("click('1')").reward).toBe(1);
  });

  it("report_infeasible clears the last action's error", () => {
    const { bg } = fresh();
    expect(bg.step("click('9')").obs.last_action_error).not.toBe('');
    expect(bg.step("report_infeasible('stuck')").obs).toMatchObject({ last_action_error: '', elapsed_time: [2] });
  });

  it('report_infeasible after a win still reports no success', () => {
    const { bg } = fresh();
    bg.step("click('1')");
    expect(bg.step("report_infeasible('done')").info.success).toBe(false);
  });

  it("the expert's action in BrowserGym's syntax, or report_infeasible with why not", () => {
    const { bg, expert } = fresh();
    expect(bg.expert()).toBe("click('1')");
    bg.step("fill('2', 'x')");
    expert.next = 'fill(2, "bob")';
    expect(bg.expert()).toBe("fill('2', 'bob')");
    expert.next = 'check(5)';
    expect(bg.expert()).toBe("uncheck('5')");
    expert.next = 'move(up)';
    expect(bg.expert()).toMatch(/^report_infeasible\("could not parse action 'move\(up\)': unknown verb 'move'/);
  });
});

describe('browsergym.ts loads', () => {
  it('inside a test, so that a module that throws while it loads fails one', async () => {
    const { browserGymActions: actions } = await import('../../src/envs/browsergym');
    expect(actions(fake(['click']).spec)).toEqual(['click', 'press', 'scroll', 'noop', 'report_infeasible']);
  });
});
