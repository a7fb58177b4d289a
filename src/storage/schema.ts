// The one typed IndexedDB schema of the 'greenhouse' database: skill records and saved training runs.
// Records are plain structured-cloneable data; the layers above give them meaning (src/skills, the playground).

import type { DBSchema } from 'idb';

/** A string in a skill that is either written out or taken from the episode's goal, so a skill transfers across seeds. */
export type TextRef =
  | { kind: 'literal'; value: string }
  /** The `words` words of the goal that follow the anchor (the one or two goal words before them, lower case). */
  | { kind: 'goal'; anchor: string; words: number };

/** One argument of a skill's atomic action: an element found by role and label, or a plain value. */
export type SkillArg =
  | { kind: 'ref'; role: string; name: TextRef }
  | { kind: 'text'; text: TextRef }
  | { kind: 'int'; value: number }
  | { kind: 'dir'; value: string };

/** One atomic action of a skill, e.g. click(ref button 'Add to cart'). */
export interface SkillStep {
  verb: string;
  args: SkillArg[];
}

/** A skill as stored: a named sequence of atomic actions with its state cluster, statistics and lineage. */
export interface SkillRecord {
  /** Content id: a hash of the family and the steps, so equal action sequences share one id. */
  id: string;
  name: string;
  description: string;
  /** The environment family it was found in (EnvSpec.family). */
  family: string;
  /** The state cluster where it was found; the first step's element references must resolve for it to apply. */
  precondition: { cluster: string };
  steps: SkillStep[];
  /** Mean value of its uses in [0, 1]. */
  fitness: number;
  uses: number;
  /** Uses that made progress (or solved the task): judged progressive. */
  successes: number;
  /** Uses judged consistent: ran without an error, changed the page, did not fail the task (absent in older records: 0). */
  consistent?: number;
  /** Ids of the skills it extends. */
  parents: string[];
  /** The agent that found it. */
  agent: string;
  createdAt: number;
}

/**
 * running: a page trains it now (or did, until it was killed: the page that lists it finds no live owner and
 * shows 'interrupted'); paused: stopped between updates, resumable; done: all its updates ran; failed: stopped by
 * an error (NaN, a device lost for good), its last good checkpoint kept.
 */
export type RunStatus = 'running' | 'paused' | 'done' | 'interrupted' | 'failed';

/** A saved training run of the playground. */
export interface RunRecord {
  id: string;
  name: string;
  /** The experiment config (src/core/config-table.ts), as plain data; config.updates is the number planned. */
  config: Record<string, unknown>;
  createdAt: number;
  updatedAt: number;
  /** Updates whose metrics are saved: how many the run has done. */
  updatesDone: number;
  /** Updates done when its latest checkpoint was saved (a resume starts there); null before the first. */
  checkpointAt: number | null;
  status: RunStatus;
  note?: string;
}

export interface MetricsRecord {
  runId: string;
  update: number;
  /** Metric name (`reward/mean`, ...) to value. */
  values: Record<string, number>;
}

export interface CheckpointRecord {
  runId: string;
  update: number;
  /** Structured-cloneable, typed arrays inside (parameters, optimizer moments, RNG state). */
  data: unknown;
  bytes: number;
}

export interface TrajectoriesRecord {
  runId: string;
  update: number;
  episodes: unknown;
}

type RunKey = [string, number];

export interface GreenhouseSchema extends DBSchema {
  skills: { key: string; value: SkillRecord; indexes: { family: string; agent: string } };
  runs: { key: string; value: RunRecord; indexes: { updatedAt: number } };
  metrics: { key: RunKey; value: MetricsRecord };
  checkpoints: { key: RunKey; value: CheckpointRecord };
  trajectories: { key: RunKey; value: TrajectoriesRecord };
}

/** The stores keyed by [runId, update], deleted with their run. */
export const RUN_CHILD_STORES = ['metrics', 'checkpoints', 'trajectories'] as const;
