// The page model shared by every web task: a family describes its state, how to draw it as elements with
// handlers, and its expert; WebEnv does parsing, dispatch, turns, termination, observations and cloning.

import type { ActionSignature, Env, EnvOptions, EnvSpec, OptionSpec, ResetArgs, ResetResult, StepInfo, StepResult, UiElement } from '../api';
import { parseAction, quote, type TypedArg } from '../action';
import { LazyObservation, renderLine, type LineCache, type TextCell } from '../observation';
import { resolveOptions, type ResolvedOptions } from '../options';
import { poolsOf, type Pools } from '../split';
import { Rng } from '../../core/rng';

/** What an element does for each verb; a handler returns an error message or nothing. Each gets the element acted
 * on, so one handler can serve many elements (a calendar's days) instead of a closure per element per drawing. */
export interface Handlers {
  click?: Act;
  fill?: Enter;
  select?: Enter;
  check?: Act;
}
type Act = (e: UiElement) => string | void;
type Enter = (text: string, e: UiElement) => string | void;

// Handlers are built with these (the arrow passed as an argument stays anonymous, so tsx's keepNames
// does not wrap every handler in a name-setting call: that alone cost a third of a step).
export const onClick = (click: Act): Handlers => ({ click });
export const onCheck = (check: Act): Handlers => ({ check });
export const onFill = (fill: Enter): Handlers => ({ fill });
export const onSelect = (select: Enter): Handlers => ({ select });
export const onClickOrSelect = (click: Act, select: Enter): Handlers => ({ click, select });
export const onClickOrFill = (click: Act, fill: Enter): Handlers => ({ click, fill });

export interface ElementExtra {
  value?: string;
  state?: Record<string, boolean>;
  depth?: number;
}

/** Key order and values of two elements' states, as the text and the structured form show them. */
function sameState(a: ElementExtra['state'], b: ElementExtra['state']): boolean {
  if (a === b) return true;
  if (!a || !b) return false;
  let n = 0;
  for (const k in a) {
    if (a[k] !== b[k]) return false;
    STATE_KEYS[n++] = k;
  }
  let m = 0;
  for (const k in b) if (m >= n || STATE_KEYS[m++] !== k) return false;
  // b holds every key of a (a boolean never equals a missing key's undefined) and no more than n keys: a's, in order
  return true;
}
// Stryker disable next-line ArrayDeclaration: its first n entries are written before they are read
const STATE_KEYS: string[] = [];

/** What was last drawn at one position: the arguments, the element made of them, and its line once rendered. */
interface Slot {
  readonly role: string;
  readonly name: string;
  readonly value: string | undefined;
  readonly state: ElementExtra['state'];
  readonly depth: number | undefined;
  readonly element: UiElement;
  line: string | undefined;
}

/**
 * What a family's pages last drew at each position, for later drawings to take over what reads the same (one record
 * of a single shape a position, which V8 compares faster than elements of many shapes), and the page drawn last.
 */
export class PageMemory implements LineCache {
  readonly slots: Slot[] = [];
  last: Page | undefined;

  line(i: number, e: UiElement): string {
    const slot = this.slots[i];
    return slot?.element === e ? (slot.line ??= renderLine(e)) : renderLine(e);
  }
}

/**
 * One drawn page: elements numbered 1..N in order, with their handlers, and the episode's ending. A page drawn with a
 * memory (a WebEnv keeps one across steps and episodes) takes over each element that reads the same as the last one
 * drawn at its place, and with it its rendered line, so a step pays only for what changed: a calendar closed and
 * opened again, or the next episode's, is the same elements as before.
 */
export class Page implements TextCell {
  readonly elements: UiElement[] = [];
  readonly handlers: (Handlers | undefined)[] = [];
  /** The page's text once rendered (see LazyObservation). */
  text: string | undefined = undefined;
  outcome: 'running' | 'success' | 'failure' = 'running';
  /** While drawing, the page drawn before this one as long as every element so far was taken over (the memory's
   * element at a place is the one that page showed there, if it reached that far). */
  #same: Page | undefined;

  constructor(readonly memory = new PageMemory()) {
    this.#same = memory.last;
    memory.last = this;
  }

