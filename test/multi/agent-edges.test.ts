// One AgentRunner on a tiny CPU policy (click-button, one BC step): what its generations are asked for (sampled at
// the config's temperature and top-p from its own stream, greedy from a fresh stream of its own, the grammar or a
// planner's plan words), that calls run in order, and how a frozen agent refuses to train.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validateConfig } from '../../src/core/config';
import type { Config } from '../../src/core/config-table';
import { Rng, type RngState } from '../../src/core/rng';
import { getEnvSpec } from '../../src/envs/registry';
import { plainObservation } from '../../src/envs/observation';
import type { GenerateOptions } from '../../src/model/policy-api';
import { paramTable } from '../../src/model/params';
import { TransformerPolicy } from '../../src/model/policy';
import { Learner } from '../../src/rl/learner';
import type { Demonstrator } from '../../src/rl/bc';
import type { PolicyOptions } from '../../src/model/create';
import type { DemoSetup } from '../../src/multi/demos';
import type { Context } from '../../src/model/context';
import { ContentWords, END, Tokenizer } from '../../src/model/tokenizer';
import { presetConfig } from '../../src/model/presets';
import { AgentRunner, type ActRow, type AgentInit } from '../../src/multi/agent';
import { PLAN_TOKENS, teamVocab } from '../../src/multi/language';
import type { Role } from '../../src/multi/workflow';

const spec = getEnvSpec('click-button');
function config(over: Record<string, unknown> = {}): Config {
  const r = validateConfig({ env: 'click-button', model: 'tiny', backend: 'cpu', group: 2, tasks: 1, bcSteps: 1, seed: 3, temperature: 1.5, topP: 0.9, ...over });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.config;
}
function init(role: Role, over: Record<string, unknown> = {}): AgentInit {
  const { vocab, longestAction } = teamVocab(spec);
  return { config: config(over), node: { name: 'p1', role, model: 'tiny', trainable: true }, vocab, longestAction, peers: 0, turns: 2 };
}
function rows(n: number): ActRow[] {
  return Array.from({ length: n }, (_, seed) => {
    const env = spec.create();
    const { obs } = env.reset({ seed, split: 'train' });
    return { goal: env.goal, obs: plainObservation(obs), past: [] };
  });
}

/** Each generate call's options, with the state of its stream when the call began. */
function recordGenerate() {
  const calls: { o: GenerateOptions; state: RngState }[] = [];
  const original = TransformerPolicy.prototype.generate;
  vi.spyOn(TransformerPolicy.prototype, 'generate').mockImplementation(function (this: TransformerPolicy<unknown, unknown>, prompts, o) {
    calls.push({ o, state: o.rng.getState() });
    return original.call(this, prompts, o);
  });
  return calls;
}

afterEach(() => vi.restoreAllMocks());

/** What the agent built its parts from: createPolicy's options, the BC demonstrations' arguments, the role demonstrator's setup. */
const built = vi.hoisted(() => ({ policies: [] as PolicyOptions[], demos: [] as { rng: Rng; budget: number | undefined }[], setups: [] as DemoSetup[] }));
vi.mock('../../src/model/create', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../src/model/create')>();
  return { ...m, createPolicy: (o: PolicyOptions) => (built.policies.push(o), m.createPolicy(o)) };
});
vi.mock('../../src/rl/bc', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../src/rl/bc')>();
  class Recorded extends m.Demonstrations {
    constructor(demonstrator: Demonstrator, rng: Rng, budget?: number) {
      super(demonstrator, rng, budget);
      built.demos.push({ rng, budget });
    }
  }
  return { ...m, Demonstrations: Recorded };
});
vi.mock('../../src/multi/demos', async (importOriginal) => {
  const m = await importOriginal<typeof import('../../src/multi/demos')>();
  return { ...m, roleDemonstrator: (d: DemoSetup) => (built.setups.push(d), m.roleDemonstrator(d)) };
});

