// The team's shared language: one vocabulary for every agent (the env's, plus the words that frame messages), how
// messages join an agent's context (appended to the goal), plans (a few words of the action language), and the
// expert's plan of an episode (for the planner's and the executor's behaviour cloning).
import { parseSyntax } from '../envs/action';
import type { Env, EnvSpec, Observation } from '../envs/api';
import type { Context } from '../model/context';
import { END, SPECIALS, Tokenizer } from '../model/tokenizer';
import { longestActionTokens, vocabCorpus, vocabularyOf } from '../rl/vocab';

/** Words that frame messages in a context: `... plan : click Next fill bob` and `... proposals : a ; b`. */
const FRAME = 'plan : proposals ;';

/** Longest plan, in tokens, END included. */
export const PLAN_TOKENS = 24;

/** The team's vocabulary and the longest expert action in tokens (END included). */
export function teamVocab(spec: EnvSpec): { vocab: string[]; longestAction: number } {
  const tok = vocabularyOf(spec, [FRAME]);
  return { vocab: tok.toJSON(), longestAction: longestActionTokens(tok, vocabCorpus(spec).actions) };
}

/** The goal as an agent reads it: the task's goal, then the plan it was sent, then the proposals it reads. */
export function withMessages(goal: string, plans: readonly string[], proposals: readonly string[]): string {
  let text = goal;
  for (const p of plans) text += ` plan : ${p}`;
  if (proposals.length > 0) text += ` proposals : ${proposals.join(' ; ')}`;
  return text;
}

/**
 * The tokens a plan may use in a context: END, the vocabulary's words and numbers, and the placeholders of the
 * context's content words. No specials and no punctuation: the executor reads the plan inside its goal, where the
 * context drops quotes and brackets (context.ts compactText).
 */
export function planTokens(vocab: readonly string[]): (context: Context) => number[] {
  const tok = Tokenizer.fromJSON(vocab);
  const words = [END];
  for (let id = SPECIALS.length; id < vocab.length; id++) if (!tok.isPlaceholder(id) && /^[\p{L}\p{N}_]+$/u.test(vocab[id])) words.push(id);
  return (context) => words.concat(context.words.slice(0, tok.placeholders).map((_, k) => tok.placeholderStart + k));
}

/**
 * The expert's plan from the env's current state (`current` is its observation): it plays the expert on a copy and writes each action as its verb
 * and the names of what it acts on (`click toaster fill sybil select Seoul ...`), cut to `maxWords` words.
 */
export function expertPlan(spec: EnvSpec, env: Env, current: Observation, maxWords: number): string {
  const sim = env.clone();
  const words: string[] = [];
  let obs = current;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: actions past maxWords of them add only words the cut below drops
  for (let turn = 0; turn < sim.maxTurns && words.length < maxWords; turn++) {
    const action = spec.expert(sim);
    const step = sim.step(action);
    const text = actionWords(action, (id) => obs.elements.find((e) => e.id === id)?.name);
    if (text) words.push(text);
    obs = step.obs;
    if (step.terminated || step.truncated) break;
  }
  return words.join(' ').split(' ').slice(0, maxWords).join(' ');
}

/** An action as a plan's words: its verb and arguments (`click(17)` -> `click 17`), an id as `name(id)` says when it
 * names it; '' for a malformed action. */
export function actionWords(action: string, name: (id: number) => string | undefined = () => undefined): string {
  const parsed = parseSyntax(action);
  if (!parsed.ok) return '';
  return [parsed.action.verb, ...parsed.action.args.map((a) => (a.kind === 'int' ? (name(a.value) ?? String(a.value)) : a.value))].join(' ');
}
