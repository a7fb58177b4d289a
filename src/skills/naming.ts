// Names skills from what they changed, with templates ("open the 'Cart' page", "push the box right"),
// since there is no language model: one phrase per step from the observation diff, repeats folded.

import type { Observation } from '../envs/api';
import type { TraceStep } from './execute';
import { showStep, showText } from './refs';
import type { SkillArg, SkillStep, TextRef } from './types';

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

/** One step's phrase from the observations before and after it. */
function stepPhrase(step: SkillStep, before: Observation, after: TraceStep): string {
  const first = step.args[0];
  if (step.verb === 'move' && first?.kind === 'dir') return gridPhrase(before, after, first.value);
  const label = first?.kind === 'ref' ? showText(first.name) : '';
  const text = textOf(step.args[1]) ?? textOf(first);
  const role = after.target?.role ?? '';
  switch (step.verb) {
    case 'back':
      return 'go back';
    case 'answer':
      return `answer ${text ? showText(text) : ''}`;
    case 'fill':
      return `type ${text ? showText(text) : ''} into ${label}`;
    case 'select':
      return `choose ${text ? showText(text) : ''} in ${label}`;
    case 'check':
      return `tick ${label}`;
    case 'click': {
      const h = heading(after.obs);
      if (h !== undefined && h !== heading(before)) return `open the ${h === after.target?.name ? label : `'${h}'`} page`;
      if (role === 'tab') return `switch to the ${label} tab`;
      if (role === 'checkbox') return `tick ${label}`;
      if (role === 'option') return `choose ${label}`;
      if (role === 'menuitem') return `open the ${label} menu item`;
      if (role === 'link') return `follow the ${label} link`;
      if (role === 'button') return `press ${label}`;
      return `click the ${role} ${label}`;
    }
    default:
      return showStep(step);
  }
}

/** Folds runs of one phrase: "move right 2 times". */
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

/** A short name and a full description of steps that ran from `start` along `trace` (one entry per step). */
export function nameSkill(steps: readonly SkillStep[], start: Observation, trace: readonly TraceStep[], cluster: string): { name: string; description: string } {
  const phrases = fold(trace.map((t, k) => stepPhrase(steps[k], k === 0 ? start : trace[k - 1].obs, t)));
  const name = phrases.length <= 2 ? phrases.join(', then ') : `${phrases[0]} … ${phrases[phrases.length - 1]}`;
  return { name, description: `${phrases.join(', then ')} (found at ${cluster})` };
}
