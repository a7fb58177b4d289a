// Wrappers of the kernels that reduce along rows or columns: layer norm (forward, backward), column sums,
// log-probabilities, the token loss, sampling and the gradient norm. A row kernel gives each row LANES threads
// (1 on CPU adapters, where barriers cost more than they save; 32 on GPUs) and reduces with reduce.wgsl's tree, or
// with reduce_subgroups.wgsl's shuffles where the device's subgroups passed the probe and hold a whole row.
import type { LossHyper } from '../../model/ops';
import type { GpuContext, GpuTensor } from '../context';
import rowCommon from './row_common.wgsl?raw';
import reduceTree from './reduce.wgsl?raw';
import reduceSubgroups from './reduce_subgroups.wgsl?raw';
import colsumCode from './colsum.wgsl?raw';
import gradnormCode from './gradnorm.wgsl?raw';
import layernormCode from './layernorm.wgsl?raw';
import lnBackXCode from './layernorm_backward_x.wgsl?raw';
import logprobsCode from './logprobs.wgsl?raw';
import sampleCode from './sample.wgsl?raw';
import tokenlossCode from './tokenloss.wgsl?raw';

type T = GpuTensor;

/** A kernel with the row reductions in front, both forms built once (pipelines are cached by code). */
function reducing(code: string): readonly [tree: string, subgroups: string] {
  return [`${reduceTree}\n${rowCommon}\n${code}`, `${reduceSubgroups}\n${rowCommon}\n${code}`];
}
const LAYERNORM = reducing(layernormCode);
const LN_BACK_X = reducing(lnBackXCode);
const LOGPROBS = reducing(logprobsCode);
const TOKENLOSS = reducing(tokenlossCode);
const SAMPLE = reducing(sampleCode);
const GRADNORM = reducing(gradnormCode);

/** How the row kernels spread a row over threads. */
export interface RowLayout {
  /** Threads per row: a power of two, 1 to 256. */
  lanes: number;
  /** The verified subgroup size (subgroups.ts), or null: reduce in workgroup memory. */
  subgroupSize: number | null;
}

/** Rows per workgroup so that a workgroup has 64 to 256 threads. */
function rowsPerGroup(lanes: number): number {
  return Math.max(1, Math.floor(Math.max(64, Math.min(256, lanes * 4)) / lanes));
}

export class RowKernels {
  private readonly sub: number; // index into a reducing() pair
  private readonly cpu: boolean;

  constructor(private readonly ctx: GpuContext, private readonly layout: RowLayout, private readonly dummy: T) {
    const { lanes, subgroupSize } = layout;
    if (!(lanes >= 1 && lanes <= 256 && Number.isInteger(Math.log2(lanes)))) throw new Error(`row lanes must be a power of two from 1 to 256, got ${lanes}`);
    this.sub = subgroupSize !== null && lanes <= subgroupSize ? 1 : 0;
    this.cpu = lanes === 1;
  }

  /** Whether the row reductions run on subgroups. */
  get onSubgroups(): boolean {
    return this.sub === 1;
  }

  private row(code: readonly [string, string], constants: Record<string, number>, u: number[], f: number[], tensors: T[], rows: number): void {
    const { lanes } = this.layout;
    const per = rowsPerGroup(lanes);
    const groups = Math.ceil(rows / per);
    const grid: [number, number] = groups <= 65535 ? [Math.max(1, groups), 1] : [65535, Math.ceil(groups / 65535)];
    this.ctx.dispatch(code[this.sub], { WG: lanes * per, LANES: lanes, ...constants }, { u, f }, tensors, grid);
  }

  layerNorm(x: T, g: T, b: T, out: T, mean: T, rstd: T, R: number, D: number): void {
    this.row(LAYERNORM, {}, [R, D], [], [x, g, b, out, mean, rstd], R);
  }

  layerNormBackward(dOut: T, x: T, g: T, mean: T, rstd: T, dx: T, dg: T, db: T, R: number, D: number, acc: boolean): void {
    this.row(LN_BACK_X, { ACC: +acc }, [R, D], [], [dOut, x, g, mean, rstd, dx], R);
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
    const RL = this.cpu ? 1 : 4;
    this.ctx.dispatch(colsumCode, { PASS: 1, LN: +ln, RL }, u, tensors, [Math.ceil(N / 64), chunks]);
    if (chunks > 1) this.ctx.dispatch(colsumCode, { PASS: 2, LN: +ln, RL }, u, tensors, [Math.ceil(N / 64), 1]);
  }

  logprobs(logits: T, targets: T, out: T, R: number, V: number, invTemp: number): void {
    this.row(LOGPROBS, {}, [R, V], [invTemp], [logits, targets, out], R);
  }

  tokenLoss(logits: T, targets: T, weight: T, adv: T, oldLogp: T, refLogp: T | null, dLogits: T, stats: T, N: number, T_: number, V: number, h: LossHyper): void {
    const withRef = refLogp !== null && h.beta !== 0; // as the twin: no KL term, and none reported, at beta 0
    const constants = { CE: +(h.objective === 'ce'), REF: +withRef };
    const tensors = [logits, targets, weight, adv, oldLogp, refLogp ?? this.dummy, dLogits, stats];
    this.row(TOKENLOSS, constants, [T_, N * T_, V], [h.invTemp, withRef ? h.beta : 0, h.epsLow, h.epsHigh, h.entropyCoef], tensors, N * T_);
  }

  sample(logits: T, mask: T | null, u: T, tokens: T, logp: T, entropy: T, N: number, V: number, invTemp: number, topP: number): void {
    this.row(SAMPLE, { MASK: +(mask !== null) }, [N, V], [invTemp, topP], [logits, mask ?? this.dummy, u, tokens, logp, entropy], N);
  }

  /** Two passes: up to 1024 workgroups square-sum contiguous chunks, then one adds the parts in order. */
  gradNorm(g: T, n: number, out: T): void {
    const WG = this.cpu ? 1 : 256; // the workgroup is one row of WG lanes
    const parts = Math.min(1024, Math.max(1, Math.ceil(n / (WG * 16))));
    const CH = Math.ceil(n / parts);
    const part = this.ctx.workspace('gradnorm.part', parts);
    const u = { u: [n, CH, parts] };
    const code = GRADNORM[this.layout.subgroupSize !== null && WG <= this.layout.subgroupSize ? 1 : 0];
    this.ctx.dispatch(code, { WG, LANES: WG, PASS: 1 }, u, [g, part, out], [parts]);
    if (parts > 1) this.ctx.dispatch(code, { WG, LANES: WG, PASS: 2 }, u, [g, part, out], [1]);
  }
}
