// Wrappers of the fused attention kernels: forward (training, prefill and KV-cached decode) and the two backward
// passes, which recompute the probabilities from the saved log-sum-exp. Tile sizes are chosen per shape; `direct`
// (CPU adapters) reads head rows from memory instead of workgroup tiles.
import type { GpuContext, GpuTensor } from '../context';
import forwardCode from './attention.wgsl?raw';
import backRows from './attention_backward_rows.wgsl?raw';
import backQCode from './attention_backward_q.wgsl?raw';
import backKvCode from './attention_backward_kv.wgsl?raw';

const DH4_LINE = 'const DH4 = 4u;';
const KERNELS = { fwd: forwardCode, q: `${backRows}\n${backQCode}`, kv: `${backRows}\n${backKvCode}` };
for (const code of Object.values(KERNELS)) if (!code.includes(DH4_LINE)) throw new Error(`attention kernels must declare '${DH4_LINE}'`);

const variants = new Map<string, string>();
/**
 * A kernel with its per-thread head rows sized for Dh (private arrays need a constant length) and its one-line loops
 * over them unrolled, `for (var c = 0u; c < DH4; c++) { body }` becoming the body once per c: registers indexed by
 * constants stay registers even where the shader compiler does not unroll (SwiftShader).
 */
function sized(which: keyof typeof KERNELS, Dh: number): string {
  const dh4 = Math.ceil(Dh / 4);
  const key = `${which}:${dh4}`;
  let v = variants.get(key);
  if (!v) variants.set(key, (v = unrollHeadLoops(KERNELS[which].replace(DH4_LINE, `const DH4 = ${dh4}u;`), dh4)));
  return v;
}

export function unrollHeadLoops(code: string, dh4: number): string {
  return code.replace(/for \(var c = 0u; c < DH4; c\+\+\) \{ ([^{}]*) \}/g, (_, body: string) =>
    Array.from({ length: dh4 }, (_, c) => body.replace(/\bc\b/g, `${c}u`)).join(' '),
  );
}

/** Floats of attention's saved state: the log-sum-exp per (n, h, query), then keyLen per row. */
export function attentionSavedSize(N: number, H: number, Tq: number): number {
  return N * H * Tq + N;
}

/** Keys (or queries) per workgroup-memory tile: two tiles of Dh-wide rows in 16 KiB. */
function tile(Dh: number): number {
  return Math.max(1, Math.min(32, Math.floor(512 / Math.ceil(Dh / 4))));
}

function checkRows(N: number): void {
  if (N > 65535) throw new Error(`attention: ${N} rows exceed the 65535 workgroups of one dispatch dimension`);
}

type T = GpuTensor;

export function attention(ctx: GpuContext, q: T, kv: T, qStart: T, keyLen: T, out: T, saved: T, N: number, Tq: number, Tk: number, H: number, Dh: number, direct: boolean): void {
  checkRows(N);
  const BK = tile(Dh);
  // One query (decode): its keys shared by BK threads (one thread when direct: no merge); else a thread per query.
  const [BQ, KS] = Tq === 1 ? [1, direct ? 1 : BK] : [64, 1];
  const constants = { BQ, KS, BK, ALIGNED: +(Dh % 4 === 0), DIRECT: +direct };
  ctx.dispatch(sized('fwd', Dh), constants, { u: [N, Tq, Tk, H, Dh] }, [q, kv, qStart, keyLen, out, saved], [Math.ceil(Tq / BQ), H, N]);
}

export function attentionBackward(ctx: GpuContext, qkv: T, saved: T, dOut: T, dqkv: T, N: number, T_: number, H: number, Dh: number, direct: boolean): void {
  checkRows(N);
  const u = { u: [N, T_, H, Dh] };
  const common = { ALIGNED: +(Dh % 4 === 0), DIRECT: +direct };
  const grid: [number, number, number] = [Math.ceil(T_ / 64), H, N];
  const dsum = ctx.workspace('attention.dsum', N * H * T_); // (N, H, T): the query pass's row dots, for the key pass
  ctx.dispatch(sized('q', Dh), { ...common, BQ: 64, BK: tile(Dh) }, u, [qkv, dOut, saved, dqkv, dsum], grid);
  ctx.dispatch(sized('kv', Dh), { ...common, BJ: 64, BI: tile(Dh) }, u, [qkv, dOut, saved, dqkv, dsum], grid);
}
