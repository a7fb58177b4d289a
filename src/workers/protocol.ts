// The one file that types every worker API and message (comlink carries the calls; listeners are comlink proxies).
import type { Config } from '../core/config-table';
import type { AdapterSummary } from '../gpu/device';
import type { EvalOptions, EvalProgress, EvalResult } from '../onnx/evaluate';
import type { RolloutRequest, RolloutResult } from '../rl/rollout-service';
import type { Acted, ActRow, AgentInfo, AgentInit, AgentStep } from '../multi/agent';
import type { TeamReport } from '../multi/team';
import type { Workflow } from '../multi/workflow';
import type { EpisodeRecord } from '../rl/rollout';
import type { Hyper, UpdateReport } from '../rl/trainer';
import type { Skill } from '../skills/types';

/** What the trainer worker found when it asked for a GPU. */
export type BackendInfo =
  | { kind: 'webgpu'; adapter: AdapterSummary }
  | { kind: 'cpu'; reason: string };

/**
 * Start a new run, or continue a saved one from its latest checkpoint. A new run is named after `preset` (the
 * label of the preset it came from; found from the config when absent), its env, seed and the time.
 */
export type StartRequest = { kind: 'new'; config: Config; preset?: string } | { kind: 'resume'; runId: string };

/** What a command to the run did: ok, or refused (the run's state does not allow it, or a value is invalid) and why. */
export type Command = { ok: true } | { ok: false; refused: string };

/** Test and benchmark hooks: lose the GPU device now or during the next update; count live GPU buffers. */
export type DeviceLoss = 'now' | 'next-update';

/** What the soak benchmark samples in the trainer worker. */
export interface WorkerDiagnostics {
  /** GPU buffers created and not destroyed on the run's device (null on the CPU). */
  gpuBuffers: number | null;
  /** The worker's JS heap in bytes, where the browser tells (null otherwise). */
  heapBytes: number | null;
}

export interface RunStarted {
  runId: string;
  config: Config;
  /** Updates already done (0 for a new run). */
  update: number;
  /** Token id -> text, for showing action tokens. */
  vocab: string[];
  /** Which backend the policy runs on, and why. */
  backendNote: string;
  backend: 'cpu' | 'webgpu';
  /** The precision of its forward matrix products. */
  precision: 'f32' | 'f16';
}

export type TrainingStatus =
  /** Before the first update: step `step` of `of` of building the run (the BC warm-up reports as 'bc'). */
  | { kind: 'building'; stage: string; step: number; of: number }
  | { kind: 'bc'; step: number; of: number; loss: number }
  | { kind: 'running' }
  | { kind: 'paused' }
  | { kind: 'done' }
  /** Something the user should know that did not stop training (e.g. storage full). */
  | { kind: 'warning'; message: string }
  /** Training stopped; the last good checkpoint is kept. */
  | { kind: 'failed'; message: string }
  /** The GPU device was lost; training continues from the last checkpoint on `backend`. */
  | { kind: 'recovered'; message: string; update: number };

/** Called by the worker; the page passes it wrapped in Comlink.proxy. */
export interface TrainingListener {
  onUpdate(report: UpdateReport): void;
  onStatus(status: TrainingStatus): void;
}

/** The trainer worker's API, as seen from the page through comlink. */
export interface TrainerWorkerApi {
  /** Ask for a GPU device (once) and say what was found. */
  probeBackend(): Promise<BackendInfo>;
  /** Build the trainer (BC warm-up included for a new run) and create or reopen its saved run. */
  start(request: StartRequest, listener: TrainingListener): Promise<RunStarted>;
  /** Train update after update until paused or config.updates is reached. Resolves when the loop stops. */
  play(): Promise<Command>;
  /** Stop after the current update and save a checkpoint. */
  pause(): Promise<Command>;
  /** Exactly one update (refused while one is in flight). */
  step(): Promise<Command>;
  /** Change lr, beta or temperature from the next update on; refused (nothing changes) when a value is invalid. */
  setHyper(hyper: Partial<Hyper>): Promise<Command>;
  /** Save a checkpoint now, or after the update in flight (the page calls it when it is hidden). */
  saveCheckpoint(): Promise<Command>;
  /** Test hook: destroy the run's GPU device now or in the middle of the next update (GPUDevice.destroy()). */
  loseDevice(when: DeviceLoss): Promise<Command>;
  /** Benchmark hook: live GPU buffers and the worker's heap. */
  diagnostics(): Promise<WorkerDiagnostics>;
  /** Milliseconds to wait between updates while playing (0 = as fast as possible). */
  setDelay(ms: number): Promise<void>;
  /** Drop the trainer (Reset); the saved run stays in IndexedDB. */
  reset(): Promise<void>;
  /** The current policy as an ONNX file (the src/onnx contract), transferred. */
  exportOnnx(): Promise<Uint8Array>;
}

