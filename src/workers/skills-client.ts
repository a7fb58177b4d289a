// Runs one skill discovery in a fresh skills worker, which is terminated when it is done.
import * as Comlink from 'comlink';
import type { DiscoverOutcome, DiscoverRequest, SkillsWorkerApi } from './protocol';

export async function discoverInWorker(request: DiscoverRequest, onProgress: (p: { steps: number; skills: number }) => void): Promise<DiscoverOutcome> {
  const worker = new Worker(new URL('./skills.worker.ts', import.meta.url), { type: 'module', name: 'skills' });
  try {
    return await Comlink.wrap<SkillsWorkerApi>(worker).discover(request, Comlink.proxy(onProgress));
  } finally {
    worker.terminate();
  }
}
