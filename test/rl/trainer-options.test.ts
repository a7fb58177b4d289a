// The trainer's evaluation, curriculum, TRL options and metrics, and behaviour cloning's budget and noisy expert, on
// the scripted stand-ins (test/rl/scripted.ts): what reaches the env, the policy and the report.
import { beforeEach, describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng';
import { Demonstrations, demonstrate, type Demonstrator } from '../../src/rl/bc';
import { decodeCheckpoint, encodeCheckpoint } from '../../src/rl/checkpoint';
import { Curriculum } from '../../src/rl/curriculum';
import { EVAL_METRIC_NAMES, METRICS } from '../../src/rl/metrics';
import { Trainer } from '../../src/rl/trainer';
import { END } from '../../src/model/tokenizer';
import { config, IO, parts, PressOne, ScriptedPolicy, SPEC } from './scripted';

beforeEach(() => void (PressOne.resets = []));

/** Each update's training episodes, as comparable numbers and texts. */
const played = (r: Awaited<ReturnType<Trainer['step']>>) => r.episodes.map((e) => [e.seed, e.reward, ...e.turns.map((t) => t.text)]);

describe('evaluation', () => {
  it('runs every evalEvery updates and after the last, on the test split, in batches of at most G x B episodes', async () => {
    const p = parts();
    const trainer = await Trainer.create(config({ evalEvery: 2, evalTasks: 11, updates: 3 }), p);
    const reports = [await trainer.step(), await trainer.step(), await trainer.step()];
    expect(reports.map((r) => 'eval/success' in r.metrics)).toEqual([false, true, true]);
    for (const name of EVAL_METRIC_NAMES) expect(Number.isFinite(reports[1].metrics[name])).toBe(true);
    const evalResets = PressOne.resets.filter((r) => r.split === 'test');
    expect(evalResets).toHaveLength(2 * 2 * 11); // two evaluations, greedy and sampled, 11 tasks
    expect(PressOne.resets.filter((r) => r.split === 'train')).toHaveLength(3 * 8);
    expect(new Set(evalResets.map((r) => r.seed)).size).toBe(11); // the same fixed tasks every time
    expect(Math.max(...p.policy.generated)).toBeLessThanOrEqual(8);
  });

  it('moves no training stream: the same training episodes with and without evaluation', async () => {
    const run = async (evalEvery: number) => {
      const trainer = await Trainer.create(config({ evalEvery }), parts());
      const out = [];
      for (let k = 0; k < 3; k++) out.push(played(await trainer.step()));
      return out;
    };
    expect(await run(1)).toEqual(await run(0));
  });

  it('scores the same parameters the same, and counts the greedy successes', async () => {
    const p = parts();
    const trainer = await Trainer.create(config({ evalTasks: 20 }), p);
    const a = await trainer.evaluate();
    const b = await trainer.evaluate();
    expect(b.metrics['eval/success']).toBe(a.metrics['eval/success']);
    expect(b.metrics['eval/success_sampled']).toBe(a.metrics['eval/success_sampled']);
    expect(a.metrics['eval/success']).toBe(a.greedy.filter((e) => e.success).length / 20);
    expect(a.metrics['eval/return']).toBe(a.greedy.reduce((s, e) => s + e.envReturn, 0) / 20);
    PressOne.resets = [];
    const greedyOnly = await trainer.evaluate({ sampled: false });
    expect(greedyOnly.metrics['eval/success']).toBe(a.metrics['eval/success']);
    expect('eval/success_sampled' in greedyOnly.metrics).toBe(false);
    expect(PressOne.resets).toHaveLength(20);
  });
});

describe('curriculum', () => {
  const c = { curriculum: true, difficulty: 2, curriculumWindow: 3, curriculumUp: 0.8, curriculumDown: 0.2 };

  it('climbs when the window\'s mean success reaches curriculumUp, falls when it drops to curriculumDown, within 0..min(difficulty, last level)', () => {
    const cur = new Curriculum(c, 5);
    const levels = [1, 1, 0.5, 1, 1, 1, 1, 1, 1, 0, 0, 0.5, 0, 0, 0, 0, 0, 0].map((s) => (cur.record(s), cur.level));
    // [1 1 .5] (0.83) -> 1, window afresh; [1 1 1] -> 2; at the top it stays; [0 0 .5] (0.17) -> 1; [0 0 0] -> 0, the bottom
    expect(levels).toEqual([0, 0, 1, 1, 1, 2, 2, 2, 2, 2, 2, 1, 1, 1, 0, 0, 0, 0]);
    expect(new Curriculum(c, 1).level).toBe(0);
    const capped = new Curriculum(c, 1);
    for (let k = 0; k < 9; k++) capped.record(1);
    expect(capped.level).toBe(1); // the env has no level 2
  });

  it('off: the level is the difficulty and never moves; a snapshot resumes where it was', () => {
    const off = new Curriculum({ ...c, curriculum: false }, 5);
    for (let k = 0; k < 9; k++) off.record(1);
    expect(off.level).toBe(2);
    const on = new Curriculum(c, 5);
    [0.9, 0.9, 0.9, 0.5].forEach((s) => on.record(s));
    const again = new Curriculum(c, 5, on.snapshot());
    again.record(1);
    on.record(1);
    expect(again.snapshot()).toEqual(on.snapshot());
  });

  it('the trainer plays each batch at the curriculum\'s level, reports it as env/level, and keeps it in checkpoints', async () => {
    const p = parts(new ScriptedPolicy());
    p.policy.params[1] = 0.99; // almost always click(1): success climbs the curriculum
    const trainer = await Trainer.create(config({ curriculum: true, difficulty: 2, curriculumWindow: 1, curriculumUp: 0.5 }), p);
    const levels = [];
    for (let k = 0; k < 3; k++) levels.push((await trainer.step()).metrics['env/level']);
    expect(levels).toEqual([0, 1, 2]);
    expect(PressOne.resets.map((r) => r.options?.n)).toEqual([0, 1, 2].flatMap((n) => Array(8).fill(n)));
    expect((await trainer.checkpoint()).curriculum?.level).toBe(2);
  });

  it('async: an update reports the level its batch was played at, one update before, and checkpoints keep it', async () => {
    const p = parts(new ScriptedPolicy());
    p.policy.params[1] = 0.99;
    const trainer = await Trainer.create(config({ async: true, curriculum: true, difficulty: 2, curriculumWindow: 1, curriculumUp: 0.5 }), p);
    const reports = [await trainer.step(), await trainer.step(), await trainer.step()];
    expect(reports.map((r) => r.metrics['env/level'])).toEqual([0, 0, 1]);
    expect(reports[2].episodes.every((e) => e.level === 1)).toBe(true);
    const saved = decodeCheckpoint(encodeCheckpoint(await trainer.checkpoint()));
    expect(saved.pendingLevel).toBe(2);
    expect(saved.curriculum).toEqual(trainer.level === 2 && (await trainer.checkpoint()).curriculum);
    expect(saved.pending![0].turns[0].entropy).toEqual([0.5, 0]);
  });
});

describe('TRL options and metrics in the trainer', () => {
  it('entropy is the sampling entropies\' token mean; clip ratios are shares of the loss mask\'s tokens; TRL names repeat ours', async () => {
    const p = parts();
    p.policy.answer = { lowClipped: 3, highClipped: 2 };
    const r = await (await Trainer.create(config({ beta: 0.01 }), p)).step();
    const tokens = r.episodes.reduce((n, e) => n + e.turns.length * 2, 0);
    expect(r.metrics['policy/entropy']).toBeCloseTo(0.25, 9); // [0.5, 0] for every action
    expect(r.metrics['clip_ratio/low_mean']).toBeCloseTo(3 / tokens, 9);
    expect(r.metrics['clip_ratio/high_mean']).toBeCloseTo(2 / tokens, 9);
    expect(r.metrics['policy/clip_ratio']).toBeCloseTo(5 / tokens, 9);
    for (const m of METRICS) if ('same' in m) expect(r.metrics[m.name], m.name).toBe(r.metrics[m.same]);
    expect(r.metrics['completions/min_length']).toBe(2);
  });

  it("sequence-level importance sampling: each action token's old log-prob becomes now - its episode's mean log-ratio", async () => {
    const p = parts();
    const r = await (await Trainer.create(config({ importanceSamplingLevel: 'sequence', beta: 0.01 }), p)).step();
    const { batch } = p.policy.batches[0];
    let row = 0;
    for (const e of r.episodes) {
      // now = -0.5 everywhere; old = [-1, -0.01] per action: the mean log-ratio is ((0.5) + (-0.49)) / 2 per turn
      const meanLogRatio = (0.5 - 0.49) / 2;
      e.turns.forEach((_, k) => {
        const at = row++ * batch.width + 2 + k; // turn k's prompt holds k past actions
        expect(batch.oldLogp[at]).toBeCloseTo(-0.5 - meanLogRatio, 6);
        expect(batch.oldLogp[at + 1]).toBeCloseTo(-0.5 - meanLogRatio, 6);
      });
    }
  });

  it('an entropy bonus trains every row (zero-advantage ones too) and reaches the policy', async () => {
    const p = parts();
    const r = await (await Trainer.create(config({ entropyCoef: 0.01 }), p)).step();
    expect(p.policy.batches[0].batch.rows).toBe(r.episodes.reduce((n, e) => n + e.turns.length, 0));
    expect(p.policy.batches[0].hyper.entropyCoef).toBe(0.01);
  });

  it('mask_truncated_completions: an episode with an action cut off carries no loss; clipped_ratio counts them', async () => {
    const p = parts(new ScriptedPolicy((row) => row % 3 === 0));
    const r = await (await Trainer.create(config({ maskTruncatedCompletions: true, beta: 0.01 }), p)).step();
    const { batch } = p.policy.batches[0];
    let row = 0;
    let cut = 0;
    for (const e of r.episodes) {
      const isCut = e.turns.some((t) => t.tokens.at(-1) !== END);
      cut += +isCut;
      for (let k = 0; k < e.turns.length; k++, row++) {
        const sum = batch.weight.subarray(row * batch.width, (row + 1) * batch.width).reduce((a, b) => a + b, 0);
        expect(sum === 0, `episode ${e.task}/${e.member}`).toBe(isCut);
      }
    }
    expect(cut).toBeGreaterThan(0);
    expect(r.metrics['completions/clipped_ratio']).toBe(cut / r.episodes.length);
  });

  it('top_entropy_quantile 0.5: only the higher-entropy half of the tokens (the first of each action) carry loss', async () => {
    const p = parts();
    await (await Trainer.create(config({ topEntropyQuantile: 0.5, beta: 0.01 }), p)).step();
    const { batch } = p.policy.batches[0];
    for (let n = 0; n < batch.rows; n++) {
      const start = batch.lengths[n] - 2;
      expect(batch.weight[n * batch.width + start]).toBeGreaterThan(0);
      expect(batch.weight[n * batch.width + start + 1]).toBe(0);
    }
  });
});

describe('behaviour cloning from a budget and a noisy expert', () => {
  it('a budget of K demonstrations: the demonstrator plays K seeds once, every batch draws from their turns', () => {
    const seeds: number[] = [];
    const demonstrator: Demonstrator = (seed) => (seeds.push(seed), demonstrate(SPEC, {}, IO, seed, 3));
    const demos = new Demonstrations(demonstrator, Rng.fromSeed(1).split('bc'), 3);
    for (let k = 0; k < 10; k++) expect(demos.next(4).rows).toBe(4);
    expect(seeds).toHaveLength(3);
    const unlimited: number[] = [];
    const fresh = new Demonstrations((seed) => (unlimited.push(seed), demonstrate(SPEC, {}, IO, seed, 3)), Rng.fromSeed(1).split('bc'));
    for (let k = 0; k < 10; k++) fresh.next(4);
    expect(unlimited.length).toBeGreaterThan(3);
  });

  it('demonstrations come from the train split whatever the run trains on', async () => {
    await Trainer.create(config({ bcSteps: 2, split: 'test' }), parts());
    expect(PressOne.resets.length).toBeGreaterThan(0);
    expect(PressOne.resets.every((r) => r.split === 'train')).toBe(true);
  });

  it('a noisy expert swaps its actions for legal ones at the given share, the same way for the same seed', () => {
    const legal = () => ['click(2)'];
    const texts = (share: number, seed: number) => demonstrate(SPEC, {}, IO, seed, 3, { noise: { share, legal } }).turns.map((t) => t.text);
    expect(texts(0, 5)).toEqual(['click(1)']);
    expect(texts(1, 5)).toEqual(['click(2)', 'click(2)', 'click(2)']); // never the expert's: it never succeeds
    let swapped = 0;
    let turns = 0;
    for (let seed = 0; seed < 400; seed++) {
      const t = texts(0.3, seed);
      swapped += t.filter((x) => x === 'click(2)').length;
      turns += t.length;
    }
    expect(swapped / turns).toBeGreaterThan(0.2);
    expect(swapped / turns).toBeLessThan(0.4);
    expect(texts(0.3, 17)).toEqual(texts(0.3, 17));
  });

  it('bcNoise without the env\'s legal actions is refused with a message', async () => {
    const p = { ...parts(), legalActions: undefined };
    await expect(Trainer.create(config({ bcNoise: 0.2, bcSteps: 1 }), p)).rejects.toThrow(/bcNoise > 0 needs the env's legal actions/);
  });
});
