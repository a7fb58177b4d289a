// The BrowserGym-shaped adapter: any registered environment seen and driven the way BrowserGym shows a page to an
// agent. Observations carry BrowserGym's keys (goal_object, chat_messages, axtree_txt with string bids, url,
// open_pages_titles, focused_element_bid, last_action, last_action_error, elapsed_time); actions are BrowserGym's
// high-level calls (click('12'), fill('4', 'bob'), select_option, check/uncheck, press, scroll, go_back,
// send_msg_to_user, noop, report_infeasible), translated to our action language. An action with no counterpart
// gets a clear error and costs its turn, as a bad action does in our language; nothing here throws.

import type { Env, EnvSpec, ResetArgs, StepInfo, UiElement } from './api';
import { parseAction, quote } from './action';
import { formatPyCall, parsePyCall, pyRepr, type PyCall, type PyValue } from './browsergym-call';

export interface ChatMessage {
  role: 'assistant' | 'user' | 'infeasible';
  /** Simulated seconds since reset (see elapsed_time). */
  timestamp: number;
  message: string;
}

/** One observation with BrowserGym's keys and value shapes (its numpy arrays as one-element lists). */
export interface BrowserGymObservation {
  chat_messages: ChatMessage[];
  /** BrowserGym's legacy text goal. */
  goal: string;
  goal_object: { type: 'text'; text: string }[];
  open_pages_urls: string[];
  open_pages_titles: string[];
  active_page_index: [number];
  url: string;
  /** The page as BrowserGym flattens its accessibility tree: `[12] button 'Submit'`, tab-indented. */
  axtree_txt: string;
  focused_element_bid: string;
  last_action: string;
  last_action_error: string;
  /** Simulated seconds since reset: each step takes one second, noop(wait_ms) its wait; replays agree. */
  elapsed_time: [number];
}

export interface BrowserGymStepInfo extends StepInfo {
  /** What the action became in our language; absent when the turn passed without one (noop, an error). */
  greenhouseAction?: string;
}

/** The agent's greeting BrowserGym opens every chat with. */
const GREETING = 'Hi! I am your UI assistant, I can perform web tasks for you. What can I help you with?';

/** Sent to the env when a turn passes with nothing done: an action no env knows, so it is a wasted turn that
 * changes nothing (the env contract), and its error is not shown since the agent chose to wait. */
const PASS_TURN = 'noop()';

/** BrowserGym's action names and their parameters (positional order), the required ones first. */
const SIGNATURES: Record<string, { params: readonly string[]; required: number }> = {
  click: { params: ['bid', 'button', 'modifiers'], required: 1 },
  fill: { params: ['bid', 'value'], required: 2 },
  select_option: { params: ['bid', 'options'], required: 2 },
  check: { params: ['bid'], required: 1 },
  uncheck: { params: ['bid'], required: 1 },
  press: { params: ['bid', 'key_comb'], required: 2 },
  keyboard_press: { params: ['key'], required: 1 },
  scroll: { params: ['delta_x', 'delta_y'], required: 2 },
  go_back: { params: [], required: 0 },
  send_msg_to_user: { params: ['text'], required: 1 },
  noop: { params: ['wait_ms'], required: 0 },
  report_infeasible: { params: ['reason'], required: 1 },
};

/** BrowserGym actions that exist there but have no counterpart in these tasks. */
const NO_COUNTERPART = new Set([
  'dblclick', 'hover', 'focus', 'clear', 'drag_and_drop', 'upload_file', 'mouse_move', 'mouse_up', 'mouse_down', 'mouse_click',
  'mouse_dblclick', 'mouse_drag_and_drop', 'mouse_upload_file', 'keyboard_down', 'keyboard_up', 'keyboard_type',
  'keyboard_insert_text', 'new_tab', 'tab_close', 'tab_focus', 'go_forward', 'goto',
]);

const ARROWS: Record<string, string> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };
const ACTIVATE_KEYS = new Set(['Enter', ' ', 'Space']);

const verbSets = new WeakMap<EnvSpec, ReadonlySet<string>>();
const actionLists = new WeakMap<EnvSpec, readonly string[]>();

