// The in-browser half of `npm run bench`: our WebGPU backend and tfjs-webgpu on the page's adapter; the result
// (or an error) is left on window.__bench for the CLI to read.
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-core/dist/register_all_gradients';
import '@tensorflow/tfjs-backend-webgpu';
import { acquireDevice } from '../../src/gpu/device';
import { matmulGflops, stepTokensPerS, type SizeSpec } from './measure';
import { tfjsTokensPerS } from './tfjs-model';

export interface PageResult {
  adapter?: string;
  error?: string;
  matmulGflops: Record<string, number>;
  tokensPerS: Record<string, number>;
  tfjsTokensPerS?: number;
}

declare global {
  interface Window {
    __bench?: PageResult;
    __benchRun?: (sizes: SizeSpec[], matmul: number[], ref: SizeSpec, gpuOnly: readonly string[]) => Promise<void>;
  }
}

/** gpuOnly: sizes skipped on a software (fallback) adapter. */
window.__benchRun = async (sizes, matmul, ref, gpuOnly) => {
  const r: PageResult = { matmulGflops: {}, tokensPerS: {} };
  try {
    const got = await acquireDevice();
    if (got.kind !== 'webgpu') throw new Error(got.reason);
    r.adapter = got.adapter.architecture;
    for (const n of matmul) r.matmulGflops[n] = await matmulGflops(got.device, n);
    for (const s of sizes) if (!(got.adapter.isFallbackAdapter && gpuOnly.includes(s.name))) r.tokensPerS[s.name] = await stepTokensPerS(got.device, s);
    got.device.destroy();
    if (await tf.setBackend('webgpu')) {
      await tf.ready();
      r.tfjsTokensPerS = await tfjsTokensPerS(tf, ref);
    }
  } catch (e) {
    r.error = e instanceof Error ? e.message : String(e);
  }
  window.__bench = r;
};
