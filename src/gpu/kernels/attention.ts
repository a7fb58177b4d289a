// Wrappers of the fused attention kernels: forward (training, prefill and KV-cached decode) and the two backward
// passes, which recompute the probabilities from the saved log-sum-exp. Tile sizes are chosen per shape.
import type { GpuContext, GpuTensor } from '../context';
import forwardCode from './attention.wgsl?raw';
import backQCode from './attention_backward_q.wgsl?raw';
import backKvCode from './attention_backward_kv.wgsl?raw';

const DH4_LINE = 'const DH4 = 4u;';
for (const code of [forwardCode, backQCode, backKvCode]) if (!code.includes(DH4_LINE)) throw new Error(`attention kernels must declare '${DH4_LINE}'`);

const variants = new Map<string, string>();
/**
 * A kernel with its per-thread head rows sized for Dh (private arrays need a constant length) and its one-line loops
 * over them unrolled, `for (var c = 0u; c < DH4; c++) { body }` becoming the body once per c: registers indexed by
 * constants stay registers even where the shader compiler does not unroll (SwiftShader).
 */
function sized(code: string, which: string, Dh: number): string {
  const dh4 = Math.ceil(Dh / 4);
  const key = `${which}:${dh4}`;
  let v = variants.get(key);
  if (!v) variants.set(key, (v = unrollHeadLoops(code.replace(DH4_LINE, `const DH4 = ${dh4}u;`), dh4)));
  return v;
}

export function unrollHeadLoops(code: string, dh4: number): string {
  return code.replace(/for \(var c = 0u; c < DH4; c\+\+\) \{ ([^{}]*) \}/g, (_, body: string) =>
    Array.from({ length: dh4 }, (_, c) => body.replace(/\bc\b/g, `${c}u`)).join(' '),
  );
}

/** Floats of attention's saved state: log-sum-exp and backward's row dots per (n, h, query), then keyLen per row. */
export function attentionSavedSize(N: number, H: number, Tq: number): number {
  return 2 * N * H * Tq + N;
}

/** Keys (or queries) per workgroup-memory tile: two tiles of Dh-wide rows in 16 KiB. */
function tile(Dh: number): number {
  return Math.max(1, Math.min(32, Math.floor(512 / Math.ceil(Dh / 4))));
}

function checkRows(N: number): void {
  if (N > 65535) throw new Error(`attention: ${N} rows exceed the 65535 workgroups of one dispatch dimension`);
}

type T = GpuTensor;

export function attention(ctx: GpuContext, q: T, kv: T, qStart: T, keyLen: T, out: T, saved: T, N: number, Tq: number, Tk: number, H: number, Dh: number): void {
  checkRows(N);
  const BK = tile(Dh);
  // One query (decode): its keys shared by BK threads; else one thread per query, 64 to a workgroup.
  const [BQ, KS] = Tq === 1 ? [1, BK] : [64, 1];
  ctx.dispatch(sized(forwardCode, 'fwd', Dh), { BQ, KS, BK }, { u: [N, Tq, Tk, H, Dh] }, [q, kv, qStart, keyLen, out, saved], [Math.ceil(Tq / BQ), H, N]);
}

export function attentionBackward(ctx: GpuContext, qkv: T, saved: T, dOut: T, dqkv: T, N: number, T_: number, H: number, Dh: number): void {
  checkRows(N);
  const u = { u: [N, T_, H, Dh] };
  const B = 64;
  ctx.dispatch(sized(backQCode, 'q', Dh), { BQ: B, BK: tile(Dh) }, u, [qkv, dOut, saved, dqkv], [Math.ceil(T_ / B), H, N]);
  ctx.dispatch(sized(backKvCode, 'kv', Dh), { BJ: B, BI: tile(Dh) }, u, [qkv, dOut, saved, dqkv], [Math.ceil(T_ / B), H, N]);
}
