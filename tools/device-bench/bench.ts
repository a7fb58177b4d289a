// The WebGPU bench for a Linux machine with a GPU but no Node, Chromium or package registry: build.mjs bundles this
// file with esbuild next to Dawn's dawn.node and an xz-compressed Node binary, and run.sh starts it. It prints the
// adapter, matmul GFLOP/s at 1024³ and 4096³, the reference step interleaved with jax-js webgpu on the same adapter,
// and a base-size training step with its achieved FLOP/s against the GPU's f32 peak.
// Here: npx tsx --import ./scripts/register-raw.mjs tools/device-bench/bench.ts [--quick] [--json] [--peak-tflops X]
// [--rounds N] [--no-jax] [--dawn PATH]; VK_ICD_FILENAMES picks the Vulkan driver (SwiftShader's, on a machine without a GPU).
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { acquireDevice } from '../../src/gpu/device';
import { PRESETS } from '../../src/model/presets';
import { interleave, median, ratioRows } from '../../test/bench/anchors';
import { f32PeakTflops, largeMatmulGflops, stepModelFlops } from '../../test/bench/gpu-large';
import { jaxTokensPerS } from '../../test/bench/jax-model';
import { stepTokensPerS, type SizeSpec } from '../../test/bench/measure';

const argv = process.argv.slice(2);
const flag = (name: string): string | undefined => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const json = argv.includes('--json');
const log = (s: string) => void (json ? process.stderr : process.stdout).write(s + '\n');

/** The bench's reference model (as cli/bench.ts): 137k parameters, T 64, batch 16. */
const REF: SizeSpec = { name: 'ref-137k', model: { vocab: 512, dim: 64, layers: 2, heads: 4, window: 64 }, rows: 16, width: 64 };

/** dawn.node: --dawn, else next to this file (the bundle), else the `webgpu` package's (this repository). */
function dawnPath(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const candidates = [flag('--dawn'), join(here, 'dawn.node'), join(here, '../../node_modules/webgpu/dist/linux-x64/dawn.node')];
  const found = candidates.find((p) => p && existsSync(p));
  if (!found) throw new Error(`dawn.node not found (looked at ${candidates.filter(Boolean).join(', ')}); pass --dawn PATH`);
  return found;
}

/** Puts Dawn's WebGPU on globalThis.navigator, as a page has it. */
function installDawn(): void {
  process.env.XDG_RUNTIME_DIR ??= tmpdir(); // Mesa's implicit Vulkan layer complains on every instance without it
  const { create, globals } = createRequire(import.meta.url)(dawnPath()) as { create: (flags: string[]) => GPU; globals: object };
  Object.assign(globalThis, globals);
  Object.defineProperty(globalThis, 'navigator', { value: { gpu: create([]), userAgent: `Node.js/${process.version}` }, configurable: true });
}

/** The Vulkan drivers the loader can see, for the message when there is no adapter. */
function vulkanDrivers(): string {
  if (process.env.VK_ICD_FILENAMES) return `VK_ICD_FILENAMES=${process.env.VK_ICD_FILENAMES}`;
  const dirs = ['/usr/share/vulkan/icd.d', '/etc/vulkan/icd.d', '/usr/local/share/vulkan/icd.d'];
  const found = dirs.flatMap((d) => (existsSync(d) ? readdirSync(d).map((f) => join(d, f)) : []));
  return found.length ? `driver manifests: ${found.join(', ')}` : `no Vulkan driver manifest in ${dirs.join(', ')} (the NVIDIA driver installs nvidia_icd.json; containers need NVIDIA_DRIVER_CAPABILITIES to include graphics)`;
}

async function main(): Promise<void> {
  installDawn();
  const got = await acquireDevice();
  if (got.kind !== 'webgpu') throw new Error(`no WebGPU device: ${got.reason}; ${vulkanDrivers()}`);
  const { device, adapter } = got;
  const cpu = adapter.isFallbackAdapter || /swiftshader|llvmpipe|lavapipe/i.test(`${adapter.architecture} ${adapter.description}`);
  const quick = argv.includes('--quick') || cpu;
  log(`adapter: ${adapter.vendor} ${adapter.architecture} "${adapter.description}"${cpu ? ' (a CPU: small sizes only)' : ''}`);
  log(`features: ${adapter.features.join(', ')}; subgroups: ${JSON.stringify(adapter.subgroups)}`);
  log(`limits: ${JSON.stringify(adapter.limits)}`);
  const report: Record<string, unknown> = { adapter, matmulGflops: {} as Record<number, number> };

  for (const n of quick ? [1024] : [1024, 4096]) {
    const g = await largeMatmulGflops(device, n);
    (report.matmulGflops as Record<number, number>)[n] = g;
    log(`matmul ${n}³ f32: ${g.toFixed(1)} GFLOP/s`);
  }

  const rounds = Number(flag('--rounds') ?? 3);
  const contenders: Parameters<typeof interleave>[0] = { 'ours webgpu': () => stepTokensPerS({ kind: 'webgpu', device }, REF) };
  if (!argv.includes('--no-jax')) {
    const jax = await import('@jax-js/jax');
    contenders['jax-js webgpu'] = () => jaxTokensPerS(jax, 'webgpu', REF);
  }
  const runs = await interleave(contenders, rounds, log);
  const ratios = ratioRows('device', runs, [['ours webgpu', 'jax-js webgpu']]);
  report.reference = { runs, ratios };
  log(`reference step (${REF.name}, B ${REF.rows}, T ${REF.width}): ours ${median(runs['ours webgpu'] ?? [0]).toFixed(0)} tokens/s` + (runs['jax-js webgpu'] ? `, jax-js webgpu ${median(runs['jax-js webgpu']).toFixed(0)} tokens/s` : ''));
  for (const r of ratios) log(`  ours / jax-js webgpu: ${r.ratio.toFixed(2)} (median of per-round ratios)`);

  // The base preset at its full window and 16 rows on a GPU; one short row on a CPU adapter.
  const base: SizeSpec = { name: 'base', model: { ...PRESETS.base, vocab: 512 }, rows: quick ? 1 : 16, width: quick ? 64 : PRESETS.base.window };
  const tokensPerS = await stepTokensPerS({ kind: 'webgpu', device }, base, quick ? 1 : 3);
  const tflops = (stepModelFlops(base.model, base.rows, base.width) * (tokensPerS / (base.rows * base.width))) / 1e12;
  const peak = Number(flag('--peak-tflops')) || f32PeakTflops(adapter.description);
  report.base = { size: base, tokensPerS, modelTflops: tflops, peakTflops: peak, fractionOfPeak: peak ? tflops / peak : null };
  log(`base step (dim ${base.model.dim}, ${base.model.layers} layers, B ${base.rows}, T ${base.width}): ${tokensPerS.toFixed(0)} tokens/s, ${(tflops * 1000).toFixed(1)} GFLOP/s of model FLOPs` + (peak ? `, ${((100 * tflops) / peak).toFixed(1)}% of the f32 peak ${peak} TFLOP/s` : ' (f32 peak unknown: pass --peak-tflops X)'));
  if (json) process.stdout.write(JSON.stringify(report, null, 1) + '\n');
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    log(`device bench failed: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  },
);
