// Runs one ONNX policy evaluation in a fresh worker, which is terminated when it is done, cancelled (the signal)
// or over its time limit: a model that computes for ever cannot hold the page.
import * as Comlink from 'comlink';
import type { EvalOptions, EvalProgress, EvalResult } from '../onnx/evaluate';
import type { EvalWorkerApi } from './protocol';

/** The evaluation did not finish: cancelled, or stopped at its time limit (the message says which). */
export class EvalStopped extends Error {}

export async function evaluateInWorker(
  file: Blob,
  options: EvalOptions,
  control: { timeLimitMs: number; signal?: AbortSignal; onProgress?: (p: EvalProgress) => void },
): Promise<EvalResult> {
  const worker = new Worker(new URL('./eval.worker.ts', import.meta.url), { type: 'module', name: 'onnx-eval' });
  let stop!: (why: string) => void;
  const stopped = new Promise<never>((_, reject) => (stop = (why) => reject(new EvalStopped(why))));
  const seconds = control.timeLimitMs / 1000;
  const timer = setTimeout(() => stop(`stopped: it ran past the ${seconds} s time limit`), control.timeLimitMs);
  const cancel = () => stop('cancelled');
  control.signal?.addEventListener('abort', cancel);
  try {
    if (control.signal?.aborted) cancel();
    const progress = control.onProgress ? Comlink.proxy(control.onProgress) : undefined;
    return await Promise.race([Comlink.wrap<EvalWorkerApi>(worker).evaluate(file, options, progress), stopped]);
  } finally {
    clearTimeout(timer);
    control.signal?.removeEventListener('abort', cancel);
    worker.terminate();
  }
}
