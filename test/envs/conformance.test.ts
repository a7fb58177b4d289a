// The conformance suite: every registered environment obeys the contract (Gymnasium's check_env in spirit):
// reset determinism, twin rollouts, clone equality and independence, the expert wins, bad actions are harmless,
// and the observation text stays within its stated token budget.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { EnvSpec, ResetResult, StepResult } from '../../src/envs/api';
import { ENV_IDS, ENV_SPECS, getEnvSpec } from '../../src/envs/registry';
import { expertRollout, fuzz } from '../../src/envs/harness';
import { tokenCount } from '../../src/envs/observation';
import { Rng } from '../../src/core/rng';
import { randomValidAction } from './random-policy';

/** Observation-text budgets at default difficulty, in word/punctuation tokens (see tokenCount). */
const TOKEN_BUDGET: Record<string, number> = {
  'click-button': 120, 'click-checkboxes': 120, 'click-tab': 120, 'click-menu': 120, 'enter-text': 120,
  'login-user': 120, 'choose-list': 120, 'use-autocomplete': 120, 'form-sequence': 120, 'read-table': 120,
  'search-engine': 120, 'email-inbox': 120, 'shop-checkout': 250, 'book-flight': 250, 'card-battler': 250, 'grid-world': 120,
};

/** The goal is one short sentence from a finite vocabulary. */
const GOAL_TOKENS = 30;

function snapshot(r: ResetResult | StepResult) {
  return { text: r.obs.text, elements: r.obs.elements, info: r.info, reward: 'reward' in r ? r.reward : undefined };
}

/** A mixed rollout (expert and random valid actions from one seeded stream), recorded step by step. */
function mixedRollout(spec: EnvSpec, seed: number, steps = 40) {
  const env = spec.create();
  const rng = Rng.fromSeed(seed).split('policy');
  let r: ResetResult | StepResult = env.reset({ seed });
  const trace: unknown[] = [env.goal, snapshot(r)];
  for (let t = 0; t < steps; t++) {
    const action = rng.chance(0.5) ? spec.expert(env) : randomValidAction(spec, r.obs, rng);
    const next = env.step(action);
    trace.push(action, snapshot(next));
    if (next.terminated || next.truncated) break;
    r = next;
  }
  return trace;
}

describe('registry', () => {
  it('lists the sixteen environments by their agreed ids, with metadata', () => {
    expect(ENV_IDS).toEqual([
      'click-button', 'click-checkboxes', 'click-tab', 'click-menu', 'enter-text', 'login-user', 'choose-list', 'use-autocomplete',
      'form-sequence', 'read-table', 'search-engine', 'email-inbox', 'shop-checkout', 'book-flight', 'card-battler', 'grid-world',
    ]);
    for (const s of ENV_SPECS) {
      expect(s.description.length).toBeGreaterThan(10);
      expect(s.maxTurns).toBeGreaterThan(0);
      expect(s.suite).toBe(s.id === 'card-battler' || s.id === 'grid-world' ? 'game' : 'web');
      expect(s.create().id).toBe(s.id);
      expect(s.create().maxTurns).toBe(s.maxTurns);
      for (const o of s.options) expect(o.doc).not.toBe('');
      expect(TOKEN_BUDGET[s.id]).toBeDefined();
    }
  });

  it('names the unknown id and the valid ones', () => {
    expect(() => getEnvSpec('click-buton')).toThrow(/unknown environment 'click-buton'.*click-button.*grid-world/);
  });
});

