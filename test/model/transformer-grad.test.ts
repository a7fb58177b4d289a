// Finite-difference check of the whole transformer's backward (CE loss) on the CPU twin, over a sample of parameters.
import { expect, it } from 'vitest';
import { Rng } from '../../src/core/rng';
import { CpuOps } from '../../src/cpu/ops';
import { LOSS_STATS } from '../../src/model/ops';
import { initParams, paramTable, type ModelConfig } from '../../src/model/params';
import { Transformer } from '../../src/model/transformer';

it('every parameter tensor gets its finite-difference gradient (V 11, D 8, 2 layers, 2 heads)', () => {
  const cfg: ModelConfig = { vocab: 11, dim: 8, layers: 2, heads: 2, window: 6 };
  const ops = new CpuOps();
  const table = paramTable(cfg);
  const m = new Transformer(ops, cfg, table);
  m.params.set(initParams(cfg, table, Rng.fromSeed(3)));
  // the init (std 1/sqrt(D)) is large enough that every path carries signal
  for (const [name, e] of table.entries) if (name.endsWith('.g')) m.params.fill(1, e.offset, e.offset + e.size);
  const [N, T] = [2, 5];
  const tokens = Int32Array.from([1, 5, 7, 2, 9, 3, 3, 10, 0, 0]);
  const pos = Int32Array.from({ length: N * T }, (_, i) => i % T);
  const targets = Int32Array.from({ length: N * T }, (_, i) => (i % T < T - 1 ? tokens[i + 1] : 0));
  const keyLen = Int32Array.from([5, 3]);
  const weight = Float32Array.from([1, 1, 1, 1, 0, 1, 1, 0, 0, 0]);
  const h = { objective: 'ce' as const, invTemp: 1, beta: 0, epsLow: 0.2, epsHigh: 0.2, entropyCoef: 0 };
  const dl = new Float32Array(N * T * cfg.vocab);
  const stats = new Float32Array(N * T * LOSS_STATS);
  const loss = () => {
    const hf = m.forward('t', tokens, pos, new Int32Array(N), keyLen, N, T);
    const logits = m.head('t', hf, N * T);
    ops.tokenLoss(logits, targets, weight, new Float32Array(N), new Float32Array(N * T), null, dl, stats, N, T, cfg.vocab, h);
    let s = 0;
    for (let r = 0; r < N * T; r++) s += stats[r * LOSS_STATS];
    return s;
  };
  loss();
  m.backward('t', tokens, pos, dl, N, T);
  const grads = m.grads.slice();
  const rng = Rng.fromSeed(9);
  let checked = 0;
  for (const [name, e] of table.entries) {
    for (let k = 0; k < 3; k++) {
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
  expect(checked).toBe(3 * table.entries.size);
});
