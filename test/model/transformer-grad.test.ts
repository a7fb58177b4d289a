// Finite-difference check of the whole transformer's backward (CE loss) on the CPU twin, over a sample of parameters of
// every tensor: the plain tied head, and the pointer/copy head's mixture on top of it.
import { expect, it } from 'vitest';
import { Rng } from '../../src/core/rng';
import { CpuOps } from '../../src/cpu/ops';
import { LOSS_STATS } from '../../src/model/ops';
import { initParams, paramTable, type ModelConfig } from '../../src/model/params';
import { PointerHead } from '../../src/model/pointer';
import { ACT, EL, GOAL, OBS } from '../../src/model/tokenizer';
import { Transformer } from '../../src/model/transformer';

/** FD-checks `samples` entries of every parameter tensor of a model over rows `tokens` (N, T) of `lengths`, loss on `weight`. */
function checkEveryParameter(cfg: ModelConfig, tokens: Int32Array, lengths: Int32Array, weight: Float32Array, samples: number): void {
  const [N, T] = [lengths.length, tokens.length / lengths.length];
  const ops = new CpuOps();
  const table = paramTable(cfg);
  const m = new Transformer(ops, cfg, table);
  const head = cfg.pointer ? new PointerHead(ops, table, m.params, m.grads, cfg.dim, cfg.vocab, cfg.pointer) : null;
  m.params.set(initParams(cfg, table, Rng.fromSeed(3)));
  // the init (std 1/sqrt(D)) is large enough that every path carries signal
  for (const [name, e] of table.entries) if (name.endsWith('.g')) m.params.fill(1, e.offset, e.offset + e.size);
  const pos = Int32Array.from({ length: N * T }, (_, i) => i % T);
  const targets = Int32Array.from({ length: N * T }, (_, i) => (i % T < T - 1 ? tokens[i + 1] : 0));
  const h = { objective: 'ce' as const, invTemp: 1, beta: 0, epsLow: 0.2, epsHigh: 0.2, entropyCoef: 0 };
  const dScores = new Float32Array(N * T * cfg.vocab);
  const stats = new Float32Array(N * T * LOSS_STATS);
  let hf: Float32Array = new Float32Array(0);
  let logits: Float32Array = new Float32Array(0);
  const loss = () => {
    hf = m.forward('t', tokens, pos, new Int32Array(N), lengths, N, T);
    logits = m.head('t', hf, N * T, head?.vocabBias);
    const scores = head ? head.forward('t', hf, logits, tokens, lengths, new Int32Array(N), lengths, N, T) : logits;
    ops.tokenLoss(scores, targets, weight, new Float32Array(N), new Float32Array(N * T), null, dScores, stats, N, T, cfg.vocab, h);
    let s = 0;
    for (let r = 0; r < N * T; r++) s += stats[r * LOSS_STATS];
    return s;
  };
  loss();
  const back = head ? head.backward('t', hf, logits, dScores, N, T) : { dLogits: dScores, dHidden: null };
  m.backward('t', tokens, pos, back.dLogits, N, T, back.dHidden);
  const grads = m.grads.slice();
  const rng = Rng.fromSeed(9);
  let checked = 0;
  for (const [name, e] of table.entries) {
    for (let k = 0; k < samples; k++) {
      const i = e.offset + rng.int(e.size);
      const x0 = m.params[i];
      const eps = 1e-2;
      m.params[i] = x0 + eps;
      const up = loss();
      m.params[i] = x0 - eps;
      const dn = loss();
      m.params[i] = x0;
      const fd = (up - dn) / (2 * eps);
      const err = Math.abs(fd - grads[i]) / Math.max(2e-2, Math.abs(fd));
      if (err > 5e-2) throw new Error(`${name}[${i - e.offset}]: finite difference ${fd}, backward ${grads[i]}`);
      checked++;
    }
  }
  expect(checked).toBe(samples * table.entries.size);
}

it('every parameter tensor gets its finite-difference gradient (V 11, D 8, 2 layers, 2 heads)', () => {
  checkEveryParameter(
    { vocab: 11, dim: 8, layers: 2, heads: 2, window: 6 },
    Int32Array.from([1, 5, 7, 2, 9, 3, 3, 10, 0, 0]),
    Int32Array.from([5, 3]),
    Float32Array.from([1, 1, 1, 1, 0, 1, 1, 0, 0, 0]),
    3,
  );
});

it('with the pointer head, its parameters too (V 16, D 8, Dp 3; element lines and a copyable goal word)', () => {
  const tokens = Int32Array.from([GOAL, 12, OBS, EL, 10, 12, EL, 11, 13, GOAL, 14, OBS, EL, 9, 14, ACT, 9, 0]);
  const lengths = Int32Array.from([9, 8]);
  const weight = Float32Array.from({ length: 18 }, (_, i) => (i % 9 >= 2 && i % 9 < lengths[Math.floor(i / 9)] - 1 ? 1 : 0));
  const cfg = { vocab: 16, dim: 8, layers: 1, heads: 2, window: 9, pointer: 3 };
  expect(paramTable(cfg).entries.has('ptr.w')).toBe(true);
  checkEveryParameter(cfg, tokens, lengths, weight, 4);
});
