// In headless Chromium: a policy exported in the page runs in onnxruntime-web's wasm provider and, on the
// SwiftShader WebGPU adapter, its webgpu provider, reproducing our CPU forward's logits within 1e-4. Base runs
// on wasm only here: on SwiftShader's webgpu it takes ~35 s (tiny and small cover the webgpu kernels' shapes;
// base's parity is also checked in Node).
import { beforeAll, describe, expect, it } from 'vitest';
import type { PresetName } from '../../src/model/presets';
import { configureOrtForBrowser } from '../../src/onnx/browser-ort';
import { exportPolicy } from '../../src/onnx/export';
import { CpuLogits } from '../../src/onnx/reference';
import { OnnxLogits, type Provider } from '../../src/onnx/runtime';
import { maxAbsDiff, seededPolicy, seededRows, VOCAB } from './fixtures';

beforeAll(configureOrtForBrowser);

const CASES: [PresetName, Provider[]][] = [
  ['tiny', ['wasm', 'webgpu']],
  ['small', ['wasm', 'webgpu']],
  ['base', ['wasm']],
];

describe('ONNX export in Chromium', () => {
  it('the page has a WebGPU adapter for the webgpu provider', async () => {
    expect(await navigator.gpu.requestAdapter()).not.toBeNull();
  });

  for (const [preset, providers] of CASES) {
    it(`${preset} on ${providers.join(' and ')}: logits within 1e-4 of our CPU forward`, async () => {
      const f = seededPolicy(preset, 21);
      const bytes = exportPolicy(f.config, f.vocab, f.params);
      const { tokens, lengths, N, T } = seededRows(8);
      const ours = new CpuLogits(f.config, f.params).run(tokens, lengths, N, T);
      for (const provider of providers) {
        const session = await OnnxLogits.create(bytes, VOCAB, provider);
        const diff = maxAbsDiff(ours, await session.run(tokens, lengths, N, T));
        await session.release();
        console.info(`onnx ${preset} ${provider}: max |ours - ort| = ${diff.toExponential(2)}`);
        expect(diff, provider).toBeLessThan(1e-4);
      }
    });
  }
});
