// Element and text references of skills: a label is kept literally or as a slot of the goal ("the word after
// 'password'"), so one skill transfers across seeds; references resolve against the current observation.

import type { Observation, UiElement } from '../envs/api';
import { quote } from '../envs/action';
import type { SkillArg, SkillStep, TextRef } from './types';

/** The goal split into words, surrounding punctuation and quotes stripped. */
export function goalWords(goal: string): string[] {
  return goal
    // Stryker disable next-line Regex: splitting on each whitespace character only adds empty words, which the filter drops
    .split(/\s+/)
    .map((w) => w.replace(/^[.,;:!?'"()]+|[.,;:!?'"()]+$/g, ''))
    .filter((w) => w !== '');
}

/** A word as anchors compare it: lower case, any number as '#'. */
export function norm(word: string): string {
  return /^-?\d+$/.test(word) ? '#' : word.toLowerCase();
}

/** Positions in the goal where the anchor (normalised words, '^' for the goal's start) ends. */
function anchorEnds(normed: readonly string[], anchor: string): number[] {
  if (anchor === '^') return [0];
  const a = anchor.split(' ');
  const out: number[] = [];
  for (let i = a.length; i <= normed.length; i++) {
    let k = 0;
    while (k < a.length && normed[i - a.length + k] === a[k]) k++;
    if (k === a.length) out.push(i);
  }
  return out;
}

/**
 * A reference to `value`: a goal slot when the value is in the goal after a unique anchor of one or two
 * words that may anchor (`anchorOk`, given a normalised word: by default any), else the literal.
 */
export function textRef(value: string, words: readonly string[], anchorOk: (normed: string) => boolean = () => true): TextRef {
  // Stryker disable next-line Regex: splitting on each whitespace character only adds empty words, which the filter drops
  const parts = value.split(/\s+/).filter((w) => w !== '');
  if (parts.length > 0 && parts.length <= 4) {
    let normed: string[] | undefined;
    // Stryker disable next-line ArithmeticOperator: i - length runs past the goal's end, where no word matches a part
    for (let i = 0; i + parts.length <= words.length; i++) {
      if (!parts.every((p, k) => words[i + k] === p)) continue;
      if (i === 0) return { kind: 'goal', anchor: '^', words: parts.length };
      normed ??= words.map(norm);
      for (const n of [1, 2]) {
        // Stryker disable next-line ConditionalExpression,ArithmeticOperator: without the break, slice(i - n, i) is empty (anchor ''), which matches no word of a goal (goalWords drops empty ones)
        if (i - n < 0) break;
        const anchorWords = normed.slice(i - n, i);
        if (!anchorWords.every(anchorOk)) break;
        const anchor = anchorWords.join(' ');
        if (anchorEnds(normed, anchor).length === 1) return { kind: 'goal', anchor, words: parts.length };
      }
    }
  }
  return { kind: 'literal', value };
}

/**
 * Per goal (its words, which no caller changes once split): the normalised words and where each anchor asked about
 * ends. A search resolves the same few anchors in one goal hundreds of thousands of times.
 */
const anchorCache = new WeakMap<readonly string[], { normed: string[]; ends: Map<string, number[]> }>();

function cachedEnds(words: readonly string[], anchor: string): readonly number[] {
  let c = anchorCache.get(words);
  // Stryker disable next-line ConditionalExpression: a cache; building the entry again builds the same one
  if (!c) anchorCache.set(words, (c = { normed: words.map(norm), ends: new Map() }));
  let ends = c.ends.get(anchor);
  // Stryker disable next-line ConditionalExpression: a cache; finding the anchor's ends again finds the same ones
  if (!ends) c.ends.set(anchor, (ends = anchorEnds(c.normed, anchor)));
  return ends;
}

/** The text a reference stands for in this goal, or undefined when the goal has no such slot. */
export function resolveText(ref: TextRef, words: readonly string[]): string | undefined {
  if (ref.kind === 'literal') return ref.value;
  const ends = cachedEnds(words, ref.anchor);
  if (ends.length !== 1 || ends[0] + ref.words > words.length) return undefined;
  return words.slice(ends[0], ends[0] + ref.words).join(' ');
}

const digitsAsHash = (s: string) => s.replace(/\d+/g, '#');

/**
 * The element a role-and-label reference means: an exact label first, else one equal up to numbers ('Cart 0' ~
 * 'Cart 1'), else, for a text field, the page's only one: a field's label describes the page's layout ('Text' on one,
 * 'Your text' on another), while a button's or a link's name is what it does, so those must match.
 */
export function findElement(elements: readonly UiElement[], role: string, name: string): UiElement | undefined {
  const exact = elements.find((e) => e.role === role && e.name === name);
  if (exact) return exact;
  const loose = digitsAsHash(name);
  const alike = elements.find((e) => e.role === role && digitsAsHash(e.name) === loose);
  if (alike || role !== 'textbox') return alike;
  const fields = elements.filter((e) => e.role === 'textbox');
  return fields.length === 1 ? fields[0] : undefined;
}

/** How a reference reads to a person: 'Cart' or <after 'password'>. */
export function showText(ref: TextRef): string {
  if (ref.kind === 'literal') return `'${ref.value}'`;
  return ref.anchor === '^' ? '<goal start>' : `<after '${ref.anchor}'>`;
}

/** One step written out for people: click(button 'Pay'), fill(textbox 'Name', <after 'for'>). */
export function showStep(step: SkillStep): string {
  const arg = (a: SkillArg) => (a.kind === 'ref' ? `${a.role} ${showText(a.name)}` : a.kind === 'text' ? showText(a.text) : String(a.value));
  return `${step.verb}(${step.args.map(arg).join(', ')})`;
}

export type Rendered = { ok: true; action: string; target?: UiElement } | { ok: false; error: string };

/** renderStep(...).ok without writing the action: every reference resolves here (the skill library asks this of every skill at every state). */
export function canRender(step: SkillStep, obs: Observation, words: readonly string[]): boolean {
  for (const a of step.args) {
    if (a.kind === 'ref') {
      const name = resolveText(a.name, words);
      if (name === undefined || !findElement(obs.elements, a.role, name)) return false;
    } else if (a.kind === 'text' && resolveText(a.text, words) === undefined) return false;
  }
  return true;
}

/** The concrete action string of a step in the current observation and goal, or why it cannot be written. */
export function renderStep(step: SkillStep, obs: Observation, words: readonly string[]): Rendered {
  const out: string[] = [];
  let target: UiElement | undefined;
  for (const a of step.args) {
    if (a.kind === 'ref') {
      const name = resolveText(a.name, words);
      const e = name === undefined ? undefined : findElement(obs.elements, a.role, name);
      if (!e) return { ok: false, error: `no ${a.role} ${name === undefined ? showText(a.name) : `'${name}'`} here` };
      target ??= e;
      out.push(String(e.id));
    } else if (a.kind === 'text') {
      const text = resolveText(a.text, words);
      if (text === undefined) return { ok: false, error: `the goal has no ${showText(a.text)}` };
      out.push(quote(text));
    } else out.push(String(a.value));
  }
  const action = `${step.verb}(${out.join(', ')})`;
  return target ? { ok: true, action, target } : { ok: true, action };
}
