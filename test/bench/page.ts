// The in-browser half of `npm run bench`: our wasm and WebGPU engines (matmul, training steps), then the reference
// step interleaved with jax-js (wasm, webgpu) and tfjs (wasm, webgpu) on this page. The result (or an error) is left
// on window.__bench for the CLI to read. Loaded twice: plain, and cross-origin isolated (threads).
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-core/dist/register_all_gradients';
import '@tensorflow/tfjs-backend-webgpu';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import * as jax from '@jax-js/jax';
import { acquireDevice } from '../../src/gpu/device';
import { availableThreads } from '../../src/wasm/module';
import { interleave, type Contender } from './anchors';
import { jaxTokensPerS } from './jax-model';
import { largeMatmulGflops } from './gpu-large';
import { matmulGflops, stepTokensPerS, type Engine, type SizeSpec } from './measure';
import { tfjsTokensPerS } from './tfjs-model';

export interface PagePlan {
  sizes: SizeSpec[];
  matmul: number[];
  ref: SizeSpec;
  /** Sizes skipped on a software (fallback) adapter. */
  gpuOnly: readonly string[];
  rounds: number;
  /** Measure the engines table too (the plain page does; the isolated one only compares threads). */
  engines: boolean;
  /** Include WebGPU (ours, jax-js, tfjs). */
  gpu: boolean;
}

export interface EngineRows {
  matmulGflops: Record<string, number>;
  tokensPerS: Record<string, number>;
}

export interface PageResult {
  isolated: boolean;
  threads: number;
  adapter?: string;
  error?: string;
  /** By engine name ('wasm x1', 'webgpu'). */
  engines: Record<string, EngineRows>;
  /** The interleaved reference step: tokens/s per round by contender. */
  runs: Record<string, number[]>;
}

declare global {
  interface Window {
    __bench?: PageResult;
    __benchRun?: (plan: PagePlan) => Promise<void>;
  }
}

async function engineRows(e: Engine, plan: PagePlan, sizes: SizeSpec[]): Promise<EngineRows> {
  const r: EngineRows = { matmulGflops: {}, tokensPerS: {} };
  for (const n of plan.matmul) r.matmulGflops[n] = await matmulGflops(e, n);
  for (const s of sizes) r.tokensPerS[s.name] = await stepTokensPerS(e, s);
  return r;
}

/** tfjs on one of its backends, trained on the reference model. */
function tfjsOn(backend: 'wasm' | 'webgpu', ref: SizeSpec): Contender {
  return async () => ((await tf.setBackend(backend)) ? (await tf.ready(), tfjsTokensPerS(tf, ref)) : null);
}

window.__benchRun = async (plan) => {
  const threads = await availableThreads();
  const r: PageResult = { isolated: globalThis.crossOriginIsolated === true, threads, engines: {}, runs: {} };
  try {
    setWasmPaths('/node_modules/@tensorflow/tfjs-backend-wasm/dist/');
    const got = plan.gpu ? await acquireDevice() : ({ kind: 'cpu', reason: 'skipped (--no-gpu)' } as const);
    const gpu: Engine | null = got.kind === 'webgpu' ? { kind: 'webgpu', device: got.device } : null;
    if (got.kind === 'webgpu') r.adapter = got.adapter.architecture;
    const onGpu = plan.sizes.filter((s) => !(got.kind === 'webgpu' && got.adapter.isFallbackAdapter && plan.gpuOnly.includes(s.name)));
    if (plan.engines) {
      r.engines['wasm x1'] = await engineRows({ kind: 'wasm', threads: 1 }, plan, plan.sizes);
      if (gpu) {
        r.engines.webgpu = await engineRows(gpu, plan, onGpu);
        r.engines.webgpu.matmulGflops[1024] = await largeMatmulGflops(gpu.device, 1024); // one product on a software adapter
      }
    }
    const contenders: Record<string, Contender> = { 'ours wasm x1': () => stepTokensPerS({ kind: 'wasm', threads: 1 }, plan.ref) };
    if (threads > 1) contenders[`ours wasm x${threads}`] = () => stepTokensPerS({ kind: 'wasm', threads }, plan.ref);
    contenders['jax-js wasm'] = () => jaxTokensPerS(jax, 'wasm', plan.ref);
    contenders['tfjs-wasm'] = tfjsOn('wasm', plan.ref);
    if (gpu && plan.engines) {
      contenders['ours webgpu'] = () => stepTokensPerS(gpu, plan.ref);
      contenders['jax-js webgpu'] = () => jaxTokensPerS(jax, 'webgpu', plan.ref);
      contenders['tfjs-webgpu'] = tfjsOn('webgpu', plan.ref);
    }
    r.runs = await interleave(contenders, plan.rounds, (line) => console.log(line));
  } catch (e) {
    r.error = e instanceof Error ? e.message : String(e);
  }
  window.__bench = r;
};
