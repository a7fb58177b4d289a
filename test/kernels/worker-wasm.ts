// Dedicated-worker entry for the wasm worker test: one training step and a generation on the WebAssembly backend
// and on the twin inside the worker; posts back both for the page to compare.
import { Rng } from '../../src/core/rng';
import { createPolicy } from '../../src/model/create';
import { HYPER, randomBatch } from '../bench/measure';

async function run(cpu: 'wasm' | 'twin'): Promise<{ out: Float32Array[]; note: string }> {
  const { policy, note } = await createPolicy({ model: { dim: 32, layers: 2, heads: 4, window: 32 }, vocab: 67, seed: 3, backend: 'cpu', cpu });
  const batch = randomBatch(67, 4, 32);
  const m = await policy.trainStep(batch, HYPER);
  const lp = await policy.logprobs(batch, 1);
  const gen = await policy.generate([[1, 2, 3], [4, 5]], { temperature: 1, topP: 1, maxNewTokens: 4, rng: Rng.fromSeed(1) });
  policy.dispose();
  return { out: [Float32Array.from(Object.values(m)), lp, Float32Array.from(gen.logp.flat())], note };
}

self.onmessage = async () => {
  try {
    const wasm = await run('wasm');
    const cpu = await run('twin');
    self.postMessage({ wasm: wasm.out, cpu: cpu.out, threads: Number(/(\d+) thread/.exec(wasm.note)?.[1]) });
  } catch (e) {
    self.postMessage({ error: e instanceof Error ? e.message : String(e) });
  }
};
