// Starts the trainer worker and wraps it with comlink for the page. The worker's test and benchmark hooks (lose
// the GPU device, count GPU buffers) are reachable from the page as `greenhouseHooks`, for end-to-end tests and
// the soak benchmark; they change nothing unless called.
import * as Comlink from 'comlink';
import type { DeviceLoss, TrainerWorkerApi } from './protocol';

export interface PageHooks {
  loseDevice(when: DeviceLoss): ReturnType<TrainerWorkerApi['loseDevice']>;
  diagnostics(): ReturnType<TrainerWorkerApi['diagnostics']>;
}

export function startTrainerWorker(): { api: Comlink.Remote<TrainerWorkerApi>; worker: Worker } {
  const worker = new Worker(new URL('./trainer.worker.ts', import.meta.url), { type: 'module', name: 'trainer' });
  const api = Comlink.wrap<TrainerWorkerApi>(worker);
  const hooks: PageHooks = { loseDevice: (when) => api.loseDevice(when), diagnostics: () => api.diagnostics() };
  (globalThis as { greenhouseHooks?: PageHooks }).greenhouseHooks = hooks;
  return { api, worker };
}
