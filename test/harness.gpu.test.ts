// WebGPU in Node: Dawn on SwiftShader gives a real adapter and device.
import { describe, expect, it } from 'vitest';
import { acquireDevice } from '../src/gpu/device';

describe('WebGPU in Node (Dawn)', () => {
  it('gets a device from a real adapter', async () => {
    const got = await acquireDevice();
    if (got.kind !== 'webgpu') throw new Error(`expected a WebGPU device, got CPU backend: ${got.reason}`);
    expect(got.adapter.limits.maxComputeInvocationsPerWorkgroup).toBeGreaterThanOrEqual(256);
    got.device.destroy();
  });
});
