// The team trainer over a stand-in host: scripted members on click-button (a smart one clicks the button the goal
// names, a dumb one the first other button), so every number of an update is known by hand: what each agent is built
// with, the task seeds, the rewards each mode allocates, who trains on what, the baselines, and every metric.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validateConfig } from '../../src/core/config';
import type { Config } from '../../src/core/config-table';
import { Rng } from '../../src/core/rng';
import type { Acted, ActRow, AgentInit, AgentStep } from '../../src/multi/agent';
import { AGENT_METRICS, nearestPreset, TEAM_METRICS, TeamTrainer, type TeamHost, type TeamMember } from '../../src/multi/team';
import type { Workflow } from '../../src/multi/workflow';
import { SAVED_VOCAB, savedPolicyBytes } from './saved-policy';
import { getEnvSpec } from '../../src/envs/registry';
import { countParams, paramTable } from '../../src/model/params';
import { presetConfig } from '../../src/model/presets';
import { withFrozen } from '../../src/multi/frozen';
import { workflowOf } from '../../src/multi/workflow';
import { evalSeeds } from '../../src/rl/evaluate';
import { envOptionsFor, type EpisodeRecord } from '../../src/rl/rollout';

/** The id of the button the goal names (`Click on the "X" button.`), or of the first other button. */
function choose(row: ActRow, smart: boolean): string {
  const target = /"([^"]+)"/.exec(row.goal)![1];
  const buttons = row.obs.elements.filter((e) => e.role === 'button');
  const pick = smart ? buttons.find((e) => e.name === target) : buttons.find((e) => e.name !== target);
  return `click(${pick?.id ?? 1})`; // in view parts an agent may not see such a button
}

interface Spawned {
  init: AgentInit;
  trains: { episodes: readonly EpisodeRecord[]; rewards: readonly number[]; valid: readonly boolean[] }[];
  acts: number;
  /** Each act call's goals, the element ids each row showed, and whether it was greedy. */
  calls: { goals: string[]; ids: number[][]; greedy: boolean }[];
  disposed: boolean;
}

function fakeHost(smart: Record<string, boolean>, params: Record<string, number> = {}, backend: 'cpu' | 'webgpu' = 'cpu') {
  const spawned = new Map<string, Spawned>();
  const singles: Config[] = [];
  let singleDisposed = false;
  const host: TeamHost = {
    async spawn(init) {
      const s: Spawned = { init, trains: [], acts: 0, calls: [], disposed: false };
      spawned.set(init.node.name, s);
      const member: TeamMember = {
        async act(rows: ActRow[], greedy = false): Promise<Acted> {
          s.acts++;
          s.calls.push({ goals: rows.map((r) => r.goal), ids: rows.map((r) => r.obs.elements.map((e) => e.id)), greedy });
          const texts = rows.map((r) => (init.node.role === 'planner' ? 'click it' : choose(r, smart[init.node.name] ?? true)));
          return { prompts: rows.map(() => [1]), tokens: rows.map(() => [2]), logp: rows.map(() => [0]), entropy: rows.map(() => [0]), texts };
        },
        async train(episodes, rewards, valid): Promise<AgentStep> {
          s.trains.push({ episodes, rewards, valid });
          return { loss: 9, policyLoss: 0.2, kl: 0.3, entropy: 0.4, lowClipped: 1, highClipped: 2, tokens: 10, gradNorm: 0.5, fracZeroStd: 0.1 };
        },
        dispose() {
          s.disposed = true;
        },
      };
      return { member, info: { parameterCount: params[init.node.name] ?? 1000, backend, note: '' } };
    },
    async single(config) {
      singles.push(config);
      return { step: async () => 0.25, evaluate: async () => 0.5, dispose: () => void (singleDisposed = true) };
    },
  };
  return { host, spawned, singles, singleDisposed: () => singleDisposed };
}

