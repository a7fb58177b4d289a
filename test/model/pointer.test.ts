// The pointer/copy head: what each context position emits, and a finite-difference check of every parameter of a
// transformer with its pointer head (CE loss through the mixture) on the CPU twin.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng';
import { CpuOps } from '../../src/cpu/ops';
import { LOSS_STATS, POINTER_HEADS } from '../../src/model/ops';
import { initParams, paramTable, type ModelConfig } from '../../src/model/params';
import { PointerHead, pointerTargets } from '../../src/model/pointer';
import { ACT, EL, END, GOAL, MATCH, OBS, UNK } from '../../src/model/tokenizer';
import { Transformer } from '../../src/model/transformer';

describe('pointer targets', () => {
  it("copy the token itself (not specials, <unk> or an element's id); inside an element line, emit the line id", () => {
    // <goal> 20 21 <obs> <el> 10 30 31 <match> <el> 11 32 <unk> <act> 40 <end> | padding (ids 10, 11: element ids)
    const row = [GOAL, 20, 21, OBS, EL, 10, 30, 31, MATCH, EL, 11, 32, UNK, ACT, 40, END, 0, 0];
    const t = pointerTargets(row, [16], 1, row.length);
    const copy = Array.from({ length: row.length }, (_, i) => t[i * POINTER_HEADS]);
    const elem = Array.from({ length: row.length }, (_, i) => t[i * POINTER_HEADS + 1]);
    expect(copy).toEqual([-1, 20, 21, -1, -1, -1, 30, 31, -1, -1, -1, 32, -1, -1, 40, -1, -1, -1]);
    expect(elem).toEqual([-1, -1, -1, -1, 10, 10, 10, 10, -1, 11, 11, 11, 11, -1, -1, -1, -1, -1]);
  });
  it('an <el> without an id after it (a special, or the row ends) emits nothing', () => {
    const t = pointerTargets([EL, EL, 15, 16, EL], [5], 1, 5);
    expect(Array.from({ length: 5 }, (_, i) => t[i * POINTER_HEADS + 1])).toEqual([-1, 15, 15, 15, -1]);
  });
});

it('every parameter tensor, the pointer head included, gets its finite-difference gradient (V 16, D 8, Dp 3)', () => {
  const cfg: ModelConfig = { vocab: 16, dim: 8, layers: 1, heads: 2, window: 9, pointer: 3 };
  const ops = new CpuOps();
  const table = paramTable(cfg);
  const m = new Transformer(ops, cfg, table);
  const head = new PointerHead(ops, table, m.params, m.grads, cfg.dim, cfg.vocab, 3);
  m.params.set(initParams(cfg, table, Rng.fromSeed(5)));
  const [N, T] = [2, 9];
  const tokens = Int32Array.from([GOAL, 12, OBS, EL, 10, 12, EL, 11, 13, GOAL, 14, OBS, EL, 9, 14, ACT, 9, 0]);
  const lengths = Int32Array.from([9, 8]);
  const pos = Int32Array.from({ length: N * T }, (_, i) => i % T);
  const targets = Int32Array.from({ length: N * T }, (_, i) => (i % T < T - 1 ? tokens[i + 1] : 0));
  const weight = Float32Array.from({ length: N * T }, (_, i) => (i % T >= 2 && i % T < lengths[Math.floor(i / T)] - 1 ? 1 : 0));
  const h = { objective: 'ce' as const, invTemp: 1, beta: 0, epsLow: 0.2, epsHigh: 0.2 };
  const dScores = new Float32Array(N * T * cfg.vocab);
  const stats = new Float32Array(N * T * LOSS_STATS);
  const state: { hf?: Float32Array; logits?: Float32Array } = {};
  const loss = () => {
    state.hf = m.forward('t', tokens, pos, new Int32Array(N), lengths, N, T);
    state.logits = m.head('t', state.hf, N * T);
    const scores = head.forward('t', state.hf, state.logits, tokens, lengths, new Int32Array(N), lengths, N, T);
    ops.tokenLoss(scores, targets, weight, new Float32Array(N), new Float32Array(N * T), null, dScores, stats, N, T, cfg.vocab, h);
    let s = 0;
    for (let r = 0; r < N * T; r++) s += stats[r * LOSS_STATS];
    return s;
  };
  loss();
  const back = head.backward('t', state.hf!, state.logits!, dScores, N, T);
  m.backward('t', tokens, pos, back.dLogits, N, T, back.dHidden);
  const grads = m.grads.slice();
  const rng = Rng.fromSeed(9);
  let checked = 0;
  for (const [name, e] of table.entries) {
    for (let k = 0; k < 4; k++) {
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
  expect(checked).toBe(4 * table.entries.size);
  expect(table.entries.has('ptr.w')).toBe(true);
});
