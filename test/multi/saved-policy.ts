// A saved single-agent policy made by hand (no training): checkpoint bytes for a config, over a small vocabulary,
// with parameters of the length its model needs (plus `extra`), for the frozen-agent tests.
import type { Config } from '../../src/core/config-table';
import { paramTable } from '../../src/model/params';
import { presetConfig } from '../../src/model/presets';
import { SPECIALS } from '../../src/model/tokenizer';
import { encodeCheckpoint } from '../../src/rl/checkpoint';

export const SAVED_VOCAB = [...SPECIALS, 'click', 'answer'];

export function savedPolicyBytes(c: Config, extra = 0): Uint8Array {
  const n = paramTable(presetConfig(c.model, SAVED_VOCAB.length, c.pointer)).total + extra;
  const params = new Float32Array(n).fill(0.25);
  return encodeCheckpoint({
    version: 2, config: c, update: 3, vocab: SAVED_VOCAB,
    policy: { params, adamM: new Float32Array(n), adamV: new Float32Array(n), step: 3 },
    reference: params.slice(), rng: { tasks: [1, 2, 3, 4], sample: [5, 6, 7, 8] }, pending: null,
  });
}
