// Async rollouts played by a rollout service (what the rollout worker runs) equal the in-process async run.
import { expect, it } from 'vitest';
import { RolloutPlayer, type RolloutRequest, type RolloutService } from '../../src/rl/rollout-service';
import { createTrainer } from '../../src/rl/setup';
import { numbers, tinyConfig } from './helpers';

const config = tinyConfig({ async: true, beta: 0.01, temperature: 0.9, updates: 3 });

async function run(withService: boolean) {
  const { trainer } = await createTrainer(config);
  const requests: RolloutRequest[] = [];
  let player: RolloutPlayer | null = null;
  if (withService) {
    player = await RolloutPlayer.create({ ...config, backend: trainer.backend }, (await trainer.checkpoint()).vocab);
    const spy: RolloutService = { collect: (r) => (requests.push(r), player!.collect(r)) };
    trainer.useRollouts(spy);
  }
  const out = [];
  for (let k = 0; k < config.updates; k++) out.push(numbers(await trainer.step()));
  const checkpoint = await trainer.checkpoint();
  trainer.dispose();
  player?.dispose();
  return { out, checkpoint, requests };
}

it('async episodes from a rollout service equal in-process ones: same metrics, streams, pending batch and parameters', async () => {
  const inProcess = await run(false);
  const served = await run(true);
  expect(served.requests).toHaveLength(config.updates);
  // each request carries the parameters before its update: the first is the BC'd policy, later ones move
  expect(served.requests[1].params).not.toEqual(served.requests[0].params);
  expect(served.out).toEqual(inProcess.out);
  expect(served.checkpoint.rng).toEqual(inProcess.checkpoint.rng);
  expect(served.checkpoint.pending).toEqual(inProcess.checkpoint.pending);
  expect(Buffer.from(served.checkpoint.policy.params.buffer).equals(Buffer.from(inProcess.checkpoint.policy.params.buffer))).toBe(true);
});
