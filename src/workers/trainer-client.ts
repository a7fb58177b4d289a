// Starts the trainer worker and wraps it with comlink for the page.
import * as Comlink from 'comlink';
import type { TrainerWorkerApi } from './protocol';

export function startTrainerWorker(): { api: Comlink.Remote<TrainerWorkerApi>; worker: Worker } {
  const worker = new Worker(new URL('./trainer.worker.ts', import.meta.url), { type: 'module', name: 'trainer' });
  return { api: Comlink.wrap<TrainerWorkerApi>(worker), worker };
}
