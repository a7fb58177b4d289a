// npm run bench -- [--json] [--quick] [--no-browser]: matmul GFLOP/s and training-step tokens/s on every backend present (CPU, WebGPU
// in Node, WebGPU in Node on lavapipe at f32 and f16, WebGPU in headless Chromium), the same model trained by TensorFlow.js (cpu, webgpu) as ratios, and our CPU
// forward pass against onnxruntime-web's (wasm) on the same exported model.
// npm run bench -- --presets [--preset NAME] [--cpu | --lavapipe] [--json]: each preset's updates/s and wall time to 0.9 success on the CPU
// and WebGPU in Node (SwiftShader; with --lavapipe, lavapipe, whose shader-f16 runs the f16 path).
// npm run bench -- --learning [--preset NAME[,NAME...]] [--seeds 1-3] [--scale F] [--json]: issue 15's learning targets (cli/bench-learning.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { acquireDevice, type DeviceResult } from '../src/gpu/device';
import { PRESETS } from '../src/model/presets';
import { matmulGflops, stepTokensPerS, type SizeSpec } from '../test/bench/measure';
import { onnxForward, type OnnxForward } from '../test/bench/onnx-forward';
import { tfjsTokensPerS } from '../test/bench/tfjs-model';
import { presetTimings } from './bench-presets';
import { installWebGpu } from './node-webgpu';
import { lavapipeSetup } from '../tools/lavapipe/lavapipe';
import type { PageResult } from '../test/bench/page';

const argv = process.argv.slice(2);
const args = new Set(argv);
const json = args.has('--json') || args.has('--lavapipe-rows'); // the lavapipe child answers in JSON on stdout
const log = (s: string) => void (json ? process.stderr : process.stdout).write(s + '\n');

/** The reference model of the comparison with tfjs: 137k params, T 64, batch 16. */
export const REF: SizeSpec = { name: 'ref-137k', model: { vocab: 512, dim: 64, layers: 2, heads: 4, window: 64 }, rows: 16, width: 64 };
const VOCAB = 512;
/** Each preset at a batch that keeps a software adapter's step around a second. */
export const SIZES: SizeSpec[] = [
  REF,
  { name: 'tiny', model: { ...PRESETS.tiny, vocab: VOCAB }, rows: 16, width: 64 },
  { name: 'small', model: { ...PRESETS.small, vocab: VOCAB }, rows: 2, width: 64 },
  { name: 'base', model: { ...PRESETS.base, vocab: VOCAB }, rows: 1, width: 64 },
];
/** Sizes too slow for a software adapter (SwiftShader) in a few minutes: measured on the CPU twin and real GPUs. */
export const GPU_ONLY = new Set(['small', 'base']);
export const MATMUL_SIZES = [64, 128, 256];

interface BackendResult {
  backend: string;
  adapter?: string;
  matmulGflops: Record<string, number>;
  tokensPerS: Record<string, number>;
  /** tfjs on the matching backend, reference model: tokens/s and ours / theirs. */
  tfjs?: { backend: string; tokensPerS: number; ratio: number };
}

/**
 * tfjs-core's Node bundle lacks most gradients (the full tfjs package registers them from ESM files Node cannot
 * resolve); bundle that module with esbuild (tsx's) once: registries are global, so the copy registers for all.
 */
async function registerTfjsGradients(): Promise<void> {
  const esbuild = await import('esbuild');
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@tensorflow/tfjs-core/dist/register_all_gradients.js');
  const out = join(mkdtempSync(join(tmpdir(), 'tfjs-grads-')), 'grads.mjs');
  await esbuild.build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'node', outfile: out, logLevel: 'silent' });
  await import(pathToFileURL(out).href);
}

/** tfjs-core with one backend ('cpu' or 'webgpu'), trained on the reference model. */
async function tfjs(backend: 'cpu' | 'webgpu'): Promise<number | null> {
  const tf = await import('@tensorflow/tfjs-core');
  await registerTfjsGradients();
  await import(backend === 'cpu' ? '@tensorflow/tfjs-backend-cpu' : '@tensorflow/tfjs-backend-webgpu');
  try {
    if (!(await tf.setBackend(backend))) throw new Error('setBackend refused');
    await tf.ready();
  } catch (e) {
    log(`tfjs-${backend} unavailable: ${(e as Error).message}`);
    return null;
  }
  const t = await tfjsTokensPerS(tf, REF);
  log(`tfjs-${backend}: step ${REF.name}: ${t.toFixed(0)} tokens/s`);
  return t;
}

