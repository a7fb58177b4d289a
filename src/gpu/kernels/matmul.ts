// Wrapper of matmul.wgsl: C (M, N) = op(A) · op(B) [+ bias] [+ C], one dispatch of 32x32 tiles.
import type { GpuContext, GpuTensor } from '../context';
import type { MatmulOptions } from '../../model/ops';
import code from './matmul.wgsl?raw';

export function matmul(g: GpuContext, a: GpuTensor, b: GpuTensor, c: GpuTensor, M: number, K: number, N: number, o: MatmulOptions, bias: GpuTensor | undefined, dummy: GpuTensor): void {
  const constants = { TA: +!!o.ta, TB: +!!o.tb, BIAS: +!!bias, ACC: +!!o.acc };
  g.dispatch(code, constants, { u: [M, K, N] }, [a, b, bias ?? dummy, c], [Math.ceil(N / 32), Math.ceil(M / 32)]);
}
