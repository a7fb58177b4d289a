// src/rl/setup.ts asks createPolicy for the policy its config describes: the options it passes, read through a spy on
// createPolicy (some of them, rows, f16 and the device, only change anything on WebGPU, which Node has not).
import { describe, expect, it, vi } from 'vitest';
import * as create from '../../src/model/create';
import { buildParts } from '../../src/rl/setup';
import { tinyConfig } from './helpers';

vi.mock('../../src/model/create', async (importOriginal) => {
  const original = await importOriginal<typeof create>();
  return { ...original, createPolicy: vi.fn(original.createPolicy) };
});

describe('buildParts', () => {
  it("passes the config's model, seed, backend, pointer and f16, the vocabulary's size, the device and G x B rows", async () => {
    const spy = vi.mocked(create.createPolicy);
    const device = {} as GPUDevice;
    const config = tinyConfig({ group: 3, tasks: 5, seed: 13, pointer: false, f16: true, backend: 'cpu' });
    const parts = await buildParts(config, { device });
    expect(spy).toHaveBeenCalledTimes(1);
    expect(spy.mock.calls[0][0]).toEqual({ model: 'tiny', vocab: parts.io.vocab.length, pointer: false, seed: 13, backend: 'cpu', f16: true, device, rows: 15 });
    // createPolicy in the parts makes another policy the same way (the BC warm-up's reference and the learner's).
    (await parts.createPolicy?.())?.dispose();
    expect(spy.mock.calls[1][0]).toEqual(spy.mock.calls[0][0]);
    parts.policy.dispose();
  });
});
