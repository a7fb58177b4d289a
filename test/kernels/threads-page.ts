// In a cross-origin-isolated Chromium page: the WebAssembly backend on 1 and 2 threads, from the page and from a
// dedicated worker, trains and generates the same bits. The result is left on window.__threads.
import { Rng } from '../../src/core/rng';
import { TransformerPolicy } from '../../src/model/policy';
import { WasmOps } from '../../src/wasm/ops';
import { HYPER, randomBatch } from '../bench/measure';

export interface ThreadsResult {
  isolated: boolean;
  /** Per run: the parameters after the steps (as bytes, base64) with the metrics and generated tokens. */
  runs: { where: string; threads: number; fingerprint: string }[];
  error?: string;
}

declare global {
  interface Window {
    __threads?: ThreadsResult;
  }
}

/** Three GRPO steps and a generation on `threads` threads, every op split; a text of every number produced. */
export async function fingerprint(threads: number): Promise<string> {
  const ops = await WasmOps.create({ threads, minParallelWork: 0 });
  const p = new TransformerPolicy(ops, { vocab: 97, dim: 32, layers: 2, heads: 4, window: 32 }, Rng.fromSeed(5));
  const batch = randomBatch(97, 6, 32);
  const metrics = [];
  for (let s = 0; s < 3; s++) metrics.push(await p.trainStep(batch, HYPER));
  const gen = await p.generate([[1, 2, 3], [4, 5], [6]], { temperature: 1, topP: 0.9, maxNewTokens: 5, rng: Rng.fromSeed(2) });
  const params = new Uint8Array((await p.getParams()).buffer);
  p.dispose();
  let bits = '';
  for (let i = 0; i < params.length; i += 4096) bits += String.fromCharCode(...params.subarray(i, i + 4096));
  return `${btoa(bits)}|${JSON.stringify(metrics)}|${JSON.stringify(gen)}`;
}

if (typeof window !== 'undefined')
  (async () => {
    const r: ThreadsResult = { isolated: globalThis.crossOriginIsolated === true, runs: [] };
    try {
      for (const threads of [1, 2]) r.runs.push({ where: 'page', threads, fingerprint: await fingerprint(threads) });
      const worker = new Worker(new URL('./threads-worker.ts', import.meta.url), { type: 'module' });
      const fromWorker = await new Promise<{ threads: number; fingerprint: string }[]>((resolve, reject) => {
        worker.onmessage = (e) => (e.data.error ? reject(new Error(e.data.error)) : resolve(e.data.runs));
        worker.onerror = (e) => reject(new Error(e.message));
      });
      worker.terminate();
      r.runs.push(...fromWorker.map((x) => ({ where: 'worker', ...x })));
    } catch (e) {
      r.error = e instanceof Error ? e.message : String(e);
    }
    window.__threads = r;
  })();
