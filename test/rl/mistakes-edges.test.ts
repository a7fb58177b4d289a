// refusedActions' verb rules on a hand-made env that refuses what it is told to: which signatures are tried (no
// argument, one id, one int) and which are not (text, direction, two arguments), every element number 1..n, and the
// env itself never stepped. The card-battler cases are in bc-mistakes.test.ts.
import { describe, expect, it } from 'vitest';
import type { ActionSignature, Env, EnvSpec, Observation, StepResult } from '../../src/envs/api';
import { refusedActions } from '../../src/rl/mistakes';

const THREE_ELEMENTS: Observation = {
  elements: [1, 2, 3].map((id) => ({ id, role: 'button', name: `b${id}` })),
  text: "[1] button 'b1'\n[2] button 'b2'\n[3] button 'b3'",
};

/** Accepts exactly the actions in `accepted`; every step of this env (not of its clones) lands in `ownSteps`. */
class Picky implements Env {
  readonly id = 'picky';
  readonly goal = '';
  readonly maxTurns = 5;
  ownSteps: string[] = [];
  constructor(private readonly accepted: ReadonlySet<string>, private readonly original = true) {}
  reset() {
    return { obs: THREE_ELEMENTS, info: { success: false, progress: 0, turn: 0 } };
  }
  step(action: string): StepResult {
    if (this.original) this.ownSteps.push(action);
    const info = { success: false, progress: 0, turn: 1, ...(this.accepted.has(action) ? {} : { lastActionError: `no ${action}` }) };
    return { obs: THREE_ELEMENTS, reward: 0, terminated: false, truncated: false, info };
  }
  clone(): Env {
    return new Picky(this.accepted, false);
  }
}

function spec(actions: ActionSignature[]): EnvSpec {
  return { id: 'picky', suite: 'web', family: 'test', description: 'refuses what it is told to', maxTurns: 5, options: [], actions, create: () => new Picky(new Set()), expert: () => 'back()' };
}

const EVERY_KIND: ActionSignature[] = [
  { verb: 'back', args: [] },
  { verb: 'click', args: ['id'] },
  { verb: 'play', args: ['int'] },
  { verb: 'fill', args: ['id', 'text'] },
  { verb: 'pair', args: ['id', 'id'] },
  { verb: 'answer', args: ['text'] },
  { verb: 'move', args: ['dir'] },
];

describe('refusedActions, on an env that refuses what it is told to', () => {
  it('tries argument-free verbs and one-id or one-int verbs on elements 1..n; not text, direction or two arguments', () => {
    const env = new Picky(new Set());
    expect(refusedActions(spec(EVERY_KIND), env, THREE_ELEMENTS)).toEqual(['back()', 'click(1)', 'click(2)', 'click(3)', 'play(1)', 'play(2)', 'play(3)']);
  });

  it('leaves out what the env accepts, and steps clones only', () => {
    const env = new Picky(new Set(['back()', 'click(2)', 'play(1)']));
    expect(refusedActions(spec(EVERY_KIND), env, THREE_ELEMENTS)).toEqual(['click(1)', 'click(3)', 'play(2)', 'play(3)']);
    expect(env.ownSteps).toEqual([]);
  });

  it('an env whose verbs all take text or directions, or a page with no elements, has no refused action to show', () => {
    const env = new Picky(new Set());
    expect(refusedActions(spec(EVERY_KIND.slice(3)), env, THREE_ELEMENTS)).toEqual([]);
    expect(refusedActions(spec(EVERY_KIND.slice(1, 3)), env, { elements: [], text: '' })).toEqual([]);
  });
});
