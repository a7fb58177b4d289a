// Wrapper of matmul.wgsl: C (M, N) = op(A) · op(B) [+ bias] [+ C], one dispatch of 32x32 tiles, in f32 or (on a device
// with shader-f16) the f16 variant: f16 tiles and products, f32 sums.
import type { GpuContext, GpuTensor } from '../context';
import type { MatmulOptions } from '../../model/ops';
import code from './matmul.wgsl?raw';

const F32_ALIAS = 'alias S = f32;';
if (!code.includes(F32_ALIAS)) throw new Error(`matmul.wgsl must declare '${F32_ALIAS}' for its f16 variant`);
const F16_CODE = 'enable f16;\n' + code.replace(F32_ALIAS, 'alias S = f16;');

export function matmul(g: GpuContext, a: GpuTensor, b: GpuTensor, c: GpuTensor, M: number, K: number, N: number, o: MatmulOptions, bias: GpuTensor | undefined, dummy: GpuTensor, f16: boolean): void {
  const constants = { TA: +!!o.ta, TB: +!!o.tb, BIAS: +!!bias, ACC: +!!o.acc };
  g.dispatch(f16 ? F16_CODE : code, constants, { u: [M, K, N] }, [a, b, bias ?? dummy, c], [Math.ceil(N / 32), Math.ceil(M / 32)]);
}
