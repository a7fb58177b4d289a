// Starts a rollout worker for an async run and hands the trainer a RolloutService backed by it.
import * as Comlink from 'comlink';
import type { Config } from '../core/config-table';
import type { RolloutService } from '../rl/rollout-service';
import type { Skill } from '../skills/types';
import type { RolloutWorkerApi } from './protocol';

export interface RolloutHandle extends RolloutService {
  dispose(): void;
}

/** A rollout worker with the policy built for `config` (its backend: the trainer's real one) and `vocab`. */
export async function startRolloutWorker(config: Config, vocab: readonly string[], skills?: readonly Skill[]): Promise<RolloutHandle> {
  const worker = new Worker(new URL('./rollout.worker.ts', import.meta.url), { type: 'module', name: 'rollouts' });
  const api = Comlink.wrap<RolloutWorkerApi>(worker);
  try {
    await api.init(config, [...vocab], skills ? [...skills] : undefined);
  } catch (err) {
    worker.terminate();
    throw err;
  }
  return {
    // the parameters are a fresh copy per update: move them instead of copying again
    collect: (request) => api.collect(Comlink.transfer(request, [request.params.buffer])),
    dispose: () => worker.terminate(),
  };
}
