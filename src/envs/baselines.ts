// Scripted baselines that need no learning, playable on any registered environment and split: random over the action
// grammar, random over legal actions, the first actionable element, and the name-match rule ("click the element
// whose name shares a word with the goal, set the checkboxes the goal names, then click a button"). A task that one of
// them wins often measures little; `npm run envs -- baselines` prints their success beside the expert's.

import type { EnvOptions, EnvSpec, Observation, UiElement } from './api';
import { quote } from './action';
import { expertRollout } from './harness';
import type { Split } from './split';
import { Rng } from '../core/rng';

export const BASELINES = ['random-grammar', 'random-legal', 'first-element', 'name-match'] as const;
export type BaselineId = (typeof BASELINES)[number];

/** One episode's player: the next action from the goal and the current observation (it may remember its past). */
export type Player = (goal: string, obs: Observation) => string;

const DIRECTIONS = ['up', 'down', 'left', 'right'];
const CLICKABLE = new Set(['button', 'link', 'tab', 'menuitem', 'option', 'combobox', 'treeitem', 'switch', 'radio']);
/** Words that frame a goal rather than name anything on the page. */
const STOPWORDS = new Set(['a', 'an', 'the', 'to', 'of', 'and', 'or', 'in', 'on', 'at', 'by', 'for', 'with', 'from', 'then', 'is', 'it', 'that', 'this', 'as', 'be', 'into', 'its', 'their', 'your']);

/** The goal's content words, lower case. */
export function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOPWORDS.has(w));
}

/** Texts a baseline may type: the goal's quoted spans and its content words as written. */
export function goalTexts(goal: string): string[] {
  const quoted = [...goal.matchAll(/"([^"]*)"|'([^']*)'/g)].map((m) => m[1] ?? m[2]).filter((t) => t !== '');
  const words = (goal.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOPWORDS.has(w.toLowerCase()));
  return [...new Set([...quoted, ...words])];
}

/** The options listed under a combobox (the option elements right after it, one level deeper). */
function optionsOf(elements: readonly UiElement[], index: number): UiElement[] {
  const depth = elements[index].depth ?? 0;
  const out: UiElement[] = [];
  for (let i = index + 1; i < elements.length && elements[i].role === 'option' && (elements[i].depth ?? 0) > depth; i++) out.push(elements[i]);
  return out;
}

/** Legal actions of a game: the four moves; plays of enabled cards and picks of rewards; argument-free verbs
 * (end the turn) while a button for them is shown. */
function gameActions(spec: EnvSpec, obs: Observation): string[] {
  const out: string[] = [];
  for (const sig of spec.actions) {
    if (sig.args.length === 0) {
      if (obs.elements.some((e) => e.role === 'button')) out.push(`${sig.verb}()`);
    } else if (sig.args.length === 1 && sig.args[0] === 'dir') for (const d of DIRECTIONS) out.push(`${sig.verb}(${d})`);
    else if (sig.args.length === 1 && (sig.args[0] === 'int' || sig.args[0] === 'id')) {
      for (const e of obs.elements) if (e.role === sig.target && !e.state?.disabled) out.push(`${sig.verb}(${e.id})`);
    }
  }
  return out;
}

/** Legal actions of a web page, in element order: each enabled element with the verbs that fit its role. */
function webActions(goal: string, obs: Observation): string[] {
  const texts = goalTexts(goal);
  const out: string[] = [];
  const listed = new Set<UiElement>(); // options of a list are chosen through select(), once
  obs.elements.forEach((e, i) => {
    if (e.state?.disabled || listed.has(e)) return;
    if (e.role === 'checkbox') out.push(`check(${e.id})`);
    else if (e.role === 'textbox') for (const t of texts) out.push(`fill(${e.id}, ${quote(t)})`);
    else if (e.role === 'combobox') {
      const shown = optionsOf(obs.elements, i);
      for (const o of shown) listed.add(o);
      // A closed list's options are not on the page: opening it is the legal move.
      if (shown.length > 0) for (const o of shown) out.push(`select(${e.id}, ${quote(o.name)})`);
      else out.push(`click(${e.id})`);
    } else if (CLICKABLE.has(e.role)) out.push(`click(${e.id})`);
  });
  return out;
}

/** Actions that name an element present with a verb fitting its role (for games: the moves and plays allowed now). */
export function legalActions(spec: EnvSpec, goal: string, obs: Observation): string[] {
  return spec.suite === 'game' ? gameActions(spec, obs) : webActions(goal, obs);
}

/** The fallback when nothing is legal: the first argument-free verb, else the first verb with a first element. */
function anyAction(spec: EnvSpec): string {
  const free = spec.actions.find((a) => a.args.length === 0);
  return free ? `${free.verb}()` : `${spec.actions[0].verb}(1)`;
}

function randomGrammar(spec: EnvSpec, rng: Rng): Player {
  return (goal, obs) => {
    const sig = rng.pick(spec.actions);
    const texts = goalTexts(goal);
    const args = sig.args.map((kind) => {
      if (kind === 'dir') return rng.pick(DIRECTIONS);
      if (kind === 'text') return quote(texts.length ? rng.pick(texts) : 'x');
      return String(rng.range(1, Math.max(1, obs.elements.length)));
    });
    return `${sig.verb}(${args.join(', ')})`;
  };
}

