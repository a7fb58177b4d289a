// The environment contract (Gymnasium's reset/step/clone in TypeScript) shared by web tasks and games.
// Environments are pure: no DOM, no timers, no globals, randomness only from the seed given to reset().

import type { Split } from './split';

/** One thing on the page or in the game that an action can refer to by id. */
export interface UiElement {
  /** Stable within an observation; actions name elements by this id. */
  id: number;
  /** Accessibility role: button, checkbox, textbox, link, tab, menuitem, option, row, cell, heading, text, card, enemy, ... */
  role: string;
  /** Accessible name or label, e.g. 'Submit'. */
  name: string;
  /** Current value of an input, if any. */
  value?: string;
  /** Boolean states: checked, selected, expanded, disabled, focused, ... */
  state?: Readonly<Record<string, boolean>>;
  /** Nesting depth for indentation in the text form (0 = top level). */
  depth?: number;
}

/** What the agent sees after reset or a step. Environments may build it lazily (getters), so copy it with
 * plainObservation() (src/envs/observation.ts) before postMessage or structuredClone. */
export interface Observation {
  /** Structured form. */
  elements: readonly UiElement[];
  /** Text form in BrowserGym's accessibility-tree style, one element a line: `[7] button 'Submit'`. */
  text: string;
}

export interface StepInfo {
  /** The task is solved (reported apart from reward). */
  success: boolean;
  /** Progress towards the goal in [0, 1], for process reward. */
  progress: number;
  /** Turns used so far. */
  turn: number;
  /** Set when the last action was malformed or impossible: what was wrong. The turn is still spent. */
  lastActionError?: string;
}

export interface ResetResult {
  obs: Observation;
  info: StepInfo;
}

export interface StepResult extends ResetResult {
  reward: number;
  /** The episode ended by success or failure. */
  terminated: boolean;
  /** The episode ended by running out of turns. */
  truncated: boolean;
}

/** Difficulty and other knobs, validated by the environment. */
export type EnvOptions = Readonly<Record<string, number | string | boolean>>;

export interface ResetArgs {
  seed: number;
  options?: EnvOptions;
  /** Which disjoint pool of tasks to draw from: 'train' (the default) or 'test' (evaluation). */
  split?: Split;
}

export interface Env {
  readonly id: string;
  /** The instruction for this episode, set by reset(). */
  readonly goal: string;
  readonly maxTurns: number;
  /** A new episode: `split` (default 'train') picks the pool its content is drawn from (src/envs/split.ts). */
  reset(args: ResetArgs): ResetResult;
  /** Never throws: a bad action comes back as info.lastActionError and costs a turn. */
  step(action: string): StepResult;
  /** A deep, independent copy in the same state. */
  clone(): Env;
}

/** The kinds of argument an action verb takes, for parsing and grammar-constrained decoding. */
export type ArgKind = 'id' | 'text' | 'int' | 'dir';

export interface ActionSignature {
  verb: string;
  args: readonly ArgKind[];
  /** The element role the verb acts on (a game's card, a reward): grammar-constrained decoding offers the verb only
   * while such an element is shown and not disabled, with those elements' ids as its number. Absent: always offered. */
  target?: string;
  /** The element roles the verb can act on (a page's text boxes for fill): with config fitArgs, decoding offers the
   * verb only while such an element is shown and not disabled, with those elements' ids as its id. */
  acts?: readonly string[];
}

export interface OptionSpec {
  name: string;
  doc: string;
  kind: 'int' | 'enum' | 'bool';
  default: number | string | boolean;
  min?: number;
  max?: number;
  values?: readonly string[];
}

/** A registered environment family with its metadata, factory and scripted expert. */
export interface EnvSpec {
  id: string;
  suite: 'web' | 'game';
  family: string;
  description: string;
  maxTurns: number;
  options: readonly OptionSpec[];
  /**
   * Difficulty levels 0..N, easiest first: each a full set of options (every option named). `envOptionsFor(spec,
   * level)` in src/rl/rollout.ts reads it; a level past N means N. The options' defaults are one of the levels.
   */
  levels?: readonly EnvOptions[];
  /** The MiniWoB++ task this family reproduces (its name there), or null when it is not a MiniWoB++ task. */
  miniwob?: string | null;
  /** The family exists to teach the name-match rule (click what the goal names), so it may be won by it. */
  lesson?: boolean;
  /**
   * What tells two task instances apart for the train/test split check: the goal text (web tasks' default), or the
   * goal with the first observation (games' default, and families like MiniWoB's click-tab whose goals are few).
   */
  instanceKey?: 'goal' | 'goal+observation';
  /** The share of episodes its expert must win, when below 1: a game a planning expert can lose (the card battler). */
  expertFloor?: number;
  /** Its typed text is not always copied from the goal or the page (a command, a transformed word, a time rewritten):
   * config fitArgs leaves its text free. */
  freeText?: boolean;
  /** The action language this environment accepts. */
  actions: readonly ActionSignature[];
  create(): Env;
  /** The scripted expert: the next action for the env's current state (it may read hidden state). */
  expert(env: Env): string;
}
