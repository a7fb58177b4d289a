// The conformance suite: every registered environment obeys the contract (Gymnasium's check_env in spirit):
// reset determinism, twin rollouts, clone equality and independence, the expert wins, bad actions are harmless,
// and the observation text stays within its stated token budget.

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { EnvOptions, EnvSpec, ResetResult, StepResult } from '../../src/envs/api';
import { ENV_IDS, ENV_SPECS, getEnvSpec } from '../../src/envs/registry';
import { ENV_IDS as CONFIG_ENV_IDS } from '../../src/core/config-table';
import { defaultLevel } from '../../src/envs/levels';
import { resolveOptions } from '../../src/envs/options';
import { instanceKey, SPLITS, type Split } from '../../src/envs/split';
import { expertRollout, fuzz, type Rollout } from '../../src/envs/harness';
import { tokenCount } from '../../src/envs/observation';
import { Rng } from '../../src/core/rng';
import { randomValidAction } from './random-policy';

/** Observation-text budgets at default difficulty, in word/punctuation tokens (see tokenCount); a family not
 * listed gets its suite's default. */
const TOKEN_BUDGET: Record<string, number> = {
  'click-button': 120, 'click-checkboxes': 120, 'click-tab': 120, 'click-tab-2': 150, 'click-menu': 120, 'enter-text': 120,
  'login-user': 120, 'choose-list': 120, 'use-autocomplete': 120, 'form-sequence': 120, 'read-table': 120,
  'search-engine': 120, 'email-inbox': 120, 'shop-checkout': 250, 'flight-booking': 250, 'card-battler': 250, 'grid-world': 120,
  // A month's calendar is some 31 cells, a feed some 4 posts with their buttons.
  'choose-date': 280, 'social-media': 250, 'social-media-all': 250, 'book-flight-full': 330,
  // 48 buttons: longer than a tiny policy's context on purpose (a team reads it in parts).
  'long-page': 360,
};
const budgetOf = (spec: EnvSpec) => TOKEN_BUDGET[spec.id] ?? (spec.suite === 'game' ? 250 : 150);

/** Seeds per split in the check that no test instance comes up in train. */
const SPLIT_SEEDS = 10_000;

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

/** Asserts the expert wins every one of `seeds`, or its family's expertFloor share of them; returns the rollouts. */
function expectExpertWins(spec: EnvSpec, seeds: readonly number[], label: string, options?: EnvOptions, split?: Split): Rollout[] {
  const runs = seeds.map((seed) => expertRollout(spec, seed, options, split));
  const lost = seeds.filter((_, i) => !runs[i].success);
  expect(lost.length, `${label}: the expert lost seeds ${lost.join(', ')}`).toBeLessThanOrEqual(Math.floor((1 - (spec.expertFloor ?? 1)) * seeds.length));
  return runs;
}

const SEEDS_50 = Array.from({ length: 50 }, (_, i) => i);
const SEEDS_10 = SEEDS_50.slice(0, 10);

describe('registry', () => {
  it("implements exactly the config's environment ids, in order, with metadata", () => {
    expect(ENV_IDS).toEqual([...CONFIG_ENV_IDS]);
    for (const s of ENV_SPECS) {
      expect(s.description.length).toBeGreaterThan(10);
      expect(s.maxTurns).toBeGreaterThan(0);
      expect(s.create().id).toBe(s.id);
      expect(s.create().maxTurns).toBe(s.maxTurns);
      for (const o of s.options) expect(o.doc).not.toBe('');
    }
    expect(ENV_SPECS.filter((s) => s.suite === 'game').map((s) => s.id)).toEqual(['card-battler', 'grid-world']);
  });

  it('says for every web family which MiniWoB++ task it reproduces (or null), and click-button is a lesson', () => {
    for (const s of ENV_SPECS.filter((x) => x.suite === 'web')) {
      expect(s.miniwob, `${s.id}: set miniwob to the MiniWoB++ task's name or null`).not.toBeUndefined();
    }
    expect(getEnvSpec('click-button').lesson).toBe(true);
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
    for (const r of expectExpertWins(spec, SEEDS_50, 'train seeds').filter((x) => x.success)) {
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
    expect(worst).toBeLessThanOrEqual(budgetOf(spec));
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
    // The state shows as it was; an env may add the error as one last line (the card battler does, as BrowserGym's
    // last_action_error), so that a policy can tell a wasted turn from a turn that changed nothing.
    const added = r.obs.text.slice(start.obs.text.length);
    expect(r.obs.text.slice(0, start.obs.text.length)).toBe(start.obs.text);
    if (added) expect(added.split('\n')).toEqual(['', expect.stringContaining(r.info.lastActionError!)]);
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

  it(`never deals a test instance in train (${SPLIT_SEEDS} seeds a split)`, () => {
    const env = spec.create();
    const keys = SPLITS.map((split) => {
      const seen = new Set<string>();
      for (let seed = 0; seed < SPLIT_SEEDS; seed++) {
        const text = env.reset({ seed, split }).obs.text;
        seen.add(instanceKey(spec, env.goal, text));
      }
      return seen;
    });
    const [train, test] = keys;
    const shared = [...test].filter((k) => train.has(k));
    expect(shared.slice(0, 3), `${shared.length} test instances also come up in train`).toEqual([]);
    // Each split is a pool of instances, not one or two (MiniWoB's form-sequence has 63 goals in all).
    expect(Math.min(train.size, test.size)).toBeGreaterThan(10);
  });

  it('is solved by its expert on test seeds 0-49', () => {
    expectExpertWins(spec, SEEDS_50, 'test seeds', undefined, 'test');
  });

  it('has a table of levels naming every option, its defaults among them, each solved by the expert', () => {
    const levels = spec.levels ?? [];
    if (spec.suite === 'web') expect(levels.length, 'web families have at least two levels').toBeGreaterThanOrEqual(2);
    levels.forEach((level, k) => {
      expect(Object.keys(level).sort(), `level ${k}`).toEqual(spec.options.map((o) => o.name).sort());
      expect(() => resolveOptions(spec.id, spec.options, level)).not.toThrow();
      expectExpertWins(spec, SEEDS_10, `level ${k}`, level, 'test');
    });
    if (levels.length > 0) expect(defaultLevel(spec), 'the defaults are one of the levels').toBeGreaterThanOrEqual(0);
  });

  it('is solved by its expert at every difficulty extreme', () => {
    for (const o of spec.options.filter((x) => x.kind === 'int')) {
      for (const v of [o.min as number, o.max as number]) {
        expectExpertWins(spec, SEEDS_10, `${o.name}=${v}`, { [o.name]: v });
      }
    }
  });
});