function randomLegal(spec: EnvSpec, rng: Rng): Player {
  return (goal, obs) => {
    const legal = legalActions(spec, goal, obs);
    return legal.length ? rng.pick(legal) : anyAction(spec);
  };
}

function firstElement(spec: EnvSpec): Player {
  return (goal, obs) => legalActions(spec, goal, obs)[0] ?? anyAction(spec);
}

/** How many of the goal's content words an element's name holds. */
function shared(name: string, goal: ReadonlySet<string>): number {
  let n = 0;
  for (const w of contentWords(name)) if (goal.has(w)) n++;
  return n;
}

/** The element with the most shared words (first on the page among ties) that passes `ok`, if any shares one. */
function bestMatch(elements: readonly UiElement[], goal: ReadonlySet<string>, ok: (e: UiElement) => boolean): UiElement | undefined {
  let best: UiElement | undefined;
  let most = 0;
  for (const e of elements) {
    if (e.state?.disabled || !ok(e)) continue;
    const n = shared(e.name, goal);
    if (n > most) [best, most] = [e, n];
  }
  return best;
}

/**
 * The name-match rule, remembering what it clicked this episode: set the checkboxes (ticked when the goal names
 * them, that is shares a word with them, else clear); click each element (not a button) sharing the most words with
 * the goal, once; then the button that shares most words with the goal, else the first button not yet clicked.
 * Games: the first legal action.
 */
function nameMatch(spec: EnvSpec): Player {
  if (spec.suite === 'game') return firstElement(spec);
  const clicked = new Set<string>();
  const key = (e: UiElement) => `${e.role}|${e.name}|${e.depth ?? 0}`;
  const click = (e: UiElement) => (clicked.add(key(e)), `click(${e.id})`);
  return (goal, obs) => {
    const words = new Set(contentWords(goal));
    const els = obs.elements;
    const box = els.find((e) => e.role === 'checkbox' && !e.state?.disabled && !!e.state?.checked !== shared(e.name, words) > 0);
    if (box) return `check(${box.id})`;
    const target = bestMatch(els, words, (e) => CLICKABLE.has(e.role) && e.role !== 'button' && !clicked.has(key(e)));
    if (target) return click(target);
    const fresh = (e: UiElement) => e.role === 'button' && !e.state?.disabled && !clicked.has(key(e));
    const button = bestMatch(els, words, fresh) ?? els.find(fresh);
    if (button) return click(button);
    return legalActions(spec, goal, obs)[0] ?? anyAction(spec);
  };
}

/** A fresh player of a baseline for one episode, its randomness from `rng`. */
export function baselinePlayer(id: BaselineId, spec: EnvSpec, rng: Rng): Player {
  switch (id) {
    case 'random-grammar':
      return randomGrammar(spec, rng);
    case 'random-legal':
      return randomLegal(spec, rng);
    case 'first-element':
      return firstElement(spec);
    case 'name-match':
      return nameMatch(spec);
  }
}

export interface PlayArgs {
  split?: Split;
  options?: EnvOptions;
}

/** Plays one episode of a baseline from reset(seed); its random stream is derived from the seed. */
export function playBaseline(spec: EnvSpec, id: BaselineId, seed: number, args: PlayArgs = {}): { success: boolean; turns: number } {
  const env = spec.create();
  let r = env.reset({ seed, options: args.options, split: args.split });
  const player = baselinePlayer(id, spec, Rng.fromSeed(seed).split(`baseline/${id}`));
  for (let t = 0; t < env.maxTurns; t++) {
    const next = env.step(player(env.goal, r.obs));
    if (next.terminated || next.truncated) return { success: next.info.success, turns: next.info.turn };
    r = next;
  }
  return { success: false, turns: env.maxTurns };
}

export type BaselineRates = Record<BaselineId | 'expert', number>;

/** Success rates of every baseline and the expert over `seeds` of a split. */
export function baselineRates(spec: EnvSpec, seeds: readonly number[], args: PlayArgs = {}): BaselineRates {
  const rate = (win: (seed: number) => boolean) => seeds.filter(win).length / seeds.length;
  const out = { expert: rate((seed) => expertRollout(spec, seed, args.options, args.split).success) } as BaselineRates;
  for (const id of BASELINES) out[id] = rate((seed) => playBaseline(spec, id, seed, args).success);
  return out;
}

/** The bounds the baselines must hold on test seeds at default options; families flagged as lessons are exempt. */
export const BOUNDS = { random: 0.1, nameMatch: 0.5 } as const;

/** The bounds a family's rates break, each named with its number (empty when it holds them all). */
export function brokenBounds(spec: EnvSpec, r: BaselineRates): string[] {
  const out: string[] = [];
  const floor = spec.expertFloor ?? 1;
  if (r.expert < floor) out.push(`expert ${r.expert.toFixed(3)} < ${floor}`);
  if (spec.lesson) return out;
  for (const id of ['random-grammar', 'random-legal'] as const) if (r[id] > BOUNDS.random) out.push(`${id} ${r[id].toFixed(3)} > ${BOUNDS.random}`);
  if (r['name-match'] > BOUNDS.nameMatch) out.push(`name-match ${r['name-match'].toFixed(3)} > ${BOUNDS.nameMatch}`);
  return out;
}
