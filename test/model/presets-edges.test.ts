// Model presets and checkModelFits by hand: each preset's shape, the pointer ablation, an unknown name, and the fit
// check's messages at the per-buffer limit's bound (the smaller of the two limits) and the workgroup limits' bounds.
import { describe, expect, it } from 'vitest';
import type { AdapterSummary } from '../../src/gpu/device';
import { checkModelFits, presetConfig, type PresetName } from '../../src/model/presets';

type Limits = AdapterSummary['limits'];
const limits = (over: Partial<Limits> = {}): Limits =>
  ({ maxStorageBufferBindingSize: 64 * 2 ** 20, maxBufferSize: 64 * 2 ** 20, maxComputeInvocationsPerWorkgroup: 256, maxComputeWorkgroupStorageSize: 16384, ...over }) as Limits;

/**
 * V 65536, D 8, L 1, window 4, no pointer: 525,208 parameters (wte 524,288 + wpe 32 + a layer's 872 + lnf 16), stored
 * in 525,760 aligned floats = 2,103,040 bytes (2.0 MiB), more than any workspace of one row (logits: 4 x V floats,
 * 1 MiB); with 16 rows the logits are the largest buffer (64 x V floats, 16 MiB).
 */
const WIDE = { vocab: 65536, dim: 8, layers: 1, heads: 2, window: 4, pointer: 0 };
const PARAM_BYTES = 2_103_040;

describe('presetConfig', () => {
  it('gives each preset its shape with the vocabulary, and leaves the pointer head out on request', () => {
    expect(presetConfig('tiny', 500)).toEqual({ vocab: 500, dim: 32, layers: 2, heads: 4, window: 128, pointer: 16 });
    expect(presetConfig('small', 7)).toEqual({ vocab: 7, dim: 128, layers: 4, heads: 4, window: 256, pointer: 32 });
    expect(presetConfig('base', 7, false)).toEqual({ vocab: 7, dim: 256, layers: 12, heads: 8, window: 512, pointer: 0 });
  });

  it('names an unknown preset and the ones there are', () => {
    expect(() => presetConfig('huge' as PresetName, 5)).toThrow("unknown model preset 'huge' (have tiny, small, base)");
  });
});

describe('checkModelFits', () => {
  it('names the largest buffer when it is over the smaller of the two buffer limits', () => {
    const fit = checkModelFits(WIDE, limits({ maxStorageBufferBindingSize: 2 ** 20 }), 1);
    expect(fit).toEqual({
      ok: false,
      largestBuffer: PARAM_BYTES,
      message: 'model (525208 params) does not fit: parameters needs 2.0 MiB but the adapter allows 1.0 MiB per buffer; use a smaller preset, fewer rows or a shorter window',
    });
    expect(checkModelFits(WIDE, limits({ maxBufferSize: 2 ** 20 }), 1).ok).toBe(false);
    expect(checkModelFits(WIDE, limits({ maxBufferSize: 2 ** 20 })).message).toMatch(/^model \(525208 params\) does not fit: logits \(rows x window x vocab\) needs 16\.0 MiB /);
  });

  it('fits a largest buffer exactly at the limit, and not one byte over', () => {
    expect(checkModelFits(WIDE, limits({ maxBufferSize: PARAM_BYTES }), 1).ok).toBe(true);
    expect(checkModelFits(WIDE, limits({ maxStorageBufferBindingSize: PARAM_BYTES - 1 }), 1).ok).toBe(false);
  });

  it('says what fits, and of what', () => {
    expect(checkModelFits(WIDE, limits(), 1)).toEqual({ ok: true, largestBuffer: PARAM_BYTES, message: 'fits: 525208 params, largest buffer 2.0 MiB (parameters) of 64.0 MiB' });
  });

  it('needs 256 invocations and 16 KiB of shared memory a workgroup, each on its own', () => {
    const small = checkModelFits(WIDE, limits({ maxComputeInvocationsPerWorkgroup: 255 }), 1);
    expect(small).toEqual({
      ok: false,
      largestBuffer: PARAM_BYTES,
      message: "the adapter's workgroups are too small (need 256 invocations and 16 KiB shared memory, have 255 and 16384)",
    });
    expect(checkModelFits(WIDE, limits({ maxComputeWorkgroupStorageSize: 16383 }), 1).message).toMatch(/have 256 and 16383\)$/);
  });
});
