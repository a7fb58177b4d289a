// Runs one ONNX policy evaluation in a fresh worker, which is terminated when it is done.
import * as Comlink from 'comlink';
import type { EvalOptions, EvalResult } from '../onnx/evaluate';
import type { EvalWorkerApi } from './protocol';

export async function evaluateInWorker(file: Blob, options: EvalOptions): Promise<EvalResult> {
  const worker = new Worker(new URL('./eval.worker.ts', import.meta.url), { type: 'module', name: 'onnx-eval' });
  try {
    return await Comlink.wrap<EvalWorkerApi>(worker).evaluate(file, options);
  } finally {
    worker.terminate();
  }
}
