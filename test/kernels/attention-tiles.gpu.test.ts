// The fused attention kernels in the form a GPU runs them (K and V streamed through workgroup tiles with barriers;
// decode queries split over several threads whose key shares are merged), which a CPU adapter never picks (it reads
// straight from memory): forward, KV-cached decode and backward against float64, with head rows that load as vec4s
// (Dh 8) and as checked scalars (Dh 3), T past one query block (64) and several key tiles (32).
import { describe, it } from 'vitest';
import type { GpuTensor } from '../../src/gpu/context';
import { attention, attentionBackward, attentionSavedSize } from '../../src/gpu/kernels/attention';
import { GpuOps } from '../../src/gpu/ops';
import { expectClose, putF, putI, randn } from './backends';
import { attentionBackward64 } from './backward64';
import { attention64 } from './reference64';
import { sharedDevice } from './layouts';

const TOL = { rtol: 1e-3, atol: 1e-3 };
const TILED = false; // `direct`: false is the GPU form

describe('attention in workgroup tiles (the GPU form)', () => {
  for (const Dh of [3, 8])
    it(`training forward and backward over 70 tokens, padded rows (N 2, H 2, Dh ${Dh})`, async () => {
      const ops = new GpuOps(await sharedDevice());
      const [N, T, H] = [2, 70, 2];
      const D = H * Dh;
      const qkv = randn(N * T * 3 * D, Dh, 1.5);
      const keyLen = [70, 40];
      const dOut = randn(N * T * D, 10 + Dh);
      const t = { qkv: putF(ops, 'at.qkv', qkv), q0: putI(ops, 'at.q0', [0, 0]), len: putI(ops, 'at.len', keyLen), dOut: putF(ops, 'at.dOut', dOut) } as Record<string, GpuTensor>;
      const [out, saved, dqkv] = [ops.f32('at.out', N * T * D), ops.f32('at.saved', attentionSavedSize(N, H, T)), ops.f32('at.dqkv', N * T * 3 * D)];
      attention(ops.ctx, t.qkv, t.qkv, t.q0, t.len, out, saved, N, T, T, H, Dh, TILED);
      attentionBackward(ops.ctx, t.qkv, saved, t.dOut, dqkv, N, T, H, Dh, TILED);
      expectClose(await ops.readF32(out, N * T * D), attention64(qkv, qkv, [0, 0], keyLen, N, T, T, H, Dh).out, TOL, `out Dh ${Dh}`);
      expectClose(await ops.readF32(dqkv, N * T * 3 * D), attentionBackward64(qkv, keyLen, dOut, N, T, H, Dh), TOL, `dqkv Dh ${Dh}`);
      ops.dispose();
    });

  for (const Dh of [3, 8])
    it(`KV-cached decode: one query per row, its keys shared by several threads and merged (N 3, Tk 70, Dh ${Dh})`, async () => {
      const ops = new GpuOps(await sharedDevice());
      const [N, Tk, H] = [3, 70, 2];
      const D = H * Dh;
      const q = randn(N * 3 * D, 20 + Dh, 1.5);
      const kv = randn(N * Tk * 3 * D, 30 + Dh, 1.5);
      const [qStart, keyLen] = [[69, 20, 50], [70, 70, 33]];
      const t = { q: putF(ops, 'dec.q', q), kv: putF(ops, 'dec.kv', kv), q0: putI(ops, 'dec.q0', qStart), len: putI(ops, 'dec.len', keyLen) } as Record<string, GpuTensor>;
      const out = ops.f32('dec.out', N * D);
      attention(ops.ctx, t.q, t.kv, t.q0, t.len, out, ops.f32('dec.saved', attentionSavedSize(N, H, 1)), N, 1, Tk, H, Dh, TILED);
      expectClose(await ops.readF32(out, N * D), attention64(q, kv, qStart, keyLen, N, 1, Tk, H, Dh).out, TOL, `decode out Dh ${Dh}`);
      ops.dispose();
    });
});
