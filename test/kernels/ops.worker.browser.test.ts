// Kernels on WebGPU inside a dedicated worker of a Chromium page, compared with the CPU twin.
import { expect, it } from 'vitest';
import { expectClose } from './backends';

it('matmul and attention run on WebGPU in a dedicated worker and match the CPU twin', async () => {
  const worker = new Worker(new URL('./worker-kernels.ts', import.meta.url), { type: 'module' });
  const msg = await new Promise<{ error?: string; gpu: Float32Array[]; cpu: Float32Array[] }>((resolve, reject) => {
    worker.onmessage = (e) => resolve(e.data);
    worker.onerror = (e) => reject(new Error(e.message));
    worker.postMessage('go');
  });
  worker.terminate();
  expect(msg.error).toBeUndefined();
  msg.cpu.forEach((want, i) => expectClose(msg.gpu[i], want, { rtol: 1e-4, atol: 1e-4 }, `output ${i}`));
});
