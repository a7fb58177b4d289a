// WebGPU in headless Chromium: the page gets SwiftShader's fallback adapter and a device.
import { describe, expect, it } from 'vitest';
import { acquireDevice } from '../src/gpu/device';

describe('WebGPU in a Chromium page', () => {
  it('gets a device from a real adapter', async () => {
    const got = await acquireDevice();
    if (got.kind !== 'webgpu') throw new Error(`expected a WebGPU device, got CPU backend: ${got.reason}`);
    expect(got.adapter.architecture).not.toBe('');
    got.device.destroy();
  });
});