describe.each(ENV_SPECS.map((s) => [s.id, s] as const))('%s', (_id, spec) => {
  it('resets deterministically, and seeds differ', () => {
    const a = spec.create();
    const b = spec.create();
    const ra = a.reset({ seed: 7 });
    b.reset({ seed: 3 });
    const rb = b.reset({ seed: 7 });
    expect(snapshot(rb)).toEqual(snapshot(ra));
    expect(b.goal).toBe(a.goal);
    const seen = new Set<string>();
    for (let seed = 0; seed < 12; seed++) {
      const r = a.reset({ seed });
      seen.add(a.goal + r.obs.text);
      expect(r.info).toMatchObject({ success: false, turn: 0 });
      expect(r.obs.elements.map((e) => e.id)).toEqual(r.obs.elements.map((_, i) => i + 1));
    }
    expect(seen.size).toBeGreaterThan(3);
  });

  it('gives identical twin rollouts for one seed', () => {
    for (const seed of [0, 1, 2]) expect(mixedRollout(spec, seed)).toEqual(mixedRollout(spec, seed));
  });

  it('clones equal and independent', () => {
    const env = spec.create();
    let last: ResetResult | StepResult = env.reset({ seed: 11 });
    for (let t = 0; t < 2; t++) last = env.step(spec.expert(env));
    const twin = env.clone();
    expect(twin.goal).toBe(env.goal);
    const rng = Rng.fromSeed(5);
    for (let t = 0; t < 6; t++) {
      const action = t % 2 ? spec.expert(env) : randomValidAction(spec, last.obs, rng);
      const mine = env.step(action);
      expect(snapshot(twin.step(action))).toEqual(snapshot(mine));
      last = mine;
    }
    // Independence: driving a clone to the end leaves the original where it was.
    const probe = (e: typeof env) => snapshot(e.clone().step('look()'));
    const before = probe(env);
    const other = env.clone();
    for (let t = 0; t < spec.maxTurns; t++) other.step(spec.expert(other));
    expect(probe(env)).toEqual(before);
    expect(env.step('look()').info.turn).toBe(before.info.turn);
  });

  it('is solved by its expert on seeds 0-49 with reward 1 only at the end', () => {
    for (let seed = 0; seed < 50; seed++) {
      const r = expertRollout(spec, seed);
      expect(r.success, `seed ${seed}`).toBe(true);
      expect(r.rewards.slice(0, -1).every((x) => x === 0)).toBe(true);
      expect(r.rewards[r.rewards.length - 1]).toBe(1);
      expect(r.turns).toBeLessThanOrEqual(spec.maxTurns);
    }
  });

  it('keeps observation text and goal within budget', () => {
    let worst = 0;
    for (let seed = 0; seed < 30; seed++) {
      for (const t of expertRollout(spec, seed).texts) worst = Math.max(worst, tokenCount(t));
      for (const x of mixedRollout(spec, seed, 30)) if (typeof x === 'object' && x) worst = Math.max(worst, tokenCount((x as { text: string }).text));
      const env = spec.create();
      env.reset({ seed });
      expect(tokenCount(env.goal)).toBeLessThanOrEqual(GOAL_TOKENS);
    }
    expect(worst).toBeLessThanOrEqual(TOKEN_BUDGET[spec.id]);
  });

  it('survives random and malformed actions without throwing', () => {
    expect(fuzz(spec, [0, 1, 2, 3], 120)).toMatchObject({ threw: 0 });
    const env = spec.create();
    env.reset({ seed: 1 });
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (action) => {
        const r = env.step(action);
        expect(typeof r.obs.text).toBe('string');
        if (r.terminated || r.truncated) env.reset({ seed: 1 });
      }),
      { numRuns: 300, seed: 42 },
    );
    // The expert's own action with a splice of junk or a cut: near-misses of valid actions.
    env.reset({ seed: 2 });
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.string({ maxLength: 4 }), (at, drop, junk) => {
        const valid = spec.expert(env);
        const cut = at % (valid.length + 1);
        const r = env.step(valid.slice(0, cut) + junk + valid.slice(cut + (drop % 3)));
        expect(r.info.turn).toBeGreaterThan(0);
        if (r.terminated || r.truncated) env.reset({ seed: 2 + at });
      }),
      { numRuns: 300, seed: 43 },
    );
  });

  it('spends a turn on a bad action and says what was wrong', () => {
    const env = spec.create();
    const start = env.reset({ seed: 4 });
    const r = env.step('clik(2)');
    expect(r.info.turn).toBe(1);
    expect(r.info.lastActionError).toMatch(/could not parse action 'clik\(2\)': unknown verb 'clik' \(expected /);
    expect(r.reward).toBe(0);
    expect(r.obs.text).toBe(start.obs.text);
  });

  it('truncates at maxTurns and then refuses steps until reset', () => {
    const env = spec.create();
    env.reset({ seed: 2 });
    let last: StepResult | undefined;
    for (let t = 0; t < spec.maxTurns; t++) {
      last = env.step('nothing()');
      expect(last.truncated).toBe(t === spec.maxTurns - 1);
    }
    expect(last).toMatchObject({ terminated: false, truncated: true, reward: 0 });
    expect(env.step(spec.expert(env)).info.lastActionError).toMatch(/episode is over/);
    for (let t = 0; t < 20; t++) {
      const p = env.step('x').info.progress;
      expect(p).toBeGreaterThanOrEqual(0);
      expect(p).toBeLessThanOrEqual(1);
    }
  });

  it('rejects unknown options with a clear message', () => {
    expect(() => spec.create().reset({ seed: 0, options: { nope: 1 } })).toThrow(new RegExp(`${spec.id}: unknown option 'nope'`));
  });

  it('is solved by its expert at every difficulty extreme', () => {
    for (const o of spec.options.filter((x) => x.kind === 'int')) {
      for (const v of [o.min as number, o.max as number]) {
        for (let seed = 0; seed < 10; seed++) expect(expertRollout(spec, seed, { [o.name]: v }).success, `${o.name}=${v} seed ${seed}`).toBe(true);
      }
    }
  });
});