function config(over: Record<string, unknown>): Config {
  const r = validateConfig({ env: 'click-button', backend: 'cpu', group: 2, tasks: 2, seed: 3, ...over });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.config;
}

describe('nearestPreset', () => {
  it('picks the preset nearest a parameter count, never base on the CPU', () => {
    expect(nearestPreset(0, 100, true)).toBe('tiny');
    expect(nearestPreset(1e9, 100, true)).toBe('small');
    expect(nearestPreset(1e9, 100, false)).toBe('base');
    const size = (n: 'tiny' | 'small') => countParams(paramTable(presetConfig(n, 100)));
    const middle = (size('tiny') + size('small')) / 2;
    expect(nearestPreset(middle, 100, true)).toBe('tiny'); // a tie keeps the smaller
    expect(nearestPreset(middle + 1, 100, true)).toBe('small');
    expect(nearestPreset(size('small'), 100, false)).toBe('small');
  });
});

describe('TeamTrainer over a stand-in host', () => {
  it('builds each agent with its peers and turns, and the single baseline at the nearest size', async () => {
    const f = fakeHost({}, { p1: 1e9 });
    const team = await TeamTrainer.create(config({ workflow: 'debate', agents: 3, rounds: 2, aggregate: 'agent', maxTurns: 2 }), f.host);
    const onGpu = await TeamTrainer.create(config({ workflow: 'debate', agents: 3, rounds: 2, aggregate: 'agent', maxTurns: 2 }), fakeHost({}, { p1: 1e9 }, 'webgpu').host);
    expect(onGpu.singleModel).toBe('base'); // the CPU cannot run base; WebGPU can
    const init = (n: string) => f.spawned.get(n)!.init;
    expect(['p1', 'p2', 'p3', 'judge'].map((n) => [init(n).peers, init(n).turns])).toEqual([[2, 6], [2, 6], [2, 6], [3, 2]]);
    expect(init('judge').node.role).toBe('aggregator');
    expect(init('p1').vocab.length).toBeGreaterThan(10);
    expect(init('p1').vocab).toBe(init('judge').vocab);
    expect(init('p1').longestAction).toBeGreaterThan(1);
    expect(init('p1')).not.toHaveProperty('policy');
    expect(team.singleModel).toBe('small');
    expect(f.singles).toEqual([{ ...team.config, workflow: 'single', model: 'small', evalEvery: 0 }]);
    expect(team.workflow.agents.map((a) => a.name)).toEqual(['p1', 'p2', 'p3', 'judge']);
    expect([...team.infos.keys()]).toEqual(['p1', 'p2', 'p3', 'judge']);
    expect(team.updatesDone).toBe(0);
  });

  it('gives single-round proposers no peers, a planner one turn, an executor the env turns', async () => {
    const f = fakeHost({});
    await TeamTrainer.create(config({ workflow: 'debate', agents: 2, rounds: 0, maxTurns: 3 }), f.host);
    expect(['p1', 'p2'].map((n) => [f.spawned.get(n)!.init.peers, f.spawned.get(n)!.init.turns])).toEqual([[0, 3], [0, 3]]);
    const g = fakeHost({});
    await TeamTrainer.create(config({ workflow: 'chain', maxTurns: 3 }), g.host);
    expect(['planner', 'executor'].map((n) => [g.spawned.get(n)!.init.peers, g.spawned.get(n)!.init.turns])).toEqual([[0, 1], [0, 3]]);
  });

  it("runs one update: the team's episodes, each agent's own rewards and rows, both baselines, every metric", async () => {
    const f = fakeHost({ p1: true, p2: true, p3: false });
    const team = await TeamTrainer.create(config({ workflow: 'debate', agents: 3, rounds: 0, alloc: 'own' }), f.host);
    const report = await team.step();
    expect(report.update).toBe(0);
    expect(team.updatesDone).toBe(1);
    // p1 and p2 outvote p3 on every episode: the team wins in one turn; p3's own proposal lost (score 0).
    const m = report.metrics;
    expect(Object.keys(m).sort()).toEqual(
      [...TEAM_METRICS, ...['p1', 'p2', 'p3'].flatMap((n) => AGENT_METRICS.map((k) => `agent/${n}/${k}`))].sort(),
    );
    expect([m['team/success'], m['team/reward'], m['team/turns']]).toEqual([1, 1, 1]);
    expect(m['baseline/single/success']).toBe(0.25);
    expect(m['baseline/vote/success']).toBe(1);
    expect([m['agent/p1/reward/mean'], m['agent/p2/reward/mean'], m['agent/p3/reward/mean']]).toEqual([1, 1, 0]);
    expect([m['agent/p1/reward/share'], m['agent/p2/reward/share'], m['agent/p3/reward/share']]).toEqual([0.5, 0.5, 0]);
    expect([m['agent/p1/success'], m['agent/p3/success']]).toEqual([1, 0]);
    expect([m['agent/p1/reward/frac_zero_std'], m['agent/p1/loss/policy'], m['agent/p1/loss/kl'], m['agent/p1/policy/entropy'], m['agent/p1/optim/grad_norm']]).toEqual([0.1, 0.2, 0.3, 0.4, 0.5]);
    expect(m['perf/update_ms']).toBeGreaterThanOrEqual(0);
    const p3 = f.spawned.get('p3')!.trains[0];
    expect(p3.rewards).toEqual([0, 0, 0, 0]);
    expect(p3.valid).toEqual([true, true, true, true]);
    expect(p3.episodes.map((e) => [e.task, e.member, e.success, e.turns.length])).toEqual([[0, 0, true, 1], [0, 1, true, 1], [1, 0, true, 1], [1, 1, true, 1]]);
    // The task seeds come from the config's seed, one stream for the whole run.
    const tasks = Rng.fromSeed(3).split('tasks');
    expect(p3.episodes.map((e) => e.seed)).toEqual([tasks.nextU32(), undefined, tasks.nextU32(), undefined].flatMap((s, i) => (i % 2 ? [] : [s, s])));
    expect(report.episode).toMatchObject({ success: true, rewards: { p1: 1, p2: 1, p3: 0 } });
    expect(report.episode.actions).toHaveLength(1);
    expect(report.episode.log.map((l) => l.agent)).toEqual(['p1', 'p2', 'p3']);
    const second = await team.step();
    expect(second.update).toBe(1);
    expect(f.spawned.get('p1')!.trains[1].episodes[0].seed).toBe(tasks.nextU32());
    await team.dispose();
    expect([...f.spawned.values()].every((s) => s.disposed)).toBe(true);
    expect(f.singleDisposed()).toBe(true);
  });

  it('shares the team reward, splits shares by absolute means, and masks truncated episodes', async () => {
    const f = fakeHost({ p1: false, p2: false });
    const team = await TeamTrainer.create(config({ workflow: 'debate', agents: 2, rounds: 0, alloc: 'gain', truncation: 'mask' }), f.host);
    const { metrics: m } = await team.step();
    // Both lose on the first turn: gain for single-round proposers falls back to the team reward, 0.
    expect([m['team/success'], m['team/reward'], m['agent/p1/reward/mean'], m['agent/p1/reward/share']]).toEqual([0, 0, 0, 0]);
    expect(f.spawned.get('p1')!.trains[0].valid).toEqual([true, true, true, true]);
    const g = fakeHost({ executor: false });
    const chain = await TeamTrainer.create(config({ workflow: 'chain', alloc: 'shared', truncation: 'mask', maxTurns: 1 }), g.host);
    // The executor clicks a wrong button: a failure, so terminated, not truncated, and still valid.
    await chain.step();
    expect(g.spawned.get('executor')!.trains[0].valid).toEqual([true, true, true, true]);
  });

  it('masks an episode that ran out of turns when truncation is mask, and keeps it when zero', async () => {
    // The planner sends text; a stalling executor fills nothing useful: fill a textbox or click nothing.
    const stall = (truncation: string) => {
      const f = fakeHost({});
      const host: TeamHost = {
        ...f.host,
        async spawn(init) {
          const out = await f.host.spawn(init);
          const member: TeamMember = { ...out.member, act: async (rows) => ({ prompts: rows.map(() => [1]), tokens: rows.map(() => [2]), logp: rows.map(() => [0]), entropy: rows.map(() => [0]), texts: rows.map(() => 'back()') }) };
          return { ...out, member };
        },
      };
      return { f, create: () => TeamTrainer.create(config({ workflow: 'chain', truncation, maxTurns: 2 }), host) };
    };
    const masked = stall('mask');
    await (await masked.create()).step();
    expect(masked.f.spawned.get('executor')!.trains[0].valid).toEqual([false, false, false, false]);
    const zero = stall('zero');
    await (await zero.create()).step();
    expect(zero.f.spawned.get('executor')!.trains[0].valid).toEqual([true, true, true, true]);
  });

  it('trains only trainable agents, and votes with the actor three times when there are no proposers', async () => {
    const f = fakeHost({ executor: true });
    const custom: Workflow = {
      shape: 'chain',
      agents: [
        { name: 'planner', role: 'planner', model: 'tiny', trainable: false },
        { name: 'executor', role: 'executor', model: 'tiny', trainable: true },
      ],
      edges: [{ from: 'planner', to: 'executor' }],
      rounds: 0,
      aggregate: 'agent',
    };
    const team = await TeamTrainer.create(config({ workflow: 'chain' }), f.host, custom);
    const { metrics: m } = await team.step();
    expect(f.spawned.get('planner')!.trains).toEqual([]);
    expect(f.spawned.get('executor')!.trains).toHaveLength(1);
    expect(m).not.toHaveProperty('agent/planner/loss/policy');
    expect(m).toHaveProperty('agent/executor/loss/policy', 0.2);
    expect(m['agent/planner/reward/mean']).toBe(1); // shared: the team's reward
    expect(m['baseline/vote/success']).toBe(1);
    // The vote baseline asked the executor three times per turn (v1, v2, v3), after the team's own turn.
    expect(f.spawned.get('executor')!.acts).toBe(4);
    await expect(TeamTrainer.create(config({ workflow: 'chain' }), f.host, { ...custom, edges: [] })).rejects.toThrow(
      "workflow: agents[0]: planner 'planner' sends its plan to no one",
    );
  });

  it('evaluates the team, the vote and the single agent greedily on the test split every evalEvery updates and after the last', async () => {
    const f = fakeHost({ p1: true, p2: true, p3: false });
    const c = config({ workflow: 'debate', agents: 3, rounds: 0, evalEvery: 2, updates: 3, evalTasks: 5 });
    const team = await TeamTrainer.create(c, f.host);
    const has = (m: Record<string, number>) => 'team/eval/success' in m;
    const first = await team.step();
    expect(has(first.metrics)).toBe(false);
    const p1 = f.spawned.get('p1')!;
    const trainingCalls = p1.calls.length;
    const second = await team.step();
    expect(second.metrics).toMatchObject({ 'team/eval/success': 1, 'baseline/vote/eval/success': 1, 'baseline/single/eval/success': 0.5 });
    expect(second.metrics['perf/eval_ms']).toBeGreaterThanOrEqual(0);
    // After its training turns (the team's and the vote's), p1 played the five test-split tasks greedily, in batches
    // of G x B = 4 episodes, for the team and then for the vote.
    const spec = getEnvSpec('click-button');
    const goals = evalSeeds(c).map((seed) => {
      const env = spec.create();
      env.reset({ seed, options: envOptionsFor(spec, c.difficulty), split: 'test' });
      return env.goal;
    });
    const evalCalls = p1.calls.slice(trainingCalls + 2);
    expect(evalCalls.map((k) => [k.goals, k.greedy])).toEqual([[goals.slice(0, 4), true], [goals.slice(4), true], [goals.slice(0, 4), true], [goals.slice(4), true]]);
    expect(p1.calls.slice(0, trainingCalls + 2).every((k) => !k.greedy)).toBe(true);
    expect(has((await team.step()).metrics)).toBe(true); // the last update
    const losing = fakeHost({ p1: false, p2: false, p3: true });
    const beaten = await TeamTrainer.create(config({ workflow: 'debate', agents: 3, rounds: 0, evalTasks: 5 }), losing.host);
    expect(await beaten.evaluate()).toMatchObject({ 'team/eval/success': 0, 'baseline/vote/eval/success': 0 });
  });

  it('gives a planner no peers in a debate with rounds, and a frozen agent its saved policy', async () => {
    const f = fakeHost({});
    const custom: Workflow = {
      shape: 'debate',
      agents: [{ name: 'pl', role: 'planner', model: 'tiny', trainable: true }, { name: 'p1', role: 'proposer', model: 'tiny', trainable: true }, { name: 'p2', role: 'proposer', model: 'tiny', trainable: true }],
      edges: [{ from: 'pl', to: 'p1' }],
      rounds: 1,
      aggregate: 'vote',
    };
    await TeamTrainer.create(config({ workflow: 'debate', maxTurns: 3 }), f.host, custom);
    expect(['pl', 'p1', 'p2'].map((n) => [f.spawned.get(n)!.init.peers, f.spawned.get(n)!.init.turns])).toEqual([[0, 1], [1, 6], [1, 6]]);
    const g = fakeHost({});
    const c = config({ workflow: 'debate', agents: 3, rounds: 0 });
    const frozen = await TeamTrainer.create(c, g.host, withFrozen(workflowOf(c), new Map([['p3', savedPolicyBytes(c)]])));
    expect(g.spawned.get('p3')!.init.policy?.vocab).toEqual(SAVED_VOCAB);
    expect(g.spawned.get('p1')!.init).not.toHaveProperty('policy');
    expect(frozen.workflow.agents.map((a) => [a.name, a.trainable, 'policy' in a])).toEqual([['p1', true, false], ['p2', true, false], ['p3', false, false]]);
  });

  it("in view parts, each agent and its vote-baseline voter read the agent's own part", async () => {
    const f = fakeHost({});
    const team = await TeamTrainer.create(config({ workflow: 'debate', agents: 3, rounds: 0, view: 'parts' }), f.host);
    expect(f.spawned.get('p2')!.init.parts).toEqual({ own: 1, of: 3, proposals: [], plans: [] });
    await team.step();
    for (const name of ['p1', 'p2', 'p3']) {
      const [own, voted] = f.spawned.get(name)!.calls; // the team's turn, then the vote baseline's
      expect(own.ids[0].length).toBeGreaterThan(0);
      expect(voted.ids).toEqual(own.ids);
    }
    expect(f.spawned.get('p1')!.calls[0].ids[0]).not.toEqual(f.spawned.get('p2')!.calls[0].ids[0]);
  });

  it('times an update and an evaluation, and evaluates with evalEvery 0 never, not even after the last update', async () => {
    const f = fakeHost({});
    const team = await TeamTrainer.create(config({ workflow: 'debate', agents: 2, rounds: 0, evalEvery: 0, updates: 1, evalTasks: 2 }), f.host);
    vi.spyOn(performance, 'now').mockReturnValueOnce(1000).mockReturnValueOnce(1250).mockReturnValueOnce(2000).mockReturnValueOnce(2600);
    const { metrics } = await team.step();
    expect(metrics['perf/update_ms']).toBe(250);
    expect('team/eval/success' in metrics).toBe(false);
    expect((await team.evaluate())['perf/eval_ms']).toBe(600);
  });
});

afterEach(() => vi.restoreAllMocks());
