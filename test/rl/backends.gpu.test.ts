// The webgpu and cpu backends give the same first GRPO updates (within float tolerance) on one seed:
// same episodes, rewards, losses. WebGPU in Node: Dawn on SwiftShader, so the shapes stay tiny.
import { describe, expect, it } from 'vitest';
import { acquireDevice } from '../../src/gpu/device';
import { createTrainer } from '../../src/rl/setup';
import type { UpdateReport } from '../../src/rl/trainer';
import { tinyConfig } from './helpers';

async function firstUpdates(backend: 'cpu' | 'webgpu', device?: GPUDevice): Promise<UpdateReport[]> {
  const { trainer, note } = await createTrainer(tinyConfig({ backend, group: 2, tasks: 2, bcSteps: 1, beta: 0.01 }), { device });
  expect(note.startsWith('cpu')).toBe(backend === 'cpu');
  const out = [await trainer.step(), await trainer.step()];
  trainer.dispose();
  return out;
}

describe('webgpu and cpu backends', () => {
  it('give the same first updates within tolerance', async () => {
    const got = await acquireDevice();
    if (got.kind !== 'webgpu') throw new Error(got.reason);
    const cpu = await firstUpdates('cpu');
    const gpu = await firstUpdates('webgpu', got.device);
    cpu.forEach((c, k) => {
      const g = gpu[k];
      expect(g.episodes.map((e) => e.turns.map((t) => t.text))).toEqual(c.episodes.map((e) => e.turns.map((t) => t.text)));
      expect(g.episodes.map((e) => e.reward)).toEqual(c.episodes.map((e) => e.reward));
      // Log-probs go through the pointer mixture (a log-sum-exp over positions on top of the vocabulary's): within 1.5e-3.
      c.episodes.forEach((e, i) => e.turns.forEach((t, j) => t.logp.forEach((lp, n) => expect(Math.abs(g.episodes[i].turns[j].logp[n] - lp)).toBeLessThan(1.5e-3))));
      for (const key of ['loss/policy', 'loss/kl', 'policy/entropy', 'optim/grad_norm'] as const) {
        expect(g.metrics[key], `update ${k} ${key}`).toBeCloseTo(c.metrics[key], 3);
      }
    });
  });
});
