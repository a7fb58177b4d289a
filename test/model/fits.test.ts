// checkModelFits names the buffer that does not fit: the buffers WebGPU really allocates (fused attention keeps a
// log-sum-exp per row and head; the pointer head keeps its probabilities, rows x 2 x window^2).
import { describe, expect, it } from 'vitest';
import { checkModelFits } from '../../src/model/presets';

const limits = (perBuffer: number) => ({ maxStorageBufferBindingSize: perBuffer, maxBufferSize: perBuffer, maxComputeInvocationsPerWorkgroup: 256, maxComputeWorkgroupStorageSize: 16384 }) as Parameters<typeof checkModelFits>[1];

describe('checkModelFits', () => {
  const model = { vocab: 8, dim: 8, layers: 1, heads: 2, window: 256 };

  it('counts the pointer probabilities, rows x 2 x window^2, only with a pointer head', () => {
    const pointerBytes = 16 * 2 * 256 * 256 * 4; // 8 MiB
    const withPointer = checkModelFits({ ...model, pointer: 4 }, limits(4 * 2 ** 20));
    expect(withPointer.ok).toBe(false);
    expect(withPointer.largestBuffer).toBe(pointerBytes);
    expect(withPointer.message).toMatch(/pointer probabilities .* needs 8\.0 MiB but the adapter allows 4\.0 MiB/);
    const without = checkModelFits(model, limits(4 * 2 ** 20));
    expect(without.ok).toBe(true);
    expect(without.message).not.toMatch(/attention prob/);
  });

  it('no longer counts attention probabilities the fused kernel never stores', () => {
    // heads x window^2 would be 16 x 2 x 256^2 x 4 = 8 MiB; what is stored is 16 x 256 x 2 x 4 bytes
    const fit = checkModelFits({ ...model, vocab: 4 }, limits(2 ** 20));
    expect(fit.ok).toBe(true);
  });
});
