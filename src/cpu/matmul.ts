// CPU twin of the matmul kernel: C (M, N) = op(A) · op(B) [+ bias] [+ C], loop orders chosen for contiguous inner loops.
import { f16round } from '@petamoriken/float16';
import type { MatmulOptions } from '../model/ops';

export function matmul(a: Float32Array, b: Float32Array, c: Float32Array, M: number, K: number, N: number, o: MatmulOptions = {}, bias?: Float32Array): void {
  if (!o.acc) c.fill(0, 0, M * N);
  if (o.tb) {
    // B (N, K): each output is a dot product of two contiguous rows (A must be (M, K) or read strided).
    for (let m = 0; m < M; m++) {
      for (let n = 0; n < N; n++) {
        let s = 0;
        const bo = n * K;
        if (o.ta) for (let k = 0; k < K; k++) s += a[k * M + m] * b[bo + k];
        else {
          const ao = m * K;
          for (let k = 0; k < K; k++) s += a[ao + k] * b[bo + k];
        }
        c[m * N + n] += s;
      }
    }
  } else if (o.ta) {
    // A (K, M): C[m, :] += A[k, m] * B[k, :], k outermost.
    for (let k = 0; k < K; k++) {
      const bo = k * N;
      for (let m = 0; m < M; m++) {
        const x = a[k * M + m];
        if (x === 0) continue;
        const co = m * N;
        for (let n = 0; n < N; n++) c[co + n] += x * b[bo + n];
      }
    }
  } else {
    // i-k-j: C[m, :] += A[m, k] * B[k, :].
    for (let m = 0; m < M; m++) {
      const co = m * N;
      const ao = m * K;
      for (let k = 0; k < K; k++) {
        const x = a[ao + k];
        if (x === 0) continue;
        const bo = k * N;
        for (let n = 0; n < N; n++) c[co + n] += x * b[bo + n];
      }
    }
  }
  if (bias) for (let m = 0; m < M; m++) for (let n = 0; n < N; n++) c[m * N + n] += bias[n];
}

/** dBias (N) = column sums of dOut (M, N), rows in order. */
export function colSum(dOut: Float32Array, dBias: Float32Array, M: number, N: number): void {
  dBias.fill(0, 0, N);
  for (let m = 0; m < M; m++) for (let n = 0; n < N; n++) dBias[n] += dOut[m * N + n];
}

/**
 * CPU twin of matmul.wgsl's f16 variant, for checking it (slow: one f16 rounding per product): A and B rounded to
 * f16, each product rounded to f16, products summed in f32 in ascending k, then + bias, then + C, as the kernel does.
 */
export function matmulF16(a: Float32Array, b: Float32Array, c: Float32Array, M: number, K: number, N: number, o: MatmulOptions = {}, bias?: Float32Array): void {
  const ah = Float32Array.from(a.subarray(0, M * K), f16round);
  const bh = Float32Array.from(b.subarray(0, K * N), f16round);
  for (let m = 0; m < M; m++) {
    for (let n = 0; n < N; n++) {
      let s = 0;
      for (let k = 0; k < K; k++) {
        const x = o.ta ? ah[k * M + m] : ah[m * K + k];
        const y = o.tb ? bh[n * K + k] : bh[k * N + n];
        s = Math.fround(s + f16round(x * y)); // x * y is exact in a double
      }
      if (bias) s = Math.fround(s + bias[n]);
      c[m * N + n] = o.acc ? s + c[m * N + n] : s;
    }
  }
}
