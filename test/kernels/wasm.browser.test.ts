// Kernel specs on the WebAssembly backend in a headless Chromium page (not cross-origin isolated: one thread), and
// the backend inside a dedicated worker, where the trainer runs.
import { expect, it } from 'vitest';
import { expectClose, wasmBackend } from './backends';
import { matmulSpec } from './specs/matmul.spec';
import { opsSpec } from './specs/ops.spec';

const one = () => wasmBackend(1);
matmulSpec(one);
opsSpec(one);

it('runs in a dedicated worker and matches the twin there', async () => {
  const worker = new Worker(new URL('./worker-wasm.ts', import.meta.url), { type: 'module' });
  const msg = await new Promise<{ error?: string; wasm: Float32Array[]; cpu: Float32Array[]; threads: number }>((resolve, reject) => {
    worker.onmessage = (e) => resolve(e.data);
    worker.onerror = (e) => reject(new Error(e.message));
    worker.postMessage('go');
  });
  worker.terminate();
  expect(msg.error).toBeUndefined();
  expect(msg.threads).toBe(1); // the test page is not cross-origin isolated
  msg.cpu.forEach((want, i) => expectClose(msg.wasm[i], want, { rtol: 1e-4, atol: 1e-4 }, `output ${i}`));
});
