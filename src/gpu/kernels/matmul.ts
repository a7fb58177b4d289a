// Wrapper of matmul.wgsl: C (M, N) = op(A) · op(B) [+ bias] [+ C] in one dispatch, with tile sizes chosen per shape,
// in f32 or (on a device with shader-f16) the f16 variant: f16 tiles and products, f32 sums.
import type { GpuContext, GpuTensor } from '../context';
import type { MatmulOptions } from '../../model/ops';
import code from './matmul.wgsl?raw';
import splitSumCode from './splitk_sum.wgsl?raw';

const F32_ALIAS = 'alias S = f32;';
if (!code.includes(F32_ALIAS)) throw new Error(`matmul.wgsl must declare '${F32_ALIAS}' for its f16 variant`);
const F16_CODE = 'enable f16;\n' + code.replace(F32_ALIAS, 'alias S = f16;');

/** A workgroup's BM x BN tile of C, BK deep, with a TM x TN block of outputs per thread ((BM/TM)*(BN/TN) threads). */
export interface MatmulTiles {
  BM: number;
  BN: number;
  BK: number;
  /** Read operands straight from memory, without workgroup-memory tiles (CPU adapters). */
  DIRECT?: 1;
}

/**
 * Tiles for an (M, N) output. GPUs: 128x128 where there is work to fill many workgroups, else 64x64, 32x32 for small
 * outputs. CPU adapters: 32x32 read directly, the fastest measured on SwiftShader (1.2-1.5x the tiled kernel).
 */
export function matmulTiles(M: number, N: number, cpuAdapter = false): MatmulTiles {
  if (cpuAdapter) return { BM: 32, BN: 32, BK: 16, DIRECT: 1 };
  if (M < 64 || N < 64) return { BM: 32, BN: 32, BK: 16 };
  if (M * N >= 1024 * 1024) return { BM: 128, BN: 128, BK: 8 };
  return { BM: 64, BN: 64, BK: 16 };
}

/**
 * K-chunks for a product whose output has too few tiles to fill a GPU (weight gradients: small M and N, K = the
 * batch's rows): enough chunks for about 256 workgroups, each chunk at least 256 deep. 1: not split.
 */
export function splitK(M: number, N: number, K: number, tiles: MatmulTiles): number {
  const count = Math.ceil(M / tiles.BM) * Math.ceil(N / tiles.BN);
  if (tiles.DIRECT || count >= 128) return 1;
  return Math.max(1, Math.min(Math.ceil(256 / count), Math.floor(K / 256), 32));
}

/**
 * C = op(A)·op(B) [+ bias] [+ C]. `splits` > 1 (f32 products only: the f16 forward keeps one ascending sum) sums
 * K-chunks in parallel into planes of a workspace, then adds the planes in order: still one fixed order.
 */
export function matmul(g: GpuContext, a: GpuTensor, b: GpuTensor, c: GpuTensor, M: number, K: number, N: number, o: MatmulOptions, bias: GpuTensor | undefined, dummy: GpuTensor, f16: boolean, tiles: MatmulTiles, splits = 1): void {
  if (splits > 1 && f16) throw new Error('matmul: the f16 variant is never split (its sums run in one ascending order)');
  const KC = Math.ceil(Math.ceil(K / splits) / tiles.BK) * tiles.BK;
  const planes = Math.ceil(K / KC);
  const split = planes > 1;
  const constants = {
    TA: +!!o.ta, TB: +!!o.tb, BIAS: +!!bias, ACC: +!!o.acc,
    QA: +((o.ta ? M : K) % 4 === 0), QB: +((o.tb ? K : N) % 4 === 0), EK: +(K % tiles.BK === 0), SPLIT: +split,
    ...tiles,
  };
  const out = split ? g.workspace('matmul.split', planes * M * N) : c;
  g.dispatch(f16 ? F16_CODE : code, constants, { u: [M, K, N, split ? KC : K] }, [a, b, bias ?? dummy, out], [Math.ceil(N / tiles.BN), Math.ceil(M / tiles.BM), planes]);
  if (!split) return;
  const groups = Math.ceil((M * N) / 64);
  const grid: [number, number] = groups <= 65535 ? [groups, 1] : [65535, Math.ceil(groups / 65535)];
  g.dispatch(splitSumCode, { BIAS: +!!bias, ACC: +!!o.acc }, { u: [M * N, N, planes] }, [out, bias ?? dummy, c], grid);
}