describe('AgentRunner', () => {
  it('warms up with BC, then samples at the config temperature and top-p from its own stream, under the grammar', async () => {
    const steps: number[] = [];
    const agent = await AgentRunner.create(init('proposer', { bcSteps: 2 }), undefined, (s) => steps.push(s));
    expect(steps).toEqual([0, 1]);
    const calls = recordGenerate();
    const first = await agent.act(rows(2));
    await agent.act(rows(2));
    expect(calls.map((c) => [c.o.temperature, c.o.topP])).toEqual([[1.5, 0.9], [1.5, 0.9]]);
    expect(calls[0].o.maxNewTokens).toBeGreaterThan(init('proposer').longestAction); // the longest expert action and some slack
    expect(calls[0].o.rng).toBe(calls[1].o.rng); // one sampling stream, moving on
    expect(calls[0].o.rng.key).toBe(Rng.fromSeed(3).split('agent/p1').split('sample').key);
    expect(calls[0].o.allowed).toBeDefined();
    expect(first.texts).toHaveLength(2);
    const opening = calls[0].o.allowed!(0, []); // the grammar: an action's first token is one of its verbs
    expect(opening!.length).toBeGreaterThan(0);
    expect(opening!.length).toBeLessThan(10);
    expect(first.prompts.map((p) => p.length > 0)).toEqual([true, true]);
    expect([first.tokens.length, first.logp.length, first.entropy.length]).toEqual([2, 2, 2]);
    agent.dispose();
  });

  it('decodes greedily from a fresh stream of its own at every call, leaving the sampling stream where it was', async () => {
    const agent = await AgentRunner.create(init('proposer'));
    const calls = recordGenerate();
    const a = await agent.act(rows(2), true);
    const b = await agent.act(rows(2), true);
    expect(b.texts).toEqual(a.texts);
    expect(calls.map((c) => [c.o.temperature, c.o.topP])).toEqual([[1, 0], [1, 0]]);
    const greedy = Rng.fromSeed(3).split('agent/p1').split('greedy');
    expect(calls[0].state).toEqual(greedy.getState());
    expect(calls[1].state).toEqual(greedy.getState());
    expect(calls[0].o.rng).not.toBe(calls[1].o.rng);
    await agent.act(rows(1));
    expect(calls[2].state).toEqual(Rng.fromSeed(3).split('agent/p1').split('sample').getState()); // untouched by greedy calls
    agent.dispose();
  });

  it('generates freely without the grammar, and a planner only its plan words', async () => {
    const free = await AgentRunner.create(init('proposer', { grammar: false }));
    const calls = recordGenerate();
    await free.act(rows(1));
    expect(calls[0].o.allowed).toBeUndefined();
    const proposerBudget = calls[0].o.maxNewTokens;
    free.dispose();
    const planner = await AgentRunner.create({ ...init('planner'), node: { name: 'plan', role: 'planner', model: 'tiny', trainable: true } });
    const plan = await planner.act(rows(1));
    expect(calls[1].o.maxNewTokens - proposerBudget).toBe(PLAN_TOKENS - 1 - init('proposer').longestAction); // the same slack past a plan
    const allowed = calls[1].o.allowed!(0, []);
    expect(allowed).not.toBeNull();
    expect(Array.from(allowed!)).toEqual(expect.arrayContaining(Array.from(calls[1].o.allowed!(0, [5]) ?? [])));
    expect(plan.tokens[0].length).toBeLessThanOrEqual(calls[1].o.maxNewTokens);
    planner.dispose();
  });

  it('runs calls one after another in call order, and goes on after a failed one', async () => {
    const agent = await AgentRunner.create(init('proposer'));
    const order: number[] = [];
    const original = TransformerPolicy.prototype.generate;
    let calls = 0;
    vi.spyOn(TransformerPolicy.prototype, 'generate').mockImplementation(async function (this: TransformerPolicy<unknown, unknown>, prompts, o) {
      const k = calls++;
      if (k === 1) throw new Error('boom');
      await new Promise((r) => setTimeout(r, k === 0 ? 30 : 0));
      order.push(k);
      return original.call(this, prompts, o);
    });
    const results = await Promise.allSettled([agent.act(rows(1)), agent.act(rows(1)), agent.act(rows(1))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(order).toEqual([0, 2]);
    agent.dispose();
  });

  it('trains on its rows with the allocated rewards; one on a saved policy refuses to', async () => {
    const agent = await AgentRunner.create(init('proposer', { bcSteps: 0 }));
    const played = rows(2);
    const acted = await agent.act(played);
    const episodes = acted.texts.map((text, i) => ({
      task: 0, member: i, seed: i, goal: played[i].goal, success: i === 0, progress: i === 0 ? 1 : 0, truncated: false, envReturn: i === 0 ? 1 : 0,
      turns: [{ prompt: acted.prompts[i], action: acted.tokens[i], logp: acted.logp[i], entropy: acted.entropy[i], text }],
    }));
    const step = await agent.train(episodes, [1, 0], [true, true]);
    expect(step.fracZeroStd).toBe(0);
    expect(Number.isFinite(step.policyLoss)).toBe(true);
    expect(step.entropy).toBeGreaterThan(0);
    const same = await agent.train(episodes, [1, 1], [true, true]);
    expect(same.fracZeroStd).toBe(1);
    agent.dispose();
    const c = config();
    const vocab = init('proposer').vocab;
    const params = new Float32Array(paramTable(presetConfig('tiny', vocab.length, c.pointer)).total).fill(0.01);
    const frozen = await AgentRunner.create({ ...init('proposer'), policy: { model: 'tiny', match: c.match, pointer: c.pointer, vocab, params } });
    expect((await frozen.act(rows(1))).texts).toHaveLength(1);
    await expect(frozen.train(episodes, [1, 0], [true, true])).rejects.toThrow("agent 'p1' acts with a saved policy: it never trains");
    frozen.dispose();
  });

  it("counts its updates and gives the learner its turns' token budget; disposing frees the learner, or a frozen agent's policy", async () => {
    const agent = await AgentRunner.create(init('proposer', { bcSteps: 0 }));
    const played = rows(2);
    const acted = await agent.act(played);
    const budget = recordGenerate();
    await agent.act(played);
    const episodes = acted.texts.map((text, i) => ({
      task: 0, member: i, seed: i, goal: played[i].goal, success: i === 0, progress: i === 0 ? 1 : 0, truncated: false, envReturn: i === 0 ? 1 : 0,
      turns: [{ prompt: acted.prompts[i], action: acted.tokens[i], logp: acted.logp[i], entropy: acted.entropy[i], text }],
    }));
    const update = vi.spyOn(Learner.prototype, 'update');
    await agent.train(episodes, [1, 0], [true, true]);
    await agent.train(episodes, [0, 1], [true, true]);
    expect(update.mock.calls.map((c) => [c[4], c[5]])).toEqual([[0, 2 * budget[0].o.maxNewTokens], [1, 2 * budget[0].o.maxNewTokens]]); // update k, turns (2) x action tokens
    const freed = vi.spyOn(Learner.prototype, 'dispose');
    const policyFreed = vi.spyOn(TransformerPolicy.prototype, 'dispose');
    agent.dispose();
    expect([freed.mock.calls.length, policyFreed.mock.calls.length]).toEqual([1, 1]); // the learner frees its policy
  });

  it("builds its policy from its own seed for the team's rows, its BC demonstrations on its own stream, plans cut to PLAN_TOKENS", async () => {
    const root = Rng.fromSeed(3).split('agent/plan');
    const planner = await AgentRunner.create({ ...init('planner', { tasks: 2, bcDemos: 3 }), node: { name: 'plan', role: 'planner', model: 'tiny', trainable: true } });
    expect(built.policies.at(-1)).toMatchObject({ seed: root.split('init').nextU32(), rows: 4, model: 'tiny' }); // group 2 x tasks 2
    expect(built.demos.at(-1)!.rng.key).toBe(root.split('bc').key);
    expect(built.demos.at(-1)!.budget).toBe(3);
    const vocab = init('planner').vocab;
    const plan = Array.from({ length: 40 }, () => 'click').join(' ');
    const context = { words: [] } as unknown as Context;
    const tokens = built.setups.at(-1)!.encodePlan(plan, context);
    expect(tokens).toEqual([...Tokenizer.fromJSON(vocab).encode(plan, ContentWords.of([])).slice(0, PLAN_TOKENS - 1), END]);
    expect(tokens).toHaveLength(PLAN_TOKENS);
    planner.dispose();
    expect(built.setups.at(-1)).not.toHaveProperty('parts'); // view 'whole'
    const parts = { own: 1, of: 2, proposals: [], plans: [] };
    const reader = await AgentRunner.create({ ...init('proposer', { bcSteps: 0 }), parts });
    expect(built.setups.at(-1)!.parts).toEqual(parts);
    reader.dispose();
  });

  it('a frozen planner acts with its saved parameters, under the plan words and a plan-sized budget', async () => {
    const c = config();
    const vocab = init('planner').vocab;
    const params = new Float32Array(paramTable(presetConfig('tiny', vocab.length, c.pointer)).total).fill(0.02);
    const loaded = vi.spyOn(TransformerPolicy.prototype, 'setParams');
    const node = { name: 'plan', role: 'planner' as const, model: 'tiny' as const, trainable: false };
    const frozen = await AgentRunner.create({ ...init('planner', { tasks: 2 }), node, policy: { model: 'tiny', match: c.match, pointer: c.pointer, vocab, params } });
    expect(loaded.mock.calls.map((call) => call[0])).toEqual([params]);
    expect(built.policies.at(-1)).toMatchObject({ seed: Rng.fromSeed(3).split('agent/plan').split('init').nextU32(), rows: 4 }); // group 2 x tasks 2
    const calls = recordGenerate();
    await frozen.act(rows(1));
    expect(calls[0].o.maxNewTokens).toBe(PLAN_TOKENS - 1 + 2); // a plan and the action slack
    expect(calls[0].o.allowed).toBeDefined();
    expect(calls[0].o.rng.key).toBe(Rng.fromSeed(3).split('agent/plan').split('sample').key);
    const policyFreed = vi.spyOn(TransformerPolicy.prototype, 'dispose');
    frozen.dispose();
    expect(policyFreed).toHaveBeenCalledTimes(1);
    // A frozen proposer plays with an action-sized budget, not a plan's.
    const proposer = await AgentRunner.create({ ...init('proposer'), node: { ...node, role: 'proposer' }, policy: { model: 'tiny', match: c.match, pointer: c.pointer, vocab, params } });
    await proposer.act(rows(1));
    expect(calls[1].o.maxNewTokens).toBeLessThan(PLAN_TOKENS - 1 + 2);
    proposer.dispose();
  });
});