async function nodeWebgpu(): Promise<DeviceResult | null> {
  const why = await installWebGpu();
  if (why) return log(`WebGPU in Node unavailable: ${why}`), null;
  const got = await acquireDevice();
  if (got.kind === 'cpu') log(`WebGPU in Node unavailable: ${got.reason}`);
  return got;
}

async function ours(device: GPUDevice | null, name: string, sizes: SizeSpec[], f16 = false): Promise<BackendResult> {
  const r: BackendResult = { backend: name, matmulGflops: {}, tokensPerS: {} };
  for (const n of MATMUL_SIZES) {
    r.matmulGflops[n] = await matmulGflops(device, n, f16);
    log(`${name}: matmul ${n}: ${r.matmulGflops[n].toFixed(2)} GFLOP/s`);
  }
  for (const s of sizes) {
    r.tokensPerS[s.name] = await stepTokensPerS(device, s, f16);
    log(`${name}: step ${s.name} (B ${s.rows}, T ${s.width}): ${r.tokensPerS[s.name].toFixed(0)} tokens/s`);
  }
  return r;
}

/** Seconds each preset run may take before it is reported as not reaching 0.9. */
const PRESET_SECONDS = 180;

async function presetsMain(): Promise<void> {
  if (args.has('--lavapipe')) {
    const setup = lavapipeSetup();
    if (!setup.ok) throw new Error(`--lavapipe needs ${setup.missing}`);
    Object.assign(process.env, setup.env); // before this process's only Dawn instance exists
  }
  const got = args.has('--cpu') ? null : await nodeWebgpu();
  const at = argv.indexOf('--preset');
  const timings = await presetTimings(got?.kind === 'webgpu' ? got.device : null, PRESET_SECONDS, log, at >= 0 ? argv[at + 1] : undefined);
  if (json) return void process.stdout.write(JSON.stringify({ presets: timings }, null, 1) + '\n');
  console.table(timings.map((t) => ({ preset: t.preset, backend: t.backend, 'updates/s': +t.updatesPerS.toFixed(2), 'BC s': +t.bcSeconds.toFixed(1), 'to 0.9 (update)': t.reachedAt ?? '-', 'to 0.9 (s)': t.secondsTo90 === null ? '-' : +t.secondsTo90.toFixed(1), 'last success': +t.finalSuccess.toFixed(2) })));
}

/**
 * f32 and f16 rows on lavapipe (the software adapter with shader-f16; a CPU too, so the small sizes only), measured
 * by a child of this bench: one Vulkan driver per process, as two in one process crashed Dawn.
 */
