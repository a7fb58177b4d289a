// The one file that types every worker API and message (comlink carries the calls).
import type { AdapterSummary } from '../gpu/device';

/** What the trainer worker found when it asked for a GPU. */
export type BackendInfo =
  | { kind: 'webgpu'; adapter: AdapterSummary }
  | { kind: 'cpu'; reason: string };

/** The trainer worker's API, as seen from the page through comlink. */
export interface TrainerWorkerApi {
  /** Ask for a GPU device (once) and say what was found. */
  probeBackend(): Promise<BackendInfo>;
}
