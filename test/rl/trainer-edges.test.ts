// src/rl/trainer.ts on the scripted parts (PressOne, ScriptedPolicy), what the plumbing and options tests leave: the
// perf metrics on a fake clock (one millisecond per performance.now() call), async batches played by a scripted
// rollout service, the ratios after an update read at each turn's own cells, resume's refusal and pending level, the
// snapshot and the checkpoint's optional keys.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Rng } from '../../src/core/rng';
import type { TokenBatch } from '../../src/model/policy-api';
import { CHECKPOINT_VERSION, type Checkpoint } from '../../src/rl/checkpoint';
import { rollout, rolloutOptionsFor } from '../../src/rl/rollout';
import type { RolloutRequest, RolloutService } from '../../src/rl/rollout-service';
import { Trainer } from '../../src/rl/trainer';
import type { Skill } from '../../src/skills/types';
import { numbers } from './helpers';
import { config, IO, parts, PressOne, ScriptedPolicy, SPEC } from './scripted';

const turnsOf = (r: { episodes: { turns: unknown[] }[] }) => r.episodes.reduce((n, e) => n + e.turns.length, 0);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('perf metrics', () => {
  it('tokens and env steps per second of rollout time (2 tokens a turn), the update in ms; a still clock counts 1 µs', async () => {
    const trainer = await Trainer.create(config(), parts());
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now++);
    // started at 0, the rollout from 1 to 2 (1 ms), the update's end at 3
    const r = await trainer.step();
    expect([r.metrics['perf/tokens_per_s'], r.metrics['perf/env_steps_per_s'], r.metrics['perf/update_ms']]).toEqual([2 * turnsOf(r) * 1000, turnsOf(r) * 1000, 3]);
    vi.spyOn(performance, 'now').mockReturnValue(7);
    const still = await trainer.step();
    expect(still.metrics['perf/tokens_per_s']).toBeCloseTo(2 * turnsOf(still) * 1e6, -1);
    expect(still.metrics['perf/update_ms']).toBe(0);
  });

  it("async with a service: the service's tokens, steps and time add to the update's own rollout", async () => {
    const trainer = await Trainer.create(config({ async: true }), parts());
    trainer.useRollouts(new ScriptedService());
    let now = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => now++);
    // started 0; this batch in-process 1 to 2; the next one on the service 3 to 4: 2 ms for both batches
    const first = await trainer.step();
    const next = await trainer.step(); // plays the batch the service made during the first update
    expect(first.metrics['perf/tokens_per_s']).toBe((2 * (turnsOf(first) + turnsOf(next)) * 1000) / 2);
    expect(first.metrics['perf/env_steps_per_s']).toBe(((turnsOf(first) + turnsOf(next)) * 1000) / 2);
  });
});

/** A rollout service playing each request on its own scripted policy with the request's parameters and stream. */
class ScriptedService implements RolloutService {
  requests: RolloutRequest[] = [];
  async collect(r: RolloutRequest) {
    this.requests.push(r);
    const policy = new ScriptedPolicy();
    await policy.setParams(r.params);
    const rng = new Rng('service');
    rng.setState(r.sample);
    const { episodes, stats } = await rollout(policy, IO, r.seeds, r.config.group, rolloutOptionsFor(SPEC, r.config, rng, r.level));
    return { episodes, stats, sample: rng.getState() };
  }
}

describe('async rollouts on a service', () => {
  async function run(service: ScriptedService | null) {
    const trainer = await Trainer.create(config({ async: true, difficulty: 1 }), parts());
    trainer.useRollouts(service);
    const reports = [await trainer.step(), await trainer.step()];
    trainer.useRollouts(null); // back in-process from here
    reports.push(await trainer.step());
    return { reports, out: reports.map(numbers), checkpoint: await trainer.checkpoint() };
  }

  it('the same updates, streams and pending batch as in-process; each request carries the policy before its update', async () => {
    const inProcess = await run(null);
    const service = new ScriptedService();
    const served = await run(service);
    expect(served.out).toEqual(inProcess.out);
    expect(served.checkpoint.rng).toEqual(inProcess.checkpoint.rng);
    expect(served.checkpoint.pending).toEqual(inProcess.checkpoint.pending);
    expect(served.checkpoint.pendingLevel).toBe(1);
    // two requests, none after useRollouts(null); request k's batch is trained on at update k + 1 and was made by
    // the version of the policy its parameters hold (a log-prob of -1 - version)
    expect(service.requests.map((r) => [r.level, r.seeds.length, r.config.group])).toEqual([[1, 2, 4], [1, 2, 4]]);
    expect(service.requests.map((r) => -1 - r.params[0])).toEqual(served.reports.slice(1).map((u) => u.episodes[0].turns[0].logp[0]));
  });
});