/** Bottom-up skill discovery from zero (or from the stored library of that family). */
export interface DiscoverRequest {
  env: string;
  seed: number;
  /** Environment steps to spend. */
  budget: number;
  /** The selection rule (config skillSelect); the config's default when absent. */
  select?: Config['skillSelect'];
}

export interface DiscoverOutcome {
  /** Skills added to the family's library. */
  found: number;
  /** Skills in the whole library afterwards. */
  library: number;
  steps: number;
}

/** The skills worker's API. */
export interface SkillsWorkerApi {
  discover(request: DiscoverRequest, onProgress: (p: { steps: number; skills: number }) => void): Promise<DiscoverOutcome>;
}

/** The ONNX evaluation worker's API: an .onnx policy file played on an env. */
export interface EvalWorkerApi {
  /** Reads the file (its size checked first) and evaluates it; rejects with the contract's message when it breaks it. */
  evaluate(file: Blob, options: EvalOptions, onProgress?: (p: EvalProgress) => void): Promise<EvalResult>;
}

/** The rollout worker (started by the trainer worker for async runs): plays the next batch while the trainer updates. */
export interface RolloutWorkerApi {
  /** Builds the policy copy; `config.backend` is the trainer's real backend ('webgpu' asks this worker for its own device). */
  init(config: Config, vocab: string[], skills?: Skill[]): Promise<void>;
  collect(request: RolloutRequest): Promise<RolloutResult>;
}

/** One agent of a team in its own worker (src/multi/agent.ts AgentRunner behind comlink). */
export interface AgentWorkerApi {
  /** Builds the agent's policy and runs its BC warm-up, reporting each BC step (1-based) with its loss. */
  create(init: AgentInit, onBcStep?: (step: number, loss: number) => void): Promise<AgentInfo>;
  /** One generation per row; greedy for evaluation. */
  act(rows: ActRow[], greedy?: boolean): Promise<Acted>;
  train(episodes: EpisodeRecord[], rewards: number[], valid: boolean[]): Promise<AgentStep>;
}

/** A team run as the page sees it once every agent is built. */
export interface TeamStarted {
  workflow: Workflow;
  agents: { name: string; info: AgentInfo }[];
  /** The single-agent baseline's model size. */
  singleModel: string;
}

export type TeamStatus =
  /** Building the team: `who` (an agent, or the single-agent baseline) finished BC step `step` of `of`. */
  | { kind: 'building'; who: string; step: number; of: number }
  | { kind: 'running' }
  | { kind: 'paused' }
  | { kind: 'done' }
  | { kind: 'failed'; message: string };

/** Called by the team worker; the page passes it wrapped in Comlink.proxy. */
export interface TeamListener {
  onUpdate(report: TeamReport): void;
  onStatus(status: TeamStatus): void;
}

/** The team worker's API: the central interaction loop, with one agent worker per agent under it. */
export interface TeamWorkerApi {
  /**
   * Builds the team (each agent's BC warm-up in its own worker) and the single-agent baseline; the agents named in
   * `policies` are frozen onto those saved policies (checkpoint bytes, see src/multi/frozen.ts).
   */
  start(config: Config, listener: TeamListener, policies: Record<string, Uint8Array>): Promise<TeamStarted>;
  /** Update after update, every agent in lockstep, until paused or config.updates is reached. */
  play(): Promise<void>;
  /** Stop after the current update. */
  pause(): Promise<void>;
  /** Drop the team and terminate its agent workers. */
  reset(): Promise<void>;
}
