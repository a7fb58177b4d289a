// An exported policy evaluated through onnxruntime-web plays exactly the episodes our own engine plays with the
// same weights, prompts, grammar and sampling stream (rollout() is shared), after a short BC warm-up.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng';
import { getEnvSpec } from '../../src/envs/registry';
import { createPolicy } from '../../src/model/create';
import { exportCheckpoint } from '../../src/onnx/export';
import { evaluateOnnx } from '../../src/onnx/evaluate';
import { rollout } from '../../src/rl/rollout';
import { createTrainer, evaluationIO } from '../../src/rl/setup';
import { tinyConfig } from '../rl/helpers';

describe('evaluating an exported policy', () => {
  it('reproduces our engine episode by episode, greedy and sampled, and reports the success rate', async () => {
    const { trainer } = await createTrainer(tinyConfig({ bcSteps: 40 }));
    const checkpoint = await trainer.checkpoint();
    trainer.dispose();
    const bytes = exportCheckpoint(checkpoint);
    const spec = getEnvSpec('click-button');
    const { policy } = await createPolicy({ model: 'tiny', vocab: checkpoint.vocab.length, seed: 0, backend: 'cpu' });
    await policy.setState(checkpoint.policy);
    const io = evaluationIO(spec, checkpoint.vocab, policy.window, checkpoint.config.match);
    const seeds = [100, 101, 102, 103, 104, 105];
    for (const greedy of [true, false]) {
      const got = await evaluateOnnx(bytes, { env: 'click-button', seeds, greedy, sampleSeed: 9 });
      const rng = Rng.fromSeed(9).split('eval');
      const ours = await rollout(policy, io, seeds, 1, { spec, envOptions: {}, split: 'test', maxTurns: spec.maxTurns, temperature: 1, topP: greedy ? 0 : 1, grammar: true, rng });
      expect(got.episodes.map((e) => [e.seed, e.success, e.actions])).toEqual(ours.episodes.map((e) => [e.seed, e.success, e.turns.map((t) => t.text)]));
      expect(got.successRate).toBe(ours.episodes.filter((e) => e.success).length / seeds.length);
      expect(got.episodes.every((e) => e.actions.every((a) => /^click\(\d+\)$/.test(a)))).toBe(true);
      console.info(`onnx eval (${greedy ? 'greedy' : 'sampled'}) after 40 BC steps: success ${got.successRate.toFixed(2)} on click-button`);
    }
    policy.dispose();
  });

  it('a vocabulary that cannot express the env\'s actions is named', async () => {
    const { trainer } = await createTrainer(tinyConfig({ bcSteps: 0 }));
    const bytes = exportCheckpoint(await trainer.checkpoint());
    trainer.dispose();
    await expect(evaluateOnnx(bytes, { env: 'grid-world', seeds: [1] })).rejects.toThrow(/verb 'move' is not in the vocabulary/);
    await expect(evaluateOnnx(bytes, { env: 'nope', seeds: [1] })).rejects.toThrow(/unknown environment 'nope'/);
  });
});