  /** Called once the page is drawn: a page that took over every element of the one drawn before it, and has as many,
   * reads as it (a click that changed nothing on screen, an episode's last step) and takes over its text too. */
  finish(): void {
    if (this.#same && this.#same.elements.length === this.elements.length) this.text = this.#same.text;
    this.#same = undefined;
  }

  add(role: string, name: string, extra?: ElementExtra, handlers?: Handlers): number {
    const i = this.elements.length;
    const value = extra?.value;
    const state = extra?.state || undefined;
    const depth = extra?.depth || undefined;
    const slot = this.memory.slots[i];
    if (slot !== undefined && slot.name === name && slot.role === role && slot.value === value && slot.depth === depth && sameState(slot.state, state)) {
      this.elements.push(slot.element);
    } else {
      const e: UiElement = { id: i + 1, role, name };
      if (value !== undefined) e.value = value;
      if (state) e.state = state;
      if (depth) e.depth = depth;
      this.elements.push(e);
      this.#same = undefined;
      this.memory.slots[i] = { role, name, value, state, depth, element: e, line: undefined };
    }
    this.handlers.push(handlers);
    return i + 1;
  }

  /** Ends the episode: the task is solved (true) or failed for good (false). */
  end(success: boolean): void {
    this.outcome = success ? 'success' : 'failure';
  }

  /** The id of the first element with this role and name; throws when missing (for experts). */
  idOf(role: string, name: string): number {
    const e = this.elements.find((x) => x.role === role && x.name === name);
    if (!e) throw new Error(`no ${role} '${name}' on the page`);
    return e.id;
  }
}

/** A family of web tasks: its state S and how it behaves. */
export interface WebTaskDef<S> {
  id: string;
  description: string;
  maxTurns: number;
  options: readonly OptionSpec[];
  /** Difficulty levels 0..N, easiest first, each naming every option (see EnvSpec.levels); the conformance suite
   * requires them of every registered family. */
  levels?: readonly EnvOptions[];
  /** The MiniWoB++ task this family reproduces, or null (see EnvSpec.miniwob); registered families must say. */
  miniwob?: string | null;
  /** Exists to teach the name-match rule (see EnvSpec.lesson). */
  lesson?: boolean;
  /** What identifies an instance for the split check (see EnvSpec.instanceKey; default the goal). */
  instanceKey?: 'goal' | 'goal+observation';
  /** Types text that is not copied from the goal or the page (see EnvSpec.freeText). */
  freeText?: boolean;
  /** A new episode from the seeded stream and resolved options, its content drawn from the split's pools. */
  init(rng: Rng, o: ResolvedOptions, pools: Pools): { goal: string; state: S };
  /** Draws the state onto the page; handlers mutate the state and may call page.end(). */
  draw(s: S, page: Page): void;
  /** Progress in [0, 1] towards the goal, for process reward. */
  progress(s: S): number;
  /** The expert's next action for this state and its drawn page. */
  expert(s: S, page: Page): string;
  back?(s: S): string | void;
  answer?(s: S, text: string, page: Page): string | void;
}

export const WEB_ACTIONS: readonly ActionSignature[] = [
  // The roles whose elements take the verb on some family's page (test/envs/web-fit-args.test.ts checks every family)
  { verb: 'click', args: ['id'], acts: ['button', 'link', 'tab', 'menuitem', 'option', 'combobox', 'treeitem', 'gridcell', 'checkbox', 'textbox'] },
  { verb: 'fill', args: ['id', 'text'], acts: ['textbox', 'slider', 'spinbutton'] },
  { verb: 'select', args: ['id', 'text'], acts: ['combobox'] },
  { verb: 'check', args: ['id'], acts: ['checkbox'] },
  { verb: 'back', args: [] },
  { verb: 'answer', args: ['text'] },
];

function formatCall(verb: string, args: readonly TypedArg[]): string {
  return `${verb}(${args.map((a) => (typeof a === 'number' ? a : quote(a))).join(', ')})`;
}

function describe(e: UiElement): string {
  return `element ${e.id} (${e.role} '${e.name}')`;
}

const resolved = new WeakMap<WebTaskDef<unknown>, WeakMap<EnvOptions, ResolvedOptions>>();
const NO_OPTIONS: EnvOptions = {};

/** A family's options resolved once per options object (a trainer resets thousands of episodes with one object);
 * callers must not mutate the options they pass, which Readonly already says. */
function resolvedOptions<S>(def: WebTaskDef<S>, options: EnvOptions | undefined): ResolvedOptions {
  const given = options ?? NO_OPTIONS;
  let byOptions = resolved.get(def as WebTaskDef<unknown>);
  if (!byOptions) resolved.set(def as WebTaskDef<unknown>, (byOptions = new WeakMap()));
  let o = byOptions.get(given);
  if (!o) byOptions.set(given, (o = Object.freeze(resolveOptions(def.id, def.options, given))));
  return o;
}

/** A web task episode: Gymnasium's reset/step/clone over a WebTaskDef. */
export class WebEnv<S> implements Env {
  goal = '';
  state!: S;
  turn = 0;
  /** The page of the current state once drawn; null until then. */
  private page: Page | null = null;
  /** What the pages drawn so far showed, kept across steps and episodes for later drawings to reuse. */
  private readonly memory = new PageMemory();
  private outcome: Page['outcome'] = 'running';

  constructor(readonly def: WebTaskDef<S>) {}

  get id(): string {
    return this.def.id;
  }
  get maxTurns(): number {
    return this.def.maxTurns;
  }

