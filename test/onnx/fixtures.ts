// Fixtures shared by the ONNX tests in Node and in Chromium: a seeded policy of any preset with every parameter
// perturbed (so LN gains, biases and the tied head all matter), seeded right-padded rows, max |a - b|.
import { Rng } from '../../src/core/rng';
import { initParams, paramTable, type ModelConfig } from '../../src/model/params';
import { presetConfig, type PresetName } from '../../src/model/presets';
import { EL, GOAL, MATCH, OBS, SPECIALS, UNK } from '../../src/model/tokenizer';

export const VOCAB = 300;

export interface Fixture {
  config: ModelConfig;
  vocab: string[];
  params: Float32Array;
}

export function seededPolicy(preset: PresetName, seed: number, pointer = true): Fixture {
  const config = presetConfig(preset, VOCAB, pointer);
  const table = paramTable(config);
  const params = initParams(config, table, Rng.fromSeed(seed));
  const noise = Rng.fromSeed(seed + 1);
  for (const e of table.entries.values()) for (let i = e.offset; i < e.offset + e.size; i++) params[i] += 0.1 * noise.normal();
  const vocab = [...SPECIALS, ...Array.from({ length: VOCAB - SPECIALS.length }, (_, i) => `w${i}`)];
  return { config, vocab, params };
}

/**
 * N = 4 rows of width T = 19: one full, one half, one of a single token, one all padding (no key at all: our
 * attention gives 0 there, and so must the export). Padding positions hold random ids too. Specials are planted
 * so that the pointer head's element lines show up: <el> id ... lines, an <el> before a special, one at a row's end.
 */
export function seededRows(seed: number): { tokens: Int32Array; lengths: Int32Array; N: number; T: number } {
  const N = 4;
  const T = 19;
  const rng = Rng.fromSeed(seed);
  const tokens = Int32Array.from({ length: N * T }, () => Math.floor(rng.next() * VOCAB));
  const plant: [number, number][] = [[0, GOAL], [3, OBS], [4, EL], [9, EL], [13, EL], [14, MATCH], [16, UNK], [T + 2, EL], [T + 5, EL], [T + 9, EL]];
  for (const [at, token] of plant) tokens[at] = token;
  return { tokens, lengths: Int32Array.from([T, 10, 1, 0]), N, T };
}

export function maxAbsDiff(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) throw new Error(`lengths differ: ${a.length} vs ${b.length}`);
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
}