/** The verbs of an env's action language (made once per env). */
function verbsOf(spec: EnvSpec): ReadonlySet<string> {
  let v = verbSets.get(spec);
  // Stryker disable next-line ConditionalExpression: a cache; a set made again each time holds the same verbs
  if (!v) verbSets.set(spec, (v = new Set(spec.actions.map((a) => a.verb))));
  return v;
}

/** The BrowserGym actions an environment accepts, from its action language (made once per env). */
export function browserGymActions(spec: EnvSpec): readonly string[] {
  let list = actionLists.get(spec);
  if (!list) actionLists.set(spec, (list = acceptedActions(spec)));
  return list;
}

function acceptedActions(spec: EnvSpec): string[] {
  const v = verbsOf(spec);
  const clickable = v.has('click') || v.has('play') || v.has('pick') || v.has('end');
  const has: Record<string, boolean> = {
    click: clickable, fill: v.has('fill'), select_option: v.has('select'), check: v.has('check'), uncheck: v.has('check'),
    press: clickable || v.has('move'), keyboard_press: v.has('move'), scroll: true, go_back: v.has('back'),
    send_msg_to_user: v.has('answer'), noop: true, report_infeasible: true,
  };
  return Object.keys(SIGNATURES).filter((name) => has[name]);
}

/** What a BrowserGym action becomes: an action of ours, a turn that passes, giving up, or an error. */
export type Translation =
  | { kind: 'env'; action: string; focus?: UiElement }
  | { kind: 'pass'; seconds: number; focus?: UiElement }
  | { kind: 'infeasible'; reason: string }
  | { kind: 'error'; error: string };

/** Why an action cannot be translated; thrown inside the translation and caught at its entry (not an Error, so
 * no stack trace is captured on this hot path: agents send many bad actions). */
class TranslationError {
  constructor(readonly message: string) {}
}

/** The element a bid names, or a TranslationError saying what was wrong with it. */
function elementOf(elements: readonly UiElement[], bid: PyValue, action: string): UiElement {
  if (typeof bid !== 'string') throw new TranslationError(`${action}(): bid must be a string such as '12', got ${JSON.stringify(bid)}`);
  const id = /^[1-9]\d{0,6}$/.test(bid) ? Number(bid) : NaN;
  // Stryker disable next-line ConditionalExpression: a shortcut for ids that count from 1 in order; on a page of distinct ids find() returns the same element
  const e = elements[id - 1]?.id === id ? elements[id - 1] : elements.find((x) => x.id === id);
  if (!e) throw new TranslationError(`${action}(): no element with bid ${pyRepr(bid)} on the page`);
  return e;
}

function text(value: PyValue, action: string, param: string): string {
  if (typeof value !== 'string') throw new TranslationError(`${action}(): ${param} must be a string, got ${JSON.stringify(value)}`);
  return value;
}

/** The call's arguments by parameter name, checked against BrowserGym's signature. */
function bind(call: PyCall): Record<string, PyValue> {
  const sig = SIGNATURES[call.name];
  const signature = `${call.name}(${sig.params.join(', ')})`;
  if (call.args.length > sig.params.length) throw new TranslationError(`${signature} takes at most ${sig.params.length} arguments, got ${call.args.length}`);
  const bound: Record<string, PyValue> = {};
  call.args.forEach((a, k) => (bound[sig.params[k]] = a));
  for (const [k, val] of Object.entries(call.kwargs)) {
    if (!sig.params.includes(k)) throw new TranslationError(`${signature} has no argument '${k}'`);
    if (Object.hasOwn(bound, k)) throw new TranslationError(`${signature}: '${k}' is given twice`);
    bound[k] = val;
  }
  const missing = sig.params.slice(0, sig.required).filter((p) => !Object.hasOwn(bound, p));
  if (missing.length > 0) throw new TranslationError(`${signature}: missing ${missing.map((m) => `'${m}'`).join(', ')}`);
  return bound;
}

/** A game's element that a click plays: the card battler's hand cards, reward choices and End-turn button. */
function gameActionOfClick(verbs: ReadonlySet<string>, e: UiElement): string | null {
  if (e.role === 'card' && verbs.has('play')) return `play(${e.id})`;
  if (e.role === 'reward' && verbs.has('pick')) return `pick(${e.id})`;
  if (e.role === 'button' && e.name === 'End turn' && verbs.has('end')) return 'end()';
  return null;
}