  reset({ seed, options, split }: ResetArgs): ResetResult {
    const o = resolvedOptions(this.def, options);
    // The stream Rng.fromSeed(seed).split(id) names, built in one step.
    const { goal, state } = this.def.init(new Rng(`seed=${seed >>> 0}/${this.def.id}`), o, poolsOf(split));
    this.goal = goal;
    this.state = state;
    this.turn = 0;
    this.outcome = 'running';
    this.page = null;
    return { obs: this.observation(), info: this.info() };
  }

  /** The page as drawn for the current state (drawn once per state). */
  current(): Page {
    if (!this.page) {
      const p = new Page(this.memory);
      this.def.draw(this.state, p);
      p.finish();
      this.page = p;
    }
    return this.page;
  }

  private observation(): LazyObservation {
    const p = this.current();
    return new LazyObservation(p.elements, p.memory, p);
  }

  step(action: string): StepResult {
    if (this.outcome !== 'running' || this.turn >= this.def.maxTurns) {
      return this.result('the episode is over; call reset()');
    }
    this.turn++;
    const error = this.dispatch(action);
    this.page = null;
    return this.result(error);
  }

  private dispatch(action: string): string | undefined {
    const c = parseAction(action, WEB_ACTIONS);
    if (!c.ok) return c.error;
    const page = this.current();
    const verb = c.verb;
    if (verb === 'back') return this.def.back ? this.def.back(this.state) || undefined : 'back(): there is no previous page';
    if (verb === 'answer') {
      if (!this.def.answer) return 'answer(): this task asks no question';
      const err = this.def.answer(this.state, c.args[0] as string, page) || undefined;
      this.outcome = page.outcome;
      return err;
    }
    const id = c.args[0] as number;
    const e = page.elements[id - 1];
    if (!e) return `${formatCall(verb, c.args)}: no element with id ${id}`;
    if (e.state?.disabled) return `${formatCall(verb, c.args)}: ${describe(e)} is disabled`;
    const h = page.handlers[id - 1];
    let err: string | void;
    if (verb === 'click') {
      const f = h?.click ?? h?.check;
      err = f ? f(e) : `${describe(e)} cannot be clicked`;
    } else if (verb === 'check') {
      err = h?.check ? h.check(e) : `${describe(e)} is not a checkbox`;
    } else if (verb === 'fill') {
      err = h?.fill ? h.fill(c.args[1] as string, e) : `${describe(e)} is not a text box`;
    } else {
      err = h?.select ? h.select(c.args[1] as string, e) : `${describe(e)} is not a list`;
    }
    this.outcome = page.outcome;
    return err ? `${formatCall(verb, c.args)}: ${err}` : undefined;
  }

  private info(error?: string): StepInfo {
    const success = this.outcome === 'success';
    const progress = success ? 1 : Math.max(0, Math.min(1, this.def.progress(this.state)));
    const info: StepInfo = { success, progress, turn: this.turn };
    if (error !== undefined) info.lastActionError = error;
    return info;
  }

  private result(error: string | undefined): StepResult {
    const terminated = this.outcome !== 'running';
    const success = this.outcome === 'success';
    return {
      obs: this.observation(),
      reward: success ? 1 : 0,
      terminated,
      truncated: !terminated && this.turn >= this.def.maxTurns,
      info: this.info(error),
    };
  }

  clone(): WebEnv<S> {
    const c = new WebEnv(this.def);
    c.goal = this.goal;
    c.state = structuredClone(this.state);
    c.turn = this.turn;
    c.outcome = this.outcome;
    return c;
  }
}

/** Registers a web family: its metadata, factory and expert. */
export function defineWebTask<S>(def: WebTaskDef<S>): EnvSpec {
  return {
    id: def.id,
    suite: 'web',
    family: def.id,
    description: def.description,
    maxTurns: def.maxTurns,
    options: def.options,
    ...(def.levels ? { levels: def.levels } : {}),
    ...(def.miniwob !== undefined ? { miniwob: def.miniwob } : {}),
    ...(def.lesson ? { lesson: true } : {}),
    ...(def.instanceKey ? { instanceKey: def.instanceKey } : {}),
    ...(def.freeText ? { freeText: true } : {}),
    actions: WEB_ACTIONS,
    create: () => new WebEnv(def),
    expert(env: Env): string {
      if (!(env instanceof WebEnv) || env.def !== def) throw new Error(`${def.id} expert: not a ${def.id} environment`);
      const w = env as WebEnv<S>;
      return def.expert(w.state, w.current());
    },
  };
}

/** A page stack for multi-page tasks: the current page name and the history for back(). */
export interface Nav {
  page: string;
  history: string[];
}

export function navigate(nav: Nav, to: string): void {
  nav.history.push(nav.page);
  nav.page = to;
}

export function navBack(nav: Nav): string | void {
  const prev = nav.history.pop();
  if (prev === undefined) return 'back(): there is no previous page';
  nav.page = prev;
}
