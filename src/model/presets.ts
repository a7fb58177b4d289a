// Named model sizes and the check that one fits an adapter's limits, with a message that says what to change.
import type { AdapterSummary } from '../gpu/device';
import { LOG_SUM_EXP, stepBuffers } from './memory';
import { countParams, paramTable, type ModelConfig } from './params';

export type PresetName = 'tiny' | 'small' | 'base';

/** Shapes without the vocabulary, which the tokenizer decides. */
export const PRESETS: Record<PresetName, Omit<ModelConfig, 'vocab'>> = {
  tiny: { dim: 32, layers: 2, heads: 4, window: 128, pointer: 16 }, // ~45k params at V = 500: trains on a CPU
  small: { dim: 128, layers: 4, heads: 4, window: 256, pointer: 32 }, // ~0.9M
  base: { dim: 256, layers: 12, heads: 8, window: 512, pointer: 32 }, // ~9.7M: for real GPUs
};

/** A preset's shape for a vocabulary; `pointer` false leaves the pointer head out (config `pointer`, an ablation). */
export function presetConfig(name: PresetName, vocab: number, pointer = true): ModelConfig {
  const p = PRESETS[name];
  if (!p) throw new Error(`unknown model preset '${name}' (have ${Object.keys(PRESETS).join(', ')})`);
  return { ...p, vocab, pointer: pointer ? p.pointer : 0 };
}

export interface FitCheck {
  ok: boolean;
  message: string;
  /** Largest single buffer a step with `rows` sequences needs, in bytes. */
  largestBuffer: number;
}

/** Does training `rows` sequences of the full window fit the adapter's buffer and workgroup limits? */
export function checkModelFits(c: ModelConfig, limits: AdapterSummary['limits'], rows = 16): FitCheck {
  const buffers: [string, number][] = [
    ['parameters', paramTable(c).total * 4],
    // Fused attention keeps one log-sum-exp per row and head, not the probabilities; the pointer head keeps its own.
    ...stepBuffers(c, rows, c.window, LOG_SUM_EXP).map((b): [string, number] => [b.label, b.bytes]),
  ];
  // Stryker disable next-line EqualityOperator: on a tie either buffer is a largest one, and the message is right with either
  const [what, largest] = buffers.reduce((a, b) => (b[1] > a[1] ? b : a));
  const limit = Math.min(limits.maxStorageBufferBindingSize, limits.maxBufferSize);
  const n = countParams(paramTable(c));
  if (largest > limit)
    return { ok: false, largestBuffer: largest, message: `model (${n} params) does not fit: ${what} needs ${mib(largest)} but the adapter allows ${mib(limit)} per buffer; use a smaller preset, fewer rows or a shorter window` };
  if (limits.maxComputeInvocationsPerWorkgroup < 256 || limits.maxComputeWorkgroupStorageSize < 16384)
    return { ok: false, largestBuffer: largest, message: `the adapter's workgroups are too small (need 256 invocations and 16 KiB shared memory, have ${limits.maxComputeInvocationsPerWorkgroup} and ${limits.maxComputeWorkgroupStorageSize})` };
  return { ok: true, largestBuffer: largest, message: `fits: ${n} params, largest buffer ${mib(largest)} (${what}) of ${mib(limit)}` };
}

function mib(b: number): string {
  return `${(b / 2 ** 20).toFixed(1)} MiB`;
}
