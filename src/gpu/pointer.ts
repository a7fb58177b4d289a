// The pointer-generator kernels' wrappers: forward as the heads' attention then the mixture; backward through the
// mixture (per row), the heads' softmax (per query) and their keys (per key).
import { POINTER_HEADS as HP } from '../model/ops';
import type { GpuContext, GpuTensor } from './context';
import probsCode from './kernels/pointer.wgsl?raw';
import mixCode from './kernels/pointer_mix.wgsl?raw';
import backMixCode from './kernels/pointer_backward_mix.wgsl?raw';
import backProbsCode from './kernels/pointer_backward_probs.wgsl?raw';
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
  const u = [N, Tq, Tk, Dp, V];
  ctx.dispatch(probsCode, { WG }, { u }, [q, kv, targets, qStart, keyLen, probs], workgroups(N * HP * Tq));
  ctx.dispatch(mixCode, { WG }, { u }, [q, targets, probs, logits, out], workgroups(N * Tq));
}

/** See Ops.pointerBackward; dS (N, HP, T, T) is a workspace. */
export function pointerBackward(ctx: GpuContext, qkv: T, probs: T, targets: T, logits: T, dOut: T, dLogits: T, dq: T, dS: T, N: number, T_: number, Dp: number, V: number): void {
  ctx.dispatch(backMixCode, { WG }, { u: [N, T_, Dp, V] }, [qkv, probs, targets, logits, dOut, dLogits, dS, dq], workgroups(N * T_));
  ctx.dispatch(backProbsCode, { WG }, { u: [N, T_, Dp] }, [qkv, probs, dS, dq], workgroups(N * HP * T_));
  ctx.dispatch(backKeyCode, { WG }, { u: [N, T_, Dp] }, [qkv, dS, dq], workgroups(N * HP * T_));
}