/** A click (or Enter on an element) in this env's language. */
function clickOf(spec: EnvSpec, verbs: ReadonlySet<string>, e: UiElement, action: string): string {
  if (verbs.has('click')) return `click(${e.id})`;
  const game = gameActionOfClick(verbs, e);
  if (game === null) throw new TranslationError(`${action}(): element ${e.id} (${e.role} ${pyRepr(e.name)}) does nothing when clicked in ${spec.id}`);
  return game;
}

/** Translates one BrowserGym action for the page shown; never throws. */
export function translateAction(spec: EnvSpec, elements: readonly UiElement[], source: string): Translation {
  const parsed = parsePyCall(source);
  if (!parsed.ok) return { kind: 'error', error: parsed.error };
  const call = parsed.call;
  if (!Object.hasOwn(SIGNATURES, call.name)) {
    const why = NO_COUNTERPART.has(call.name) ? 'has no counterpart in these tasks' : 'is not a BrowserGym action';
    return { kind: 'error', error: `${call.name}() ${why} (this env accepts: ${browserGymActions(spec).join(', ')})` };
  }
  if (!browserGymActions(spec).includes(call.name)) {
    return { kind: 'error', error: `${call.name}() has no counterpart in ${spec.id} (it accepts: ${browserGymActions(spec).join(', ')})` };
  }
  try {
    return translateBound(spec, elements, call.name, bind(call));
  } catch (e) {
    // Stryker disable next-line ConditionalExpression: only TranslationError is thrown inside the try; this keeps a future bug from passing as a refused action
    if (e instanceof TranslationError) return { kind: 'error', error: e.message };
    throw e;
  }
}

function translateBound(spec: EnvSpec, elements: readonly UiElement[], name: string, a: Record<string, PyValue>): Translation {
  const verbs = verbsOf(spec);
  switch (name) {
    case 'click': {
      const e = elementOf(elements, a.bid, name);
      const plain = (a.button ?? 'left') === 'left' && (a.modifiers === undefined || (Array.isArray(a.modifiers) && a.modifiers.length === 0));
      if (!plain) throw new TranslationError("click(): only a left click without modifiers has a counterpart here");
      return { kind: 'env', action: clickOf(spec, verbs, e, name), focus: e };
    }
    case 'fill': {
      const e = elementOf(elements, a.bid, name);
      return { kind: 'env', action: `fill(${e.id}, ${quote(text(a.value, name, 'value'))})`, focus: e };
    }
    case 'select_option': {
      const e = elementOf(elements, a.bid, name);
      const options = Array.isArray(a.options) ? a.options : [a.options];
      if (options.length !== 1) throw new TranslationError(`select_option(): these lists take exactly one option, got ${options.length}`);
      return { kind: 'env', action: `select(${e.id}, ${quote(text(options[0], name, 'options'))})`, focus: e };
    }
    case 'check':
    case 'uncheck': {
      const e = elementOf(elements, a.bid, name);
      // Playwright's check() leaves a checked box alone (uncheck() an unchecked one); our check(id) toggles.
      if (e.state?.checked === (name === 'check')) return { kind: 'pass', seconds: 1, focus: e };
      return { kind: 'env', action: `check(${e.id})`, focus: e };
    }
    case 'press': {
      const e = elementOf(elements, a.bid, name);
      const key = text(a.key_comb, name, 'key_comb');
      if (ACTIVATE_KEYS.has(key) && browserGymActions(spec).includes('click')) return { kind: 'env', action: clickOf(spec, verbs, e, name), focus: e };
      return { kind: 'env', action: arrowMove(spec, verbs, key, name), focus: e };
    }
    case 'keyboard_press':
      return { kind: 'env', action: arrowMove(spec, verbs, text(a.key, name, 'key'), name) };
    case 'scroll':
      if (typeof a.delta_x !== 'number' || typeof a.delta_y !== 'number') throw new TranslationError('scroll(): delta_x and delta_y must be numbers');
      return { kind: 'pass', seconds: 1 }; // the whole page is always in view: scrolling changes nothing
    case 'go_back':
      return { kind: 'env', action: 'back()' };
    case 'send_msg_to_user':
      return { kind: 'env', action: `answer(${quote(text(a.text, name, 'text'))})` };
    case 'noop': {
      const wait = a.wait_ms ?? 1000;
      if (typeof wait !== 'number' || !(wait >= 0) || wait > 3_600_000) throw new TranslationError('noop(): wait_ms must be a number of milliseconds from 0 to 3600000');
      return { kind: 'pass', seconds: wait / 1000 };
    }
    default:
      return { kind: 'infeasible', reason: text(a.reason, name, 'reason') };
  }
}