function lavapipeRows(): BackendResult[] {
  const setup = lavapipeSetup();
  if (!setup.ok) return log(`lavapipe unavailable: it needs ${setup.missing}`), [];
  const flags = ['--lavapipe-rows', ...argv.filter((a) => a === '--quick')];
  const child = spawnSync(process.execPath, [...process.execArgv, process.argv[1], ...flags], { env: { ...process.env, ...setup.env }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (child.status !== 0) return log(`lavapipe rows failed (exit ${child.status})`), [];
  return JSON.parse(child.stdout) as BackendResult[];
}

/** The child's side of lavapipeRows: its Dawn sees lavapipe only (the parent set VK_ICD_FILENAMES). */
async function lavapipeMain(sizes: SizeSpec[]): Promise<void> {
  const got = await nodeWebgpu();
  if (got?.kind !== 'webgpu') throw new Error('no lavapipe device');
  if (!got.adapter.features.includes('shader-f16')) throw new Error(`${got.adapter.description} has no shader-f16`);
  const usable = sizes.filter((s) => !GPU_ONLY.has(s.name));
  const rows: BackendResult[] = [];
  for (const f16 of [false, true]) rows.push({ ...(await ours(got.device, `webgpu-node lavapipe ${f16 ? 'f16' : 'f32'}`, usable, f16)), adapter: 'lavapipe' });
  process.stdout.write(JSON.stringify(rows));
}

async function main(): Promise<void> {
  if (args.has('--learning')) return (await import('./bench-learning')).learningMain(argv);
  if (args.has('--presets')) return presetsMain();
  const sizes = args.has('--quick') ? [REF] : SIZES;
  if (args.has('--lavapipe-rows')) return lavapipeMain(sizes);
  const results: BackendResult[] = [];
  const withTfjs = async (r: BackendResult, backend: 'cpu' | 'webgpu') => {
    const t = await tfjs(backend);
    if (t) r.tfjs = { backend: `tfjs-${backend}`, tokensPerS: t, ratio: r.tokensPerS[REF.name] / t };
    results.push(r);
  };
  await withTfjs(await ours(null, 'cpu', sizes), 'cpu');
  const onnx: OnnxForward[] = [];
  for (const s of sizes) {
    onnx.push(await onnxForward(s));
    const o = onnx[onnx.length - 1];
    log(`forward ${s.name} (B ${s.rows}, T ${s.width}): ours (cpu) ${o.oursTokensPerS.toFixed(0)} tokens/s, onnxruntime-web (wasm) ${o.ortTokensPerS.toFixed(0)} tokens/s`);
  }
  const got = await nodeWebgpu();
  if (got?.kind === 'webgpu') {
    const usable = got.adapter.isFallbackAdapter ? sizes.filter((s) => !GPU_ONLY.has(s.name)) : sizes;
    await withTfjs({ ...(await ours(got.device, 'webgpu-node', usable)), adapter: got.adapter.architecture }, 'webgpu');
  }
  results.push(...lavapipeRows());
  if (!args.has('--no-browser')) {
    const r = await chromium(sizes);
    if (r) results.push(r);
  }
  print(results, onnx);
}

/** Our WebGPU backend and tfjs-webgpu inside a headless Chromium page served by Vite. */
async function chromium(sizes: SizeSpec[]): Promise<BackendResult | null> {
  const { createServer } = await import('vite');
  const { chromium } = await import('playwright-core');
  const { CHROMIUM_ARGS, CHROMIUM_PATH } = await import('../test/support/chromium');
  if (!existsSync(CHROMIUM_PATH)) return log(`Chromium not found at ${CHROMIUM_PATH}`), null;
  const server = await createServer({
    configFile: false,
    root: process.cwd(),
    logLevel: 'error',
    server: { host: '127.0.0.1', port: 0 },
    optimizeDeps: { include: ['@tensorflow/tfjs-core', '@tensorflow/tfjs-core/dist/register_all_gradients', '@tensorflow/tfjs-backend-webgpu'] },
  });
  await server.listen();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const page = await browser.newPage();
    page.on('pageerror', (e) => log(`page error: ${e.message}`));
    const url = server.resolvedUrls?.local[0] ?? '';
    await page.goto(`${url}test/bench/page.html`);
    await page.waitForFunction(() => typeof window.__benchRun === 'function', null, { timeout: 120_000 });
    await page.evaluate(([s, m, r, skip]) => void window.__benchRun?.(s, m, r, skip), [sizes, MATMUL_SIZES, REF, [...GPU_ONLY]] as const);
    await page.waitForFunction(() => window.__bench !== undefined, null, { timeout: 900_000, polling: 500 });
    const got = (await page.evaluate(() => window.__bench)) as PageResult;
    if (got.error) return log(`WebGPU in Chromium: ${got.error}`), null;
    const r: BackendResult = { backend: 'webgpu-chromium', adapter: got.adapter, matmulGflops: got.matmulGflops, tokensPerS: got.tokensPerS };
    for (const [k, v] of Object.entries(r.tokensPerS)) log(`webgpu-chromium: step ${k}: ${v.toFixed(0)} tokens/s`);
    if (got.tfjsTokensPerS) {
      r.tfjs = { backend: 'tfjs-webgpu', tokensPerS: got.tfjsTokensPerS, ratio: r.tokensPerS[REF.name] / got.tfjsTokensPerS };
      log(`tfjs-webgpu (chromium): ${got.tfjsTokensPerS.toFixed(0)} tokens/s`);
    }
    return r;
  } finally {
    await browser.close();
    await server.close();
  }
}

function print(results: BackendResult[], onnx: OnnxForward[]): void {
  if (json) return void process.stdout.write(JSON.stringify({ results, onnx }, null, 1) + '\n');
  console.table(results.map((r) => ({ backend: r.backend, ...Object.fromEntries(Object.entries(r.matmulGflops).map(([k, v]) => [`mm${k} GF/s`, +v.toFixed(2)])), ...Object.fromEntries(Object.entries(r.tokensPerS).map(([k, v]) => [`${k} tok/s`, Math.round(v)])), tfjs: r.tfjs?.backend, 'tfjs tok/s': r.tfjs && Math.round(r.tfjs.tokensPerS), 'ours/tfjs': r.tfjs && +r.tfjs.ratio.toFixed(2) })));
  console.table(onnx.map((o) => ({ 'forward (same exported model)': o.size, 'ours cpu tok/s': Math.round(o.oursTokensPerS), 'ort wasm tok/s': Math.round(o.ortTokensPerS), 'ours/ort': +o.ratio.toFixed(2) })));
}

await main();
process.exit(0);
