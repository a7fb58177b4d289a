// Names skills with short templates from what each step did ("fill Username then submit", "push the box right 2
// times", "switch tab then press a button"), since there is no language model: a step is named by its verb and the
// role of the element it acted on, with the element's label only when the skill's own step names it literally
// (text read from the goal or typed reads as "the goal's", never as one episode's words). The episode the skill
// was found in is described apart, as its example, quoting what that episode showed and typed.

import { parseSyntax } from '../envs/action';
import type { Observation } from '../envs/api';
import type { TraceStep } from './execute';
import { showStep } from './refs';
import type { SkillArg, SkillStep, TextRef } from './types';

/** Buttons whose press sends what was filled in: named "submit" whatever the page calls them. */
const SUBMIT_WORDS = new Set(['submit', 'login', 'log in', 'sign in', 'search', 'ok', 'go', 'send', 'save', 'continue', 'next', 'book', 'buy', 'pay', 'confirm', 'done', 'apply', 'reply', 'forward', 'post', 'enter']);

/** Steps a name spells out before it abbreviates the middle. */
const NAMED_STEPS = 3;

const heading = (obs: Observation) => obs.elements.find((e) => e.role === 'heading')?.name;

function countSymbol(obs: Observation, symbol: string): number {
  let n = 0;
  for (const e of obs.elements) if (e.role === 'row') for (const c of e.name.split(' ')) if (c === symbol) n++;
  return n;
}

function boxes(obs: Observation): string {
  return obs.elements
    .filter((e) => e.role === 'row')
    .map((e) => e.name.split(' ').map((c) => (c === 'B' ? 'B' : '.')).join(''))
    .join('/');
}

/** A grid move, named by what it did: reach the exit, take a key, open a door, push a box, or just move. */
function gridPhrase(before: Observation, after: TraceStep, dir: string): string {
  if (after.info.success) return 'reach the exit';
  if (countSymbol(after.obs, 'K') < countSymbol(before, 'K')) return 'pick up the key';
  if (countSymbol(after.obs, 'D') < countSymbol(before, 'D')) return 'open the door';
  if (boxes(after.obs) !== boxes(before)) return countSymbol(after.obs, 'S') < countSymbol(before, 'S') ? `push the box ${dir} onto the switch` : `push the box ${dir}`;
  return `move ${dir}`;
}

const textOf = (a: SkillArg | undefined): TextRef | undefined => (a?.kind === 'ref' ? a.name : a?.kind === 'text' ? a.text : undefined);

/**
 * An element's label in a name: the literal label the step names, `generic` when the label comes from the goal, and
 * for an element with no label 'the unlabelled field' (from `generic` 'a field').
 */
function labelIn(step: SkillStep, generic: string): string {
  const first = step.args[0];
  if (first?.kind !== 'ref' || first.name.kind !== 'literal') return generic;
  return first.name.value !== '' ? first.name.value : generic.replace(/^a /, 'the unlabelled ');
}

/** One step's template: verb and role, and a literal label the skill always uses. */
function templatePhrase(step: SkillStep, before: Observation, after: TraceStep): string {
  const first = step.args[0];
  if (step.verb === 'move' && first?.kind === 'dir') return gridPhrase(before, after, first.value);
  const role = after.target?.role ?? '';
  switch (step.verb) {
    case 'back':
      return 'go back';
    case 'answer':
      return textOf(first)?.kind === 'goal' ? "answer with the goal's words" : 'answer';
    case 'fill':
      return `fill ${labelIn(step, 'a field')}`;
    case 'select':
      return `choose in ${labelIn(step, 'a list')}`;
    case 'check':
      return `tick ${labelIn(step, 'a box')}`;
    case 'click': {
      const label = labelIn(step, '');
      const h = heading(after.obs);
      if (label && h === label && h !== heading(before)) return `open the ${label} page`;
      if (role === 'button') return SUBMIT_WORDS.has(label.toLowerCase()) ? 'submit' : label ? `press ${label}` : "press the goal's button";
      if (role === 'tab') return label ? `switch to the ${label} tab` : "switch to the goal's tab";
      if (role === 'checkbox') return label ? `tick ${label}` : "tick the goal's box";
      if (role === 'option') return label ? `choose ${label}` : "choose the goal's option";
      if (role === 'menuitem') return label ? `open the ${label} menu item` : "open the goal's menu item";
      if (role === 'link') return label ? `follow ${label}` : "follow the goal's link";
      if (role === 'combobox') return label ? `open the ${label} list` : "open the goal's list";
      return label ? `click ${label}` : `click the goal's ${role || 'element'}`;
    }
    default:
      return showStep(step);
  }
}

/** One step of the example episode, as it ran there: the element's label and the text typed ("type "bob" into Username"). */
function examplePhrase(step: SkillStep, before: Observation, after: TraceStep): string {
  const parsed = parseSyntax(after.action);
  const typed = parsed.ok ? parsed.action.args.find((a) => a.kind === 'text')?.value : undefined;
  const label = after.target?.name ?? '';
  switch (step.verb) {
    case 'fill':
      return `type "${typed ?? ''}" into ${label}`;
    case 'select':
      return `choose "${typed ?? ''}" in ${label}`;
    case 'answer':
      return typed === undefined ? 'answer' : `answer "${typed}"`;
    case 'click': {
      const h = heading(after.obs);
      const opened = h !== undefined && h !== heading(before) ? `, which opened the '${h}' page` : '';
      return `click ${label}${opened}`;
    }
    default:
      return templatePhrase(step, before, after);
  }
}

/** Folds runs of one phrase: "fill a field 2 times", "move right 3 times". */
function fold(phrases: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < phrases.length; ) {
    let j = i;
    while (j < phrases.length && phrases[j] === phrases[i]) j++;
    out.push(j - i > 1 ? `${phrases[i]} ${j - i} times` : phrases[i]);
    i = j;
  }
  return out;
}

/** "a", "a then b", "a, b then c", "a, b … then z (6 steps)". */
function joined(parts: readonly string[], steps: number): string {
  if (parts.length <= 1) return parts[0] ?? '';
  if (parts.length <= NAMED_STEPS) return `${parts.slice(0, -1).join(', ')} then ${parts[parts.length - 1]}`;
  return `${parts[0]}, ${parts[1]} … then ${parts[parts.length - 1]} (${steps} steps)`;
}

/**
 * A short template name and a description with the example episode, for steps that ran from `start` along
 * `trace` (one entry per step).
 */
export function nameSkill(steps: readonly SkillStep[], start: Observation, trace: readonly TraceStep[], cluster: string): { name: string; description: string } {
  const before = (k: number) => (k === 0 ? start : trace[k - 1].obs);
  const name = joined(fold(trace.map((t, k) => templatePhrase(steps[k], before(k), t))), steps.length);
  const example = fold(trace.map((t, k) => examplePhrase(steps[k], before(k), t))).join(', then ');
  return { name, description: `e.g. ${example} (found at ${cluster})` };
}
