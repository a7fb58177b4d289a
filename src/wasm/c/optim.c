// Optimizer ops of the WebAssembly backend: the global gradient norm (fixed chunks, partial sums added in order, so
// the result does not depend on the thread count) and AdamW with norm clipping. Semantics of src/cpu/optim.ts.
#include "gh.h"

/**
 * partial[c] (chunks, double) = sum of squares of g over chunk c of `chunks` equal runs of n (a multiple of 4 long);
 * threads split the chunks.
 */
GH_EXPORT(gh_grad_norm_partials)
void gh_grad_norm_partials(const float *g, int n, double *partial, int chunks, int tid, int nt) {
  const int size = ((n + chunks - 1) / chunks + 3) / 4 * 4;
  for (int c = part(chunks, tid, nt), hi = part(chunks, tid + 1, nt); c < hi; c++) {
    const int lo = c * size < n ? c * size : n, end = lo + size < n ? lo + size : n;
    f4 s = splat(0.0f);
    int i = lo;
    for (; i + 4 <= end; i += 4) {
      f4 x = ld(g + i);
      s = madd(s, x, x);
    }
    double t = hsum(s);
    for (; i < end; i++) t += (double)g[i] * g[i];
    partial[c] = t;
  }
}

/** out (1) = sqrt of the partial sums added in chunk order (one thread). */
GH_EXPORT(gh_grad_norm_finish)
void gh_grad_norm_finish(const double *partial, int chunks, float *out) {
  double s = 0;
  for (int c = 0; c < chunks; c++) s += partial[c];
  out[0] = (float)__builtin_sqrt(s);
}

/**
 * One AdamW step over n parameters; gradients scaled by min(1, clip / norm[0]) when clip > 0. c1, c2 are the bias
 * corrections 1 - beta1^step, 1 - beta2^step. Threads split n in groups of 4.
 */
GH_EXPORT(gh_adamw)
void gh_adamw(float *p, const float *g, float *m, float *v, const float *norm, int n, float lr, float beta1, float beta2, float eps, float wd, float c1, float c2, float clip, int tid, int nt) {
  const float nrm = norm[0];
  const float scale = clip > 0 && nrm > clip ? (float)((double)clip / ((double)nrm + 1e-6)) : 1.0f;
  const f4 sc = splat(scale), b1 = splat(beta1), b2 = splat(beta2), nb1 = splat(1 - beta1), nb2 = splat(1 - beta2);
  const f4 ic1 = splat(1 / c1), ic2 = splat(1 / c2), e = splat(eps), lrv = splat(lr), w = splat(wd);
  const int groups = (n + 3) / 4;
  int i = part(groups, tid, nt) * 4, hi = part(groups, tid + 1, nt) * 4;
  if (hi > n) hi = n;
  for (; i + 4 <= hi; i += 4) {
    f4 gi = mul(ld(g + i), sc);
    f4 mi = madd(mul(b1, ld(m + i)), nb1, gi);
    f4 vi = madd(mul(b2, ld(v + i)), nb2, mul(gi, gi));
    st(m + i, mi);
    st(v + i, vi);
    f4 pi = ld(p + i);
    f4 step = madd(wasm_f32x4_div(mul(mi, ic1), add(wasm_f32x4_sqrt(mul(vi, ic2)), e)), w, pi);
    st(p + i, sub(pi, mul(lrv, step)));
  }
  for (; i < hi; i++) {
    float gi = g[i] * scale;
    m[i] = beta1 * m[i] + (1 - beta1) * gi;
    v[i] = beta2 * v[i] + (1 - beta2) * (gi * gi);
    p[i] -= lr * (m[i] * (1 / c1) / (__builtin_sqrtf(v[i] * (1 / c2)) + eps) + wd * p[i]);
  }
}
