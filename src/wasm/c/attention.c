// Causal multi-head attention of the WebAssembly backend over packed (q | k | v) rows: forward (training, prefill
// and KV-cached decode) and backward. Same semantics as src/cpu/attention.ts. Threads split the (row, head) pairs.
#include "gh.h"

/** x[0..Dh) · y[0..Dh). */
GH_INLINE float dot(const float *x, const float *y, int Dh) {
  f4 s = splat(0.0f);
  int d = 0;
  for (; d + 4 <= Dh; d += 4) s = madd(s, ld(x + d), ld(y + d));
  float t = hsum(s);
  for (; d < Dh; d++) t += x[d] * y[d];
  return t;
}

/** y[0..Dh) += a * x[0..Dh). */
GH_INLINE void axpy(float *y, float a, const float *x, int Dh) {
  f4 av = splat(a);
  int d = 0;
  for (; d + 4 <= Dh; d += 4) st(y + d, madd(ld(y + d), av, ld(x + d)));
  for (; d < Dh; d++) y[d] += a * x[d];
}

/** p[0..n) = softmax(p[0..n)) in place. */
GH_INLINE void softmax(float *p, int n) {
  f4 m4 = splat(-__builtin_inff());
  int j = 0;
  for (; j + 4 <= n; j += 4) m4 = wasm_f32x4_pmax(m4, ld(p + j));
  float mx = hmax(m4);
  for (; j < n; j++) mx = p[j] > mx ? p[j] : mx;
  f4 mv = splat(mx), s4 = splat(0.0f);
  for (j = 0; j + 4 <= n; j += 4) {
    f4 e = exp4(sub(ld(p + j), mv));
    st(p + j, e);
    s4 = add(s4, e);
  }
  float sum = hsum(s4);
  for (; j < n; j++) sum += p[j] = exp1(p[j] - mx);
  f4 inv = splat(1.0f / sum);
  for (j = 0; j + 4 <= n; j += 4) st(p + j, mul(ld(p + j), inv));
  for (; j < n; j++) p[j] *= 1.0f / sum;
}

/** Row i of out (N, Tq, D) for one head: softmax(p[0..limit)) in place, then out = sum_j p_j v_j; zero when no key. */
GH_INLINE void finishRow(float *p, int limit, int Tk, const float *v, int W, float *o, int Dh) {
  for (int j = limit; j < Tk; j++) p[j] = 0.0f;
  for (int d = 0; d < Dh; d++) o[d] = 0.0f;
  if (limit == 0) return;
  softmax(p, limit);
  for (int j = 0; j < limit; j++) axpy(o, p[j], v + j * W, Dh);
}

/**
 * q (N, Tq, 3D) uses its q part, kv (N, Tk, 3D) its k and v parts. Query i of row n sits at position qStart[n] + i
 * and sees keys j <= that position with j < keyLen[n] (none: output 0). out (N, Tq, D); probs (N, H, Tq, Tk).
 * With several queries (training, prefill) a head's keys are first transposed into the chunk's scratch
 * (Dh, kpad = Tk rounded up to 4; scratch holds nt of them) so that four scores come from one f32x4 product per d;
 * one query (KV-cached decode) takes one dot product per key and no scratch.
 */
GH_EXPORT(gh_attention)
void gh_attention(const float *q, const float *kv, const int32_t *qStart, const int32_t *keyLen, float *out, float *probs, float *scratch, int N, int Tq, int Tk, int H, int Dh, int tid, int nt) {
  const int D = H * Dh, W = 3 * D;
  const float scale = 1.0f / __builtin_sqrtf((float)Dh);
  const int kpad = (Tk + 3) / 4 * 4;
  float *kt = scratch + (int64_t)tid * Dh * kpad;
  for (int u = part(N * H, tid, nt), hi = part(N * H, tid + 1, nt); u < hi; u++) {
    const int n = u / H, h = u % H;
    const float *k = kv + n * Tk * W + D + h * Dh, *v = kv + n * Tk * W + 2 * D + h * Dh;
    const int keys = keyLen[n] < Tk ? (keyLen[n] > 0 ? keyLen[n] : 0) : Tk;
    if (Tq > 1)
      for (int d = 0; d < Dh; d++)
        for (int j = 0; j < keys; j++) kt[d * kpad + j] = k[j * W + d];
    for (int i = 0; i < Tq; i++) {
      float *p = probs + ((n * H + h) * Tq + i) * Tk;
      int limit = qStart[n] + i + 1;
      if (limit > keys) limit = keys;
      if (limit < 0) limit = 0;
      const float *qi = q + (n * Tq + i) * W + h * Dh;
      if (Tq > 1) {
        int j = 0;
        for (; j + 4 <= limit; j += 4) {
          f4 s = splat(0.0f);
          for (int d = 0; d < Dh; d++) s = madd(s, wasm_v128_load32_splat(qi + d), ld(kt + d * kpad + j));
          st(p + j, mul(s, splat(scale)));
        }
        for (; j < limit; j++) {
          float s = 0.0f;
          for (int d = 0; d < Dh; d++) s += qi[d] * kt[d * kpad + j];
          p[j] = s * scale;
        }
      } else {
        for (int j = 0; j < limit; j++) p[j] = dot(qi, k + j * W, Dh) * scale;
      }
      finishRow(p, limit, Tk, v, W, out + (n * Tq + i) * D + h * Dh, Dh);
    }
  }
}

/** Backward with Tq = Tk = T, qStart = 0: dqkv (N, T, 3D) overwritten from dOut (N, T, D) and the saved probs. */
GH_EXPORT(gh_attention_backward)
void gh_attention_backward(const float *qkv, const float *probs, const float *dOut, float *dqkv, int N, int T, int H, int Dh, int tid, int nt) {
  const int D = H * Dh, W = 3 * D;
  const float scale = 1.0f / __builtin_sqrtf((float)Dh);
  float ds[T]; // dP of one query row
  for (int u = part(N * H, tid, nt), hi = part(N * H, tid + 1, nt); u < hi; u++) {
    const int n = u / H, h = u % H;
    const float *base = qkv + n * T * W + h * Dh;
    float *dbase = dqkv + n * T * W + h * Dh;
    for (int t = 0; t < T; t++)
      for (int part3 = 0; part3 < 3; part3++)
        for (int d = 0; d < Dh; d++) dbase[t * W + part3 * D + d] = 0.0f;
    for (int i = 0; i < T; i++) {
      const float *p = probs + ((n * H + h) * T + i) * T;
      const float *g = dOut + (n * T + i) * D + h * Dh;
      float dotp = 0.0f;
      for (int j = 0; j <= i; j++) {
        if (p[j] == 0.0f) continue;
        ds[j] = dot(g, base + j * W + 2 * D, Dh);
        axpy(dbase + j * W + 2 * D, p[j], g, Dh);
        dotp += p[j] * ds[j];
      }
      const float *qi = base + i * W;
      float *dqi = dbase + i * W;
      for (int j = 0; j <= i; j++) {
        if (p[j] == 0.0f) continue;
        float gs = p[j] * (ds[j] - dotp) * scale;
        axpy(dqi, gs, base + j * W + D, Dh);
        axpy(dbase + j * W + D, gs, qi, Dh);
      }
    }
  }
}
