// npm run bench -- [--json] [--quick] [--no-browser] [--no-gpu] [--rounds N]: matmul GFLOP/s and training-step tokens/s of our
// engines (wasm on 1 and n threads, the TypeScript twin, WebGPU in Node, on lavapipe at f32 and f16, and in headless
// Chromium); the reference step interleaved with jax-js (wasm, webgpu) and tfjs (wasm, cpu, webgpu), in Node and in
// Chromium (plain and cross-origin isolated), as ours/theirs ratios; our forward pass against onnxruntime-web's.
// npm run bench -- --presets [--preset NAME] [--cpu | --lavapipe] [--threads N] [--json]: each preset's updates/s and
// wall time to 0.9 success on the CPU (wasm, N threads) and WebGPU in Node (SwiftShader; with --lavapipe, lavapipe).
// npm run bench -- --server [--sessions 1,64,512] [--format greenhouse|browsergym]: env steps/s through the env server (cli/bench-server.ts).
// npm run bench -- --soak N: a long run in the page, heap / GPU buffers / DOM every 50 updates (cli/bench-soak.ts).
// npm run bench -- --page-warmup [--preset debate,...]: a team preset's warm-up and first update in the page (cli/bench-page-warmup.ts).
// npm run bench -- --learning [--preset NAME[,NAME...]] [--seeds 1-3] [--scale F] [--json]: issue 15's learning targets (cli/bench-learning.ts).
// npm run bench -- --teams [--preset chain,debate,mixture] [--seeds 1-3] [--json]: the team presets against their baselines (cli/bench-teams.ts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { acquireDevice, type DeviceResult } from '../src/gpu/device';
import { PRESETS } from '../src/model/presets';
import { availableThreads, setDefaultThreads } from '../src/wasm/module';
import { interleave, ratioRows, type Contender, type RatioRow } from '../test/bench/anchors';
import { jaxTokensPerS } from '../test/bench/jax-model';
import { largeMatmulGflops } from '../test/bench/gpu-large';
import { matmulGflops, stepTokensPerS, type Engine, type SizeSpec } from '../test/bench/measure';
import { onnxForward, type OnnxForward } from '../test/bench/onnx-forward';
import { tfjsTokensPerS } from '../test/bench/tfjs-model';
import { chromiumPage } from './bench-chromium';
import { presetTimings } from './bench-presets';
import { installWebGpu } from './node-webgpu';
import { lavapipeSetup } from '../tools/lavapipe/lavapipe';

const argv = process.argv.slice(2);
const args = new Set(argv);
const json = args.has('--json') || args.has('--lavapipe-rows'); // the lavapipe child answers in JSON on stdout
const log = (s: string) => void (json ? process.stderr : process.stdout).write(s + '\n');
const flag = (name: string): string | undefined => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);

/** The reference model of the comparison with jax-js and tfjs: 137k params, T 64, batch 16. */
export const REF: SizeSpec = { name: 'ref-137k', model: { vocab: 512, dim: 64, layers: 2, heads: 4, window: 64 }, rows: 16, width: 64 };
const VOCAB = 512;
/** Each preset at a batch that keeps a software adapter's step around a second. */
export const SIZES: SizeSpec[] = [
  REF,
  { name: 'tiny', model: { ...PRESETS.tiny, vocab: VOCAB }, rows: 16, width: 64 },
  { name: 'small', model: { ...PRESETS.small, vocab: VOCAB }, rows: 2, width: 64 },
  { name: 'base', model: { ...PRESETS.base, vocab: VOCAB }, rows: 1, width: 64 },
];
/** Sizes too slow for a software adapter (SwiftShader) or the twin in a few minutes: measured on wasm and real GPUs. */
export const GPU_ONLY = new Set(['small', 'base']);
export const MATMUL_SIZES = [64, 128, 256];

interface BackendResult {
  backend: string;
  adapter?: string;
  matmulGflops: Record<string, number>;
  tokensPerS: Record<string, number>;
}

/**
 * tfjs-core's Node bundle lacks most gradients (the full tfjs package registers them from ESM files Node cannot
 * resolve); bundle that module with esbuild (tsx's) once: registries are global, so the copy registers for all.
 */
async function tfjsInNode(): Promise<typeof import('@tensorflow/tfjs-core')> {
  const tf = await import('@tensorflow/tfjs-core');
  const esbuild = await import('esbuild');
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@tensorflow/tfjs-core/dist/register_all_gradients.js');
  const out = join(mkdtempSync(join(tmpdir(), 'tfjs-grads-')), 'grads.mjs');
  await esbuild.build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'node', outfile: out, logLevel: 'silent' });
  await import(pathToFileURL(out).href);
  await Promise.all([import('@tensorflow/tfjs-backend-cpu'), import('@tensorflow/tfjs-backend-wasm')]);
  return tf;
}