/** After the update, log-probs that say where they were read: cell (row, column) holds -(row + column / 100) / 10. */
class PlacedLogprobs extends ScriptedPolicy {
  override async logprobs(batch: TokenBatch): Promise<Float32Array> {
    return Float32Array.from({ length: batch.rows * batch.width }, (_, k) => -(Math.floor(k / batch.width) + (k % batch.width) / 100) / 10);
  }
}

describe('ratios in the report', () => {
  it("turn k of the batch's row r reads its action's cells from column 2 + k (PressOne's prompt is 2 tokens and one per earlier turn)", async () => {
    const trainer = await Trainer.create(config(), parts(new PlacedLogprobs()), { ratios: true });
    const r = await trainer.step();
    let row = 0;
    for (const e of r.episodes)
      e.turns.forEach((t, k) => {
        expect(t.ratio).toHaveLength(2);
        t.ratio!.forEach((ratio, j) => expect(Math.log(ratio) + t.logp[j]).toBeCloseTo(-(row + (2 + k + j) / 100) / 10, 5));
        row++;
      });
    expect(row).toBe(turnsOf(r));
  });

  it('none without the option', async () => {
    const r = await (await Trainer.create(config(), parts(new PlacedLogprobs()))).step();
    expect(r.episodes.flatMap((e) => e.turns.map((t) => t.ratio))).toEqual(Array(turnsOf(r)).fill(null));
  });
});

describe('resume', () => {
  async function asyncCheckpoint(): Promise<Checkpoint> {
    const trainer = await Trainer.create(config({ async: true, difficulty: 2 }), parts());
    await trainer.step();
    return trainer.checkpoint();
  }

  it('refuses another checkpoint version by number', async () => {
    const cp = await asyncCheckpoint();
    await expect(Trainer.resume({ ...cp, version: CHECKPOINT_VERSION + 1 }, parts())).rejects.toThrow(`checkpoint version ${CHECKPOINT_VERSION + 1} is not ${CHECKPOINT_VERSION}`);
  });

  it("plays the pending batch at its saved level, or at the curriculum's when none is saved", async () => {
    const cp = await asyncCheckpoint();
    expect(cp.pendingLevel).toBe(2);
    const at = async (c: Checkpoint) => (await (await Trainer.resume(c, parts())).step()).metrics['env/level'];
    expect(await at({ ...cp, pendingLevel: 0 })).toBe(0);
    const unsaved = { ...cp };
    delete unsaved.pendingLevel;
    expect(await at(unsaved)).toBe(2);
  });

  it('a run without a pending batch resumes playing a fresh one, and its checkpoint saves no pending level', async () => {
    const trainer = await Trainer.create(config(), parts());
    await trainer.step();
    const cp = await trainer.checkpoint();
    expect(cp.pending).toBeNull();
    expect('pendingLevel' in cp).toBe(false);
    const resumed = await Trainer.resume(cp, parts());
    expect(resumed.updatesDone).toBe(1);
    const r = await resumed.step();
    expect([r.update, r.episodes.length]).toEqual([1, 8]);
  });
});

describe('snapshot and checkpoint', () => {
  it("a snapshot holds the config, a copy of the vocabulary and the parameters now; the checkpoint the skills only when the run has them", async () => {
    const p = parts();
    const trainer = await Trainer.create(config(), p);
    await trainer.step();
    const snap = await trainer.snapshot();
    expect(snap).toEqual({ config: trainer.currentConfig, vocab: [...IO.vocab], policy: { params: p.policy.params } });
    expect(snap.vocab).not.toBe(IO.vocab);
    expect('skills' in (await trainer.checkpoint())).toBe(false);
    const skills = [{ id: 'a' }, { id: 'b' }] as unknown as Skill[];
    const withSkills = await Trainer.create(config(), { ...parts(), skills });
    const saved = await withSkills.checkpoint();
    expect(saved.skills).toEqual(skills);
    expect(saved.skills).not.toBe(skills);
  });
});

