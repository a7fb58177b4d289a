// The pointer-generator kernels' wrappers (forward, and backward in two passes: per row, then per key).
import { POINTER_HEADS } from '../model/ops';
import type { GpuContext, GpuTensor } from './context';
import pointerCode from './kernels/pointer.wgsl?raw';
import backRowCode from './kernels/pointer_backward_row.wgsl?raw';
import backKeyCode from './kernels/pointer_backward_key.wgsl?raw';

type T = GpuTensor;
const WG = 64;

function workgroups(threads: number): [number] {
  const g = Math.max(1, Math.ceil(threads / WG));
  if (g > 65535) throw new Error(`pointer: ${threads} threads is more than one dispatch dimension holds`);
  return [g];
}

/** See Ops.pointer. */
export function pointer(ctx: GpuContext, q: T, kv: T, targets: T, qStart: T, keyLen: T, logits: T, out: T, probs: T, N: number, Tq: number, Tk: number, Dp: number, V: number): void {
  ctx.dispatch(pointerCode, { WG }, { u: [N, Tq, Tk, Dp, V] }, [q, kv, targets, qStart, keyLen, logits, out, probs], workgroups(N * Tq));
}

/** See Ops.pointerBackward; dS (N, HP, T, T) is a workspace. */
export function pointerBackward(ctx: GpuContext, qkv: T, probs: T, targets: T, logits: T, dOut: T, dLogits: T, dq: T, dS: T, N: number, T_: number, Dp: number, V: number): void {
  ctx.dispatch(backRowCode, { WG }, { u: [N, T_, Dp, V] }, [qkv, probs, targets, logits, dOut, dLogits, dS, dq], workgroups(N * T_));
  ctx.dispatch(backKeyCode, { WG }, { u: [N, T_, Dp] }, [qkv, dS, dq], workgroups(N * POINTER_HEADS * T_));
}
