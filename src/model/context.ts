// The policy's context: goal, earlier turns (their observations replaced by a placeholder, as WebAgent-R1 does)
// and the current observation, fitted inside the window and ending with the ACT marker the action follows. Its
// content words read as placeholders numbered in order of first appearance in the context as it is kept.
import type { UiElement } from '../envs/api';
import { ACT, ContentWords, EL, END, GOAL, MATCH, OBS, PREV, spacingOf, splitWords, type Spacing, type Tokenizer } from './tokenizer';

export interface Turn {
  /** The observation text the action was taken in (kept only as a placeholder). */
  obs: string;
  /** The action string taken. */
  action: string;
}

export interface ContextInput {
  goal: string;
  /** Earlier turns, oldest first. */
  history: readonly Turn[];
  /** The current observation text, one element a line. */
  obs: string;
  /** Lines of `obs` that start with the MATCH token (see goalMatches). */
  matches?: ReadonlySet<number>;
}

// Stryker disable next-line MethodExpression: upper-casing folds case as well; the two differ only on letters such as the dotted İ, which no task text has
const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * The exact-match feature of reading-comprehension models (DrQA): the indices of the elements whose name shares
 * a word with the goal (case-insensitive). Their lines start with MATCH in the context. It reads only what the
 * agent sees, yet spares a tiny model the two-step circuit it would otherwise need for pointing (find the goal's
 * label among the elements, then copy that element's id), which it learns only after hundreds of steps, if ever.
 */
export function goalMatches(goal: string, elements: readonly UiElement[]): Set<number> {
  const inGoal = new Set(words(goal));
  const out = new Set<number>();
  elements.forEach((e, i) => {
    if (words(e.name).some((w) => inGoal.has(w))) out.add(i);
  });
  return out;
}

/**
 * The accessibility-tree markup (`[7] button 'Submit'`) as the policy reads it: brackets and single quotes
 * dropped, so `7 button Submit`. They carry nothing the policy needs, and without them each element's id sits
 * two tokens from its label, which a tiny transformer learns to point at in a few hundred steps instead of
 * never. Actions keep their full syntax.
 */
export function compactText(text: string): string {
  return text.replace(/[[\]']/g, ' ');
}

/** A context's tokens, its content words (placeholder k stands for words[k]) and how its texts space their words. */
export interface Context {
  tokens: number[];
  words: string[];
  spacing?: Spacing;
}

/** A vocabulary id, or a content word waiting for its placeholder. */
type Piece = number | string;

function pieces(tok: Tokenizer, text: string): Piece[] {
  return splitWords(text).map((w) => tok.id(w) ?? w);
}

/** An element line (`[7] button 'Submit'`, maybe indented) starts with <el>: `<el> 7 button Submit`. */
const ELEMENT_LINE = /^\s*\[\d+\]/;

/**
 * <goal> goal  [<obs> <prev> <act> action <end>]*  <obs> observation <act>, each element line of the observation
 * starting with <el> (and <match> before the lines in input.matches), at most `window - reserve` tokens
 * (reserve: room for the action to generate). When too long: the oldest turns go first, then the goal is cut to a
 * quarter of the budget, then the observation loses its end; the markers always stay. Content words then take
 * placeholders in order of first appearance; past the tokenizer's placeholders they read <unk>.
 */
export function buildContext(tok: Tokenizer, input: ContextInput, window: number, reserve: number): Context {
  const budget = window - reserve;
  if (budget < 8) throw new Error(`context: window ${window} minus reserve ${reserve} leaves no room`);
  let goal = pieces(tok, compactText(input.goal));
  const obs = input.obs.split('\n').flatMap((line, i): Piece[] => [
    ...(input.matches?.has(i) ? [MATCH] : []),
    ...(ELEMENT_LINE.test(line) ? [EL] : []),
    ...pieces(tok, compactText(line)),
  ]);
  const turns = input.history.map((t): Piece[] => [OBS, PREV, ACT, ...pieces(tok, t.action), END]);
  const size = () => 1 + goal.length + turns.reduce((s, t) => s + t.length, 0) + 2 + obs.length;
  while (turns.length && size() > budget) turns.shift();
  if (size() > budget) goal = goal.slice(0, budget >> 2); // a goal of a quarter or less is kept whole
  const room = budget - (size() - obs.length);
  const kept = [GOAL, ...goal, ...turns.flat(), OBS, ...obs.slice(0, Math.max(0, room)), ACT];
  const words = new ContentWords(tok.placeholders);
  const spacing = spacingOf([input.goal, ...input.history.map((t) => t.action), input.obs]);
  return { tokens: kept.map((p) => (typeof p === 'number' ? p : tok.wordId(p, words))), words: words.list, spacing };
}

/** A sequence for training: context, then the action's tokens and END. Returns the tokens and the index where the action starts. */
export function withAction(context: readonly number[], action: readonly number[]): { tokens: number[]; actionStart: number } {
  const tokens = [...context, ...action];
  if (tokens[tokens.length - 1] !== END) tokens.push(END);
  return { tokens, actionStart: context.length };
}