describe("the run's streams, by their names under the seed", () => {
  it("task seeds from seed/tasks, sampling from seed/sample, demonstrations from seed/bc", async () => {
    PressOne.resets = [];
    const p = parts();
    const trainer = await Trainer.create(config({ seed: 5, bcSteps: 1 }), p);
    // BC's first demonstration plays the first draw of seed/bc
    expect(PressOne.resets[0].seed).toBe(Rng.fromSeed(5).split('bc').nextU32());
    const r = await trainer.step();
    const tasks = Rng.fromSeed(5).split('tasks');
    const [s0, s1] = [tasks.nextU32(), tasks.nextU32()];
    expect(r.episodes.map((e) => e.seed)).toEqual([s0, s0, s0, s0, s1, s1, s1, s1]);
    // the first generate call draws once per episode, in order: click(1) below the policy's P(click(1))
    const sample = Rng.fromSeed(5).split('sample');
    const chance = p.policy.params[1] - 0.05; // before the one GRPO update (BC's step added 0.05 too)
    expect(r.episodes.map((e) => e.turns[0].text)).toEqual(r.episodes.map(() => (sample.next() < chance ? 'click(1)' : 'click(2)')));
  });
});

describe('the loop, small rules', () => {
  it('bcNoise 0 needs no legal actions', async () => {
    const { legalActions: _, ...noLegal } = parts();
    await expect(Trainer.create(config({ bcNoise: 0, bcSteps: 1 }), noLegal)).resolves.toBeInstanceOf(Trainer);
  });

  it("dr_grpo's normaliser is the episode's budget: 3 turns x 2 tokens, over 8 episodes", async () => {
    const p = parts();
    await (await Trainer.create(config({ agg: 'dr_grpo', beta: 0.04 }), p)).step();
    const weights = new Set(p.policy.batches[0].batch.weight.filter((w) => w !== 0));
    expect([...weights]).toEqual([Math.fround(1 / 48)]);
  });

  it('completions/max_length is the longest episode in tokens, 2 a turn', async () => {
    const r = await (await Trainer.create(config(), parts())).step();
    const turns = r.episodes.map((e) => e.turns.length);
    expect(Math.min(...turns)).toBeLessThan(Math.max(...turns)); // lengths differ in this batch
    expect([r.metrics['completions/min_length'], r.metrics['completions/max_length']]).toEqual([2 * Math.min(...turns), 2 * Math.max(...turns)]);
  });

  it('evalEvery 0 never evaluates, not even at the last update', async () => {
    const r = await (await Trainer.create(config({ evalEvery: 0, updates: 1 }), parts())).step();
    expect(Object.keys(r.metrics).filter((k) => k.startsWith('eval/'))).toEqual([]);
  });

  it('setHyper changes the config from the next update on and nothing else', async () => {
    const trainer = await Trainer.create(config(), parts());
    const before = trainer.currentConfig;
    trainer.setHyper({ temperature: 0.5 });
    expect(trainer.currentConfig).toEqual({ ...before, temperature: 0.5 });
  });

  it("a checkpoint's reference is its own: writing to it changes no later checkpoint", async () => {
    const trainer = await Trainer.create(config(), parts());
    const first = await trainer.checkpoint();
    const kept = first.reference[0];
    first.reference[0] = kept + 1;
    expect((await trainer.checkpoint()).reference[0]).toBe(kept);
  });

  it('dispose disposes the policy and the KL reference', async () => {
    const p = parts();
    const trainer = await Trainer.create(config({ beta: 0.04 }), p);
    await trainer.step(); // the reference is made for the first update's KL
    const disposed = [vi.spyOn(p.policy, 'dispose'), vi.spyOn(p.made[0], 'dispose')];
    trainer.dispose();
    expect(disposed.map((d) => d.mock.calls.length)).toEqual([1, 1]);
  });
});
