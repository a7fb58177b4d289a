// The presets part of the bench: every single-agent preset (each variant) trained on each backend present, reporting
// updates/s and the wall time to 0.9 success (BC warm-up included), each run capped in updates and seconds.
import { PRESETS, presetConfig } from '../src/rl/presets';
import { createTrainer } from '../src/rl/setup';

export interface PresetTiming {
  preset: string; // 'name' or 'name/variant'
  backend: 'cpu' | 'webgpu';
  bcSeconds: number;
  updates: number; // updates run
  updatesPerS: number;
  /** Update index at which success first reached 0.9, and seconds from the start (BC included); null if not. */
  reachedAt: number | null;
  secondsTo90: number | null;
  /** Mean success of the last (up to) 5 updates run. */
  finalSuccess: number;
}

const THRESHOLD = 0.9;

/** Trains one config until success reaches 0.9, its updates run out, or maxSeconds pass. */
async function timeOne(preset: string, backend: 'cpu' | 'webgpu', config: ReturnType<typeof presetConfig>, maxSeconds: number, device?: GPUDevice): Promise<PresetTiming> {
  const start = performance.now();
  const seconds = () => (performance.now() - start) / 1000;
  const { trainer } = await createTrainer({ ...config, backend }, device ? { device } : {});
  const bcSeconds = seconds();
  const success: number[] = [];
  let reachedAt: number | null = null;
  let secondsTo90: number | null = null;
  while (success.length < config.updates && seconds() < maxSeconds) {
    const { update, metrics } = await trainer.step();
    success.push(metrics['episode/success']);
    if (metrics['episode/success'] >= THRESHOLD) {
      reachedAt = update;
      secondsTo90 = seconds();
      break;
    }
  }
  trainer.dispose();
  const last = success.slice(-5);
  return {
    preset,
    backend,
    bcSeconds,
    updates: success.length,
    updatesPerS: success.length / Math.max(seconds() - bcSeconds, 1e-9),
    reachedAt,
    secondsTo90,
    finalSuccess: last.reduce((a, b) => a + b, 0) / Math.max(last.length, 1),
  };
}

/** Every preset (or only `only`) and its variants on the CPU and, when `webgpu` is set, on that device. */
export async function presetTimings(webgpu: GPUDevice | null, maxSeconds: number, log: (line: string) => void, only?: string): Promise<PresetTiming[]> {
  // Team presets (chain, debate, mixture) train several agents: `npm run train -- --preset NAME` reports them.
  const presets = PRESETS.filter((p) => (p.config.workflow ?? 'single') === 'single' && (!only || p.name === only));
  if (presets.length === 0) throw new Error(`bench: unknown preset '${only}' (have ${PRESETS.map((p) => p.name).join(', ')})`);
  const out: PresetTiming[] = [];
  const backends: ('cpu' | 'webgpu')[] = webgpu ? ['cpu', 'webgpu'] : ['cpu'];
  for (const backend of backends) {
    for (const p of presets) {
      for (const v of p.variants ?? [undefined]) {
        const name = v ? `${p.name}/${v.name}` : p.name;
        const t = await timeOne(name, backend, presetConfig(p, v), maxSeconds, backend === 'webgpu' ? webgpu! : undefined);
        log(
          `${backend}: ${name}: ${t.updatesPerS.toFixed(2)} updates/s, BC ${t.bcSeconds.toFixed(1)} s, ` +
            (t.secondsTo90 === null ? `0.9 not reached in ${t.updates} updates (last success ${t.finalSuccess.toFixed(2)})` : `0.9 at update ${t.reachedAt} after ${t.secondsTo90.toFixed(1)} s`),
        );
        out.push(t);
      }
    }
  }
  return out;
}
