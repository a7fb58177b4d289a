// Wrappers of the kernels that reduce along rows or columns: layer norm (forward, backward), column sums,
// log-probabilities, the token loss, sampling and the gradient norm. Row kernels run one workgroup per row and reduce
// with reduce.wgsl, or with reduce_subgroups.wgsl where the device's subgroups passed the probe (subgroups.ts).
import type { LossHyper } from '../../model/ops';
import type { GpuContext, GpuTensor } from '../context';
import reducePlain from './reduce.wgsl?raw';
import reduceSubgroups from './reduce_subgroups.wgsl?raw';
import colsumCode from './colsum.wgsl?raw';
import gradnormCode from './gradnorm.wgsl?raw';
import layernormCode from './layernorm.wgsl?raw';
import lnBackXCode from './layernorm_backward_x.wgsl?raw';
import logprobsCode from './logprobs.wgsl?raw';
import sampleCode from './sample.wgsl?raw';
import tokenlossCode from './tokenloss.wgsl?raw';

type T = GpuTensor;

/** A kernel with the reductions in front, both forms built once (pipelines are cached by code). */
function reducing(code: string): readonly [plain: string, subgroups: string] {
  return [`${reducePlain}\n${code}`, `${reduceSubgroups}\n${code}`];
}
const LAYERNORM = reducing(layernormCode);
const LN_BACK_X = reducing(lnBackXCode);
const LOGPROBS = reducing(logprobsCode);
const TOKENLOSS = reducing(tokenlossCode);
const SAMPLE = reducing(sampleCode);
const GRADNORM = reducing(gradnormCode);

/** Threads per row: about 4 elements each, 32 to 256, a power of two. */
export function rowWG(width: number): number {
  return Math.min(256, Math.max(32, 2 ** Math.ceil(Math.log2(Math.max(1, width / 4)))));
}

/** One workgroup per row, in two dimensions past the 65535 limit. */
function perRow(R: number): [number, number] {
  return R <= 65535 ? [Math.max(1, R), 1] : [65535, Math.ceil(R / 65535)];
}

export class RowKernels {
  /** `sub`: reduce with subgroups (the device passed the probe). */
  constructor(private readonly ctx: GpuContext, private readonly sub: boolean, private readonly dummy: T) {}

  private row(code: readonly [string, string], constants: Record<string, number>, u: number[], f: number[], tensors: T[], rows: number, width: number): void {
    this.ctx.dispatch(code[+this.sub], { WG: rowWG(width), ...constants }, { u, f }, tensors, perRow(rows));
  }

  layerNorm(x: T, g: T, b: T, out: T, mean: T, rstd: T, R: number, D: number): void {
    this.row(LAYERNORM, {}, [R, D], [], [x, g, b, out, mean, rstd], R, D);
  }

  layerNormBackward(dOut: T, x: T, g: T, mean: T, rstd: T, dx: T, dg: T, db: T, R: number, D: number, acc: boolean): void {
    this.row(LN_BACK_X, { ACC: +acc }, [R, D], [], [dOut, x, g, mean, rstd, dx], R, D);
    this.columns(true, dOut, x, mean, rstd, dg, db, R, D);
  }

  colSum(dOut: T, dBias: T, M: number, N: number): void {
    this.columns(false, dOut, this.dummy, this.dummy, this.dummy, dBias, this.ctx.workspace('colsum.unused', 1), M, N);
  }

  /** Column sums (or, with ln, the layer-norm parameter gradients): chunks of rows in parallel, then chunks in order. */
  private columns(ln: boolean, dOut: T, x: T, mean: T, rstd: T, out0: T, out1: T, M: number, N: number): void {
    const chunks = M <= 64 ? 1 : Math.min(64, Math.ceil(M / 64));
    const CH = Math.ceil(M / chunks);
    const part = this.ctx.workspace('colsum.part', chunks > 1 ? chunks * (ln ? 2 : 1) * N : 1);
    const tensors = [dOut, x, mean, rstd, part, out0, out1];
    const u = { u: [M, N, CH, chunks] };
    this.ctx.dispatch(colsumCode, { PASS: 1, LN: +ln }, u, tensors, [Math.ceil(N / 64), chunks]);
    if (chunks > 1) this.ctx.dispatch(colsumCode, { PASS: 2, LN: +ln }, u, tensors, [Math.ceil(N / 64), 1]);
  }

  logprobs(logits: T, targets: T, out: T, R: number, V: number, invTemp: number): void {
    this.row(LOGPROBS, {}, [R, V], [invTemp], [logits, targets, out], R, V);
  }

  tokenLoss(logits: T, targets: T, weight: T, adv: T, oldLogp: T, refLogp: T | null, dLogits: T, stats: T, N: number, T_: number, V: number, h: LossHyper): void {
    const constants = { CE: +(h.objective === 'ce'), REF: +(refLogp !== null) };
    const tensors = [logits, targets, weight, adv, oldLogp, refLogp ?? this.dummy, dLogits, stats];
    this.row(TOKENLOSS, constants, [T_, N * T_, V], [h.invTemp, refLogp ? h.beta : 0, h.epsLow, h.epsHigh], tensors, N * T_, V);
  }

  sample(logits: T, mask: T | null, u: T, tokens: T, logp: T, N: number, V: number, invTemp: number, topP: number): void {
    this.row(SAMPLE, { MASK: +(mask !== null) }, [N, V], [invTemp, topP], [logits, mask ?? this.dummy, u, tokens, logp], N, V);
  }

  /** Two passes: up to 1024 workgroups square-sum contiguous chunks, then one adds the parts in order. */
  gradNorm(g: T, n: number, out: T): void {
    const WG = 256;
    const parts = Math.min(1024, Math.max(1, Math.ceil(n / (WG * 16))));
    const CH = Math.ceil(n / parts);
    const part = this.ctx.workspace('gradnorm.part', parts);
    const u = { u: [n, CH, parts] };
    this.ctx.dispatch(GRADNORM[+this.sub], { WG, PASS: 1 }, u, [g, part, out], [parts]);
    if (parts > 1) this.ctx.dispatch(GRADNORM[+this.sub], { WG, PASS: 2 }, u, [g, part, out], [1]);
  }
}