function arrowMove(spec: EnvSpec, verbs: ReadonlySet<string>, key: string, action: string): string {
  if (verbs.has('move') && Object.hasOwn(ARROWS, key)) return `move(${ARROWS[key]})`;
  const keys = verbs.has('move') ? Object.keys(ARROWS) : [...ACTIVATE_KEYS];
  throw new TranslationError(`${action}(): key ${pyRepr(key)} has no counterpart in ${spec.id} (keys: ${keys.map((k) => pyRepr(k)).join(', ')})`);
}

/** Our action as BrowserGym's (the inverse of translateAction on the page shown), or an error. */
export function toBrowserGymAction(spec: EnvSpec, elements: readonly UiElement[], action: string): { ok: true; action: string } | { ok: false; error: string } {
  const c = parseAction(action, spec.actions);
  if (!c.ok) return c;
  const [first, second] = c.args;
  const bid = String(first);
  const done = (name: string, ...args: (string | number)[]) => ({ ok: true as const, action: formatPyCall(name, args) });
  switch (c.verb) {
    case 'click':
    case 'play':
    case 'pick':
      return done('click', bid);
    case 'fill':
      return done('fill', bid, second);
    case 'select':
      return done('select_option', bid, second);
    case 'check':
      return done(elements.find((e) => e.id === first)?.state?.checked ? 'uncheck' : 'check', bid);
    case 'back':
      return done('go_back');
    case 'answer':
      return done('send_msg_to_user', first);
    case 'move':
      return done('keyboard_press', Object.keys(ARROWS).find((k) => ARROWS[k] === first) ?? String(first));
    case 'end': {
      const button = elements.find((e) => gameActionOfClick(verbsOf(spec), e) === 'end()');
      return button ? done('click', String(button.id)) : { ok: false, error: 'end(): no End-turn button on the page' };
    }
    default:
      return { ok: false, error: `${c.verb}() has no BrowserGym counterpart` };
  }
}

/** BrowserGym's accessibility-tree properties for our element states (checked and pressed are tristate text). */
function properties(e: UiElement, focused: boolean): string {
  let out = '';
  // Stryker disable next-line ConditionalExpression: for-in over no state runs no iteration; the test is for the type
  if (e.state) {
    for (const k in e.state) {
      const on = e.state[k];
      if (k === 'checked' || k === 'pressed') out += `, ${k}=${pyRepr(String(on))}`;
      else if (k === 'haspopup') out += on ? ", hasPopup='menu'" : '';
      else if (k === 'focused') continue;
      else out += `, ${k}=${on ? 'True' : 'False'}`;
    }
  }
  return focused ? `${out}, focused` : out;
}

/** The page as BrowserGym's flatten_axtree_to_str prints it, under a RootWebArea named by the title. */
export function axtreeText(title: string, elements: readonly UiElement[], focusedId: number): string {
  let out = `RootWebArea ${pyRepr(title)}${focusedId < 0 ? ', focused' : ''}`;
  for (const e of elements) {
    const role = e.role === 'text' ? 'StaticText' : e.role;
    out += `\n${'\t'.repeat(1 + (e.depth ?? 0))}[${e.id}] ${role} ${pyRepr(e.name)}`;
    if (e.value !== undefined) out += ` value=${pyRepr(e.value)}`;
    out += properties(e, e.id === focusedId);
  }
  return out;
}

/** An environment behind BrowserGym's observation and action space. */
export class BrowserGymEnv {
  readonly env: Env;
  private elements: readonly UiElement[] = [];
  private chat: ChatMessage[] = [];
  private elapsed = 0;
  // Stryker disable next-line StringLiteral: reset() sets it before anything reads it
  private lastAction = '';
  // Stryker disable next-line StringLiteral: reset() sets it before anything reads it
  private lastError = '';
  private focused: UiElement | null = null;
  // Stryker disable next-line ObjectLiteral,BooleanLiteral: reset() sets it before anything reads it
  private info: StepInfo = { success: false, progress: 0, turn: 0 };
  /** Set when report_infeasible() ended the episode: why further steps are refused. */
  private ended: string | null = null;