/** tfjs on one backend, trained on the reference model; null when the backend will not start here. */
function tfjsOn(tf: typeof import('@tensorflow/tfjs-core'), backend: 'cpu' | 'wasm' | 'webgpu'): Contender {
  return async () => {
    try {
      if (!(await tf.setBackend(backend))) return null;
      await tf.ready();
    } catch (e) {
      return log(`tfjs-${backend} unavailable: ${(e as Error).message}`), null;
    }
    return tfjsTokensPerS(tf, REF);
  };
}

async function nodeWebgpu(): Promise<DeviceResult | null> {
  const why = await installWebGpu();
  if (why) return log(`WebGPU in Node unavailable: ${why}`), null;
  const got = await acquireDevice();
  if (got.kind === 'cpu') log(`WebGPU in Node unavailable: ${got.reason}`);
  return got;
}

async function engineRow(name: string, e: Engine, sizes: SizeSpec[]): Promise<BackendResult> {
  const r: BackendResult = { backend: name, matmulGflops: {}, tokensPerS: {} };
  for (const n of MATMUL_SIZES) {
    r.matmulGflops[n] = await matmulGflops(e, n);
    log(`${name}: matmul ${n}: ${r.matmulGflops[n].toFixed(2)} GFLOP/s`);
  }
  for (const s of sizes) {
    r.tokensPerS[s.name] = await stepTokensPerS(e, s);
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
  if (flag('--threads')) setDefaultThreads(Number(flag('--threads')));
  const got = args.has('--cpu') ? null : await nodeWebgpu();
  const timings = await presetTimings(got?.kind === 'webgpu' ? got.device : null, PRESET_SECONDS, log, flag('--preset'));
  if (json) return void process.stdout.write(JSON.stringify({ presets: timings }, null, 1) + '\n');
  console.table(timings.map((t) => ({ preset: t.preset, backend: t.backend, 'updates/s': +t.updatesPerS.toFixed(2), 's/update': +(1 / t.updatesPerS).toFixed(2), 'BC s': +t.bcSeconds.toFixed(1), 'to 0.9 (update)': t.reachedAt ?? '-', 'to 0.9 (s)': t.secondsTo90 === null ? '-' : +t.secondsTo90.toFixed(1), 'last success': +t.finalSuccess.toFixed(2) })));
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
  for (const f16 of [false, true]) rows.push({ ...(await engineRow(`webgpu-node lavapipe ${f16 ? 'f16' : 'f32'}`, { kind: 'webgpu', device: got.device, f16 }, usable)), adapter: 'lavapipe' });
  process.stdout.write(JSON.stringify(rows));
}

/** Pairs compared wherever both ran: [ours, theirs]. */
function pairs(threads: number): [string, string][] {
  const many = `ours wasm x${threads}`;
  return [
    ['ours wasm x1', 'jax-js wasm'],
    ['ours wasm x1', 'tfjs-wasm'],
    ['ours wasm x1', 'tfjs-cpu'],
    ...(threads > 1 ? ([[many, 'jax-js wasm'], [many, 'ours wasm x1']] as [string, string][]) : []),
    ['ours webgpu', 'jax-js webgpu'],
    ['ours webgpu', 'tfjs-webgpu'],
  ];
}

async function main(): Promise<void> {
  if (args.has('--learning')) return (await import('./bench-learning')).learningMain(argv);
  if (args.has('--teams')) return (await import('./bench-teams')).teamsMain(argv);
  if (args.has('--page-warmup')) return (await import('./bench-page-warmup')).pageWarmupMain(argv, log, json);
  if (args.has('--soak')) return (await import('./bench-soak')).soakMain(argv, log, json);
  if (args.has('--server')) return (await import('./bench-server')).serverBenchMain(argv, log, json);
  if (args.has('--presets')) return presetsMain();
  const sizes = args.has('--quick') ? [REF] : SIZES;
  if (args.has('--lavapipe-rows')) return lavapipeMain(sizes);
  const rounds = Number(flag('--rounds') ?? (args.has('--quick') ? 2 : 3));
  const threads = await availableThreads();
  const results: BackendResult[] = [];
  const anchors: RatioRow[] = [];

  results.push(await engineRow('cpu wasm x1', { kind: 'wasm', threads: 1 }, sizes));
  if (threads > 1) results.push(await engineRow(`cpu wasm x${threads}`, { kind: 'wasm', threads }, sizes));
  results.push(await engineRow('cpu twin', { kind: 'twin' }, sizes.filter((s) => !GPU_ONLY.has(s.name))));
  const tf = await tfjsInNode();
  const jax = await import('@jax-js/jax');
  const cpu: Record<string, Contender> = { 'ours wasm x1': () => stepTokensPerS({ kind: 'wasm', threads: 1 }, REF) };
  if (threads > 1) cpu[`ours wasm x${threads}`] = () => stepTokensPerS({ kind: 'wasm', threads }, REF);
  Object.assign(cpu, { 'jax-js wasm': () => jaxTokensPerS(jax, 'wasm', REF), 'tfjs-wasm': tfjsOn(tf, 'wasm'), 'tfjs-cpu': tfjsOn(tf, 'cpu') });
  anchors.push(...ratioRows('node', await interleave(cpu, rounds, log), pairs(threads)));

  const onnx: OnnxForward[] = [];
  for (const s of sizes) {
    const o = await onnxForward(s);
    onnx.push(o);
    log(`forward ${s.name} (B ${s.rows}, T ${s.width}): ours (wasm x1) ${o.oursTokensPerS.toFixed(0)} tokens/s, onnxruntime-web (wasm) ${o.ortTokensPerS.toFixed(0)} tokens/s`);
  }
  const got = args.has('--no-gpu') ? null : await nodeWebgpu();
  if (got?.kind === 'webgpu') {
    await import('@tensorflow/tfjs-backend-webgpu'); // registers itself only where navigator.gpu exists
    const nav = globalThis.navigator as { userAgent?: string };
    nav.userAgent ??= `Node.js/${process.version}`; // jax-js's WebGPU device reads it
    const gpu: Engine = { kind: 'webgpu', device: got.device };
    const usable = got.adapter.isFallbackAdapter ? sizes.filter((s) => !GPU_ONLY.has(s.name)) : sizes;
    const row = { ...(await engineRow('webgpu-node', gpu, usable)), adapter: got.adapter.architecture };
    row.matmulGflops[1024] = await largeMatmulGflops(got.device, 1024); // one product on a software adapter
    log(`webgpu-node: matmul 1024: ${row.matmulGflops[1024].toFixed(2)} GFLOP/s`);
    results.push(row);
    const contenders = { 'ours webgpu': () => stepTokensPerS(gpu, REF), 'jax-js webgpu': () => jaxTokensPerS(jax, 'webgpu', REF), 'tfjs-webgpu': tfjsOn(tf, 'webgpu') };
    anchors.push(...ratioRows('node', await interleave(contenders, rounds, log), pairs(threads)));
  }
  if (!args.has('--no-gpu')) results.push(...lavapipeRows());
  if (!args.has('--no-browser')) {
    const plan = { sizes, matmul: MATMUL_SIZES, ref: REF, gpuOnly: [...GPU_ONLY], rounds, gpu: !args.has('--no-gpu') };
    for (const isolated of [false, true]) {
      const page = await chromiumPage({ ...plan, engines: !isolated }, isolated, log);
      if (!page) continue;
      const where = isolated ? 'chromium (isolated)' : 'chromium';
      for (const [name, rows] of Object.entries(page.engines)) results.push({ backend: `${name} ${where}`, adapter: name === 'webgpu' ? page.adapter : undefined, ...rows });
      anchors.push(...ratioRows(where, page.runs, pairs(page.threads)));
    }
  }
  print(results, anchors, onnx);
}

function print(results: BackendResult[], anchors: RatioRow[], onnx: OnnxForward[]): void {
  if (json) return void process.stdout.write(JSON.stringify({ results, anchors, onnx }, null, 1) + '\n');
  console.table(results.map((r) => ({ backend: r.backend, ...Object.fromEntries(Object.entries(r.matmulGflops).map(([k, v]) => [`mm${k} GF/s`, +v.toFixed(2)])), ...Object.fromEntries(Object.entries(r.tokensPerS).map(([k, v]) => [`${k} tok/s`, Math.round(v)])) })));
  log('Reference step (vocab 512, d 64, 2 layers, 4 heads, T 64, B 16), interleaved; ratio = median of per-round ratios:');
  console.table(anchors.map((a) => ({ where: a.where, ours: a.ours, 'ours tok/s': Math.round(a.oursTokensPerS), peer: a.peer, 'peer tok/s': Math.round(a.peerTokensPerS), 'ours/peer': +a.ratio.toFixed(2) })));
  console.table(onnx.map((o) => ({ 'forward (same exported model)': o.size, 'ours wasm tok/s': Math.round(o.oursTokensPerS), 'ort wasm tok/s': Math.round(o.ortTokensPerS), 'ours/ort': +o.ratio.toFixed(2) })));
}

await main();
process.exit(0);
