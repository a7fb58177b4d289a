// Starts the team worker (which starts one agent worker per agent) and wraps it with comlink for the page.
import * as Comlink from 'comlink';
import type { TeamWorkerApi } from './protocol';

export function startTeamWorker(): { api: Comlink.Remote<TeamWorkerApi>; worker: Worker } {
  const worker = new Worker(new URL('./team.worker.ts', import.meta.url), { type: 'module', name: 'team' });
  return { api: Comlink.wrap<TeamWorkerApi>(worker), worker };
}