  constructor(readonly spec: EnvSpec) {
    this.env = spec.create();
  }

  get url(): string {
    return `greenhouse://${this.spec.id}/`;
  }

  reset(args: ResetArgs): { obs: BrowserGymObservation; info: StepInfo } {
    const r = this.env.reset(args);
    this.elements = r.obs.elements;
    this.chat = [
      { role: 'assistant', timestamp: 0, message: GREETING },
      { role: 'user', timestamp: 0, message: this.env.goal },
    ];
    this.elapsed = 0;
    this.lastAction = '';
    this.lastError = '';
    this.focused = null;
    this.info = r.info;
    this.ended = null;
    return { obs: this.observation(), info: r.info };
  }

  step(action: string): { obs: BrowserGymObservation; reward: number; terminated: boolean; truncated: boolean; info: BrowserGymStepInfo } {
    this.lastAction = String(action); // an agent may send a non-string; a string is kept as it is
    if (this.ended !== null) {
      this.lastError = this.ended;
      return { obs: this.observation(), reward: 0, terminated: true, truncated: false, info: { ...this.info, lastActionError: this.ended } };
    }
    const t = translateAction(this.spec, this.elements, this.lastAction);
    if (t.kind === 'infeasible') return this.giveUp(t.reason);
    const r = this.env.step(t.kind === 'env' ? t.action : PASS_TURN);
    // A passed turn hides PASS_TURN's error and an untranslatable action shows its own, unless the env refused
    // the step (its episode is over: the turn did not count), which it says.
    const refused = r.info.turn === this.info.turn;
    this.elapsed += t.kind === 'pass' ? t.seconds : 1;
    this.lastError = refused || t.kind === 'env' ? (r.info.lastActionError ?? '') : t.kind === 'error' ? t.error : '';
    if (t.kind === 'env' && t.action.startsWith('answer(')) this.chat.push({ role: 'assistant', timestamp: this.elapsed, message: this.lastAction });
    const before = t.kind === 'error' ? this.focused : (t.focus ?? this.focused);
    this.elements = r.obs.elements;
    const after = before && this.elements.find((e) => e.id === before.id);
    this.focused = after && after.role === before.role && after.name === before.name ? after : null;
    this.info = r.info;
    const info: BrowserGymStepInfo = { ...r.info };
    if (this.lastError) info.lastActionError = this.lastError;
    else delete info.lastActionError;
    if (t.kind === 'env') info.greenhouseAction = t.action;
    return { obs: this.observation(), reward: r.reward, terminated: r.terminated, truncated: r.truncated, info };
  }

  /** The scripted expert's next action, in BrowserGym's syntax. */
  expert(): string {
    const ours = this.spec.expert(this.env);
    const bg = toBrowserGymAction(this.spec, this.elements, ours);
    return bg.ok ? bg.action : `report_infeasible(${pyRepr(bg.error)})`;
  }

  /** report_infeasible(): every task here is feasible, so giving up ends the episode unsolved (BrowserGym ends it). */
  private giveUp(reason: string) {
    this.ended = 'the episode is over (report_infeasible ended it); call reset()';
    this.lastError = '';
    this.elapsed += 1;
    this.chat.push({ role: 'infeasible', timestamp: this.elapsed, message: reason });
    this.info = { ...this.info, success: false };
    return { obs: this.observation(), reward: 0, terminated: true, truncated: false, info: { ...this.info } };
  }

  private observation(): BrowserGymObservation {
    const title = this.spec.id;
    return {
      chat_messages: this.chat.map((m) => ({ ...m })),
      goal: this.env.goal,
      goal_object: [{ type: 'text', text: this.env.goal }],
      open_pages_urls: [this.url],
      open_pages_titles: [title],
      active_page_index: [0],
      url: this.url,
      axtree_txt: axtreeText(title, this.elements, this.focused?.id ?? -1),
      focused_element_bid: this.focused ? String(this.focused.id) : '',
      last_action: this.lastAction,
      last_action_error: this.lastError,
      elapsed_time: [this.elapsed],
    };
  }
}
