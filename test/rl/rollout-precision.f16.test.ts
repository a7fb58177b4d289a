// A rollout player must run at the trainer's precision: on a device without shader-f16 it is refused when the trainer
// runs f16 (its rollouts would differ); on one with it (Dawn on lavapipe) it runs f16.
import { expect, it } from 'vitest';
import { RolloutPlayer } from '../../src/rl/rollout-service';
import { createTrainer } from '../../src/rl/setup';
import { tinyConfig } from './helpers';

it('refuses a device without shader-f16 for an f16 trainer, and plays f16 on one with it', async () => {
  const adapter = await navigator.gpu.requestAdapter();
  if (!adapter?.features.has('shader-f16')) throw new Error('lavapipe should offer shader-f16');
  const config = tinyConfig({ backend: 'webgpu', f16: true, bcSteps: 0 });
  const withF16 = await adapter.requestDevice({ requiredFeatures: ['shader-f16'] });
  const { trainer } = await createTrainer(config, { device: withF16 });
  expect(trainer.precision).toBe('f16');
  const { vocab } = await trainer.checkpoint();
  trainer.dispose();
  const plain = await (await navigator.gpu.requestAdapter())!.requestDevice(); // shader-f16 not asked for
  await expect(RolloutPlayer.create(config, vocab, undefined, plain)).rejects.toThrow(/no shader-f16/);
  const player = await RolloutPlayer.create(config, vocab, undefined, withF16);
  player.dispose();
});
