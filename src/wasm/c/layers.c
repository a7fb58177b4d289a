// Row-wise and element-wise layers of the WebAssembly backend: embedding (+ backward), layer norm (+ backward),
// GELU (+ backward), residual add and the KV-cache row copy. Same semantics as src/cpu/layers.ts.
#include "gh.h"

#define LN_EPS 1e-5f
#define GELU_C 0.7978845608028654f // sqrt(2 / pi)
#define GELU_A 0.044715f

/** out (R, D) = wte[tokens[r]] + wpe[pos[r]]; threads split the rows. */
GH_EXPORT(gh_embedding)
void gh_embedding(const int32_t *tokens, const int32_t *pos, const float *wte, const float *wpe, float *out, int R, int D, int tid, int nt) {
  for (int r = part(R, tid, nt), hi = part(R, tid + 1, nt); r < hi; r++) {
    const float *t = wte + tokens[r] * D, *p = wpe + pos[r] * D;
    float *o = out + r * D;
    int d = 0;
    for (; d + 4 <= D; d += 4) st(o + d, add(ld(t + d), ld(p + d)));
    for (; d < D; d++) o[d] = t[d] + p[d];
  }
}

/**
 * dWte (V, D) += dOut rows by token; dWpe (P, D) = dOut rows by position; rows added in order r = 0..R-1.
 * Threads split the columns in groups of 4, so each element's sum runs over the rows in one order.
 */
GH_EXPORT(gh_embedding_backward)
void gh_embedding_backward(const int32_t *tokens, const int32_t *pos, const float *dOut, float *dWte, float *dWpe, int R, int D, int P, int tid, int nt) {
  int groups = (D + 3) / 4;
  int lo = part(groups, tid, nt) * 4, hi = part(groups, tid + 1, nt) * 4;
  if (hi > D) hi = D;
  for (int p = 0; p < P; p++)
    for (int d = lo; d < hi; d++) dWpe[p * D + d] = 0.0f;
  for (int r = 0; r < R; r++) {
    const float *g = dOut + r * D;
    float *t = dWte + tokens[r] * D, *q = dWpe + pos[r] * D;
    for (int d = lo; d < hi; d++) {
      t[d] += g[d];
      q[d] += g[d];
    }
  }
}

/** Sum of x[0..D) as four lane sums, then the tail. */
GH_INLINE float rowSum(const float *x, int D) {
  f4 s = splat(0.0f);
  int d = 0;
  for (; d + 4 <= D; d += 4) s = add(s, ld(x + d));
  float t = hsum(s);
  for (; d < D; d++) t += x[d];
  return t;
}

/** Sum of (x - mu)^2 over x[0..D). */
GH_INLINE float rowSquares(const float *x, float mu, int D) {
  f4 s = splat(0.0f), m = splat(mu);
  int d = 0;
  for (; d + 4 <= D; d += 4) {
    f4 c = sub(ld(x + d), m);
    s = madd(s, c, c);
  }
  float t = hsum(s);
  for (; d < D; d++) t += (x[d] - mu) * (x[d] - mu);
  return t;
}

/** out (R, D) = (x - mean) * rstd * g + b; saves mean, rstd (R). Threads split the rows. */
GH_EXPORT(gh_layernorm)
void gh_layernorm(const float *x, const float *g, const float *b, float *out, float *mean, float *rstd, int R, int D, int tid, int nt) {
  for (int r = part(R, tid, nt), hi = part(R, tid + 1, nt); r < hi; r++) {
    const float *xr = x + r * D;
    float *o = out + r * D;
    float mu = rowSum(xr, D) / D;
    float rs = 1.0f / __builtin_sqrtf(rowSquares(xr, mu, D) / D + LN_EPS);
    mean[r] = mu;
    rstd[r] = rs;
    f4 m = splat(mu), s = splat(rs);
    int d = 0;
    for (; d + 4 <= D; d += 4) st(o + d, add(mul(mul(sub(ld(xr + d), m), s), ld(g + d)), ld(b + d)));
    for (; d < D; d++) o[d] = (xr[d] - mu) * rs * g[d] + b[d];
  }
}

/**
 * dx (R, D) = (or += when acc) the input gradient; dg, db (D) = sums over rows in order. Threads split the rows
 * for dx and, independently, the columns (groups of 4) for dg and db.
 */
GH_EXPORT(gh_layernorm_backward)
void gh_layernorm_backward(const float *dOut, const float *x, const float *g, const float *mean, const float *rstd, float *dx, float *dg, float *db, int R, int D, int acc, int tid, int nt) {
  for (int r = part(R, tid, nt), hi = part(R, tid + 1, nt); r < hi; r++) {
    const float *xr = x + r * D, *dr = dOut + r * D;
    float *o = dx + r * D;
    const f4 m = splat(mean[r]), s = splat(rstd[r]);
    f4 s1 = splat(0.0f), s2 = splat(0.0f);
    int d = 0;
    for (; d + 4 <= D; d += 4) {
      f4 dxh = mul(ld(dr + d), ld(g + d));
      s1 = add(s1, dxh);
      s2 = madd(s2, dxh, mul(sub(ld(xr + d), m), s));
    }
    float t1 = hsum(s1), t2 = hsum(s2);
    for (int e = d; e < D; e++) {
      float dxh = dr[e] * g[e];
      t1 += dxh;
      t2 += dxh * (xr[e] - mean[r]) * rstd[r];
    }
    t1 /= D;
    t2 /= D;
    const f4 v1 = splat(t1), v2 = splat(t2);
    for (d = 0; d + 4 <= D; d += 4) {
      f4 v = mul(s, sub(sub(mul(ld(dr + d), ld(g + d)), v1), mul(mul(sub(ld(xr + d), m), s), v2)));
      st(o + d, acc ? add(ld(o + d), v) : v);
    }
    for (; d < D; d++) {
      float v = rstd[r] * (dr[d] * g[d] - t1 - (xr[d] - mean[r]) * rstd[r] * t2);
      o[d] = acc ? o[d] + v : v;
    }
  }
  int groups = (D + 3) / 4;
  int lo = part(groups, tid, nt) * 4, hi = part(groups, tid + 1, nt) * 4;
  if (hi > D) hi = D;
  for (int d = lo; d < hi; d++) dg[d] = db[d] = 0.0f;
  for (int r = 0; r < R; r++) {
    const float *xr = x + r * D, *dr = dOut + r * D;
    const float mu = mean[r], rs = rstd[r];
    for (int d = lo; d < hi; d++) {
      dg[d] += dr[d] * ((xr[d] - mu) * rs);
      db[d] += dr[d];
    }
  }
}

/** The tanh-form GELU's inner argument 2 * sqrt(2/pi) * (v + 0.044715 v^3); gelu(v) = v * sigmoid(it). */
GH_INLINE f4 geluArg(f4 v) { return mul(splat(2 * GELU_C), madd(v, mul(splat(GELU_A), v), mul(v, v))); }

/** out = gelu(x) = 0.5 v (1 + tanh(c (v + a v^3))) = v sigmoid(2 c (v + a v^3)), n elements (threads split n). */
GH_EXPORT(gh_gelu)
void gh_gelu(const float *x, float *out, int n, int tid, int nt) {
  int groups = (n + 3) / 4;
  int i = part(groups, tid, nt) * 4, hi = part(groups, tid + 1, nt) * 4;
  for (; i < hi; i += 4) {
    if (i + 4 <= n) {
      f4 v = ld(x + i);
      st(out + i, mul(v, sigmoid4(geluArg(v))));
    } else {
      for (int j = i; j < n; j++) {
        f4 v = splat(x[j]);
        out[j] = wasm_f32x4_extract_lane(mul(v, sigmoid4(geluArg(v))), 0);
      }
    }
  }
}

/**
 * dx = dOut * gelu'(x). With s = sigmoid(2u), u = c (v + a v^3): 0.5 (1 + tanh u) = s and 1 - tanh^2 u = 4 s (1 - s),
 * so gelu'(v) = s + 2 v s (1 - s) c (1 + 3 a v^2).
 */
GH_INLINE f4 geluGrad(f4 v, f4 d) {
  f4 s = sigmoid4(geluArg(v));
  f4 du = mul(splat(GELU_C), madd(splat(1.0f), splat(3 * GELU_A), mul(v, v)));
  f4 grad = madd(s, mul(mul(splat(2.0f), v), mul(s, sub(splat(1.0f), s))), du);
  return mul(d, grad);
}

GH_EXPORT(gh_gelu_backward)
void gh_gelu_backward(const float *x, const float *dOut, float *dx, int n, int tid, int nt) {
  int groups = (n + 3) / 4;
  int i = part(groups, tid, nt) * 4, hi = part(groups, tid + 1, nt) * 4;
  for (; i < hi; i += 4) {
    if (i + 4 <= n) st(dx + i, geluGrad(ld(x + i), ld(dOut + i)));
    else
      for (int j = i; j < n; j++) dx[j] = wasm_f32x4_extract_lane(geluGrad(splat(x[j]), splat(dOut[j])), 0);
  }
}

/** a += b, n elements. */
GH_EXPORT(gh_add)
void gh_add(float *a, const float *b, int n, int tid, int nt) {
  int groups = (n + 3) / 4;
  int i = part(groups, tid, nt) * 4, hi = part(groups, tid + 1, nt) * 4;
  if (hi > n) hi = n;
  for (; i + 4 <= hi; i += 4) st(a + i, add(ld(a + i), ld(b + i)));
  for (; i < hi; i++) a[i] += b[i];
}

/** seq (N, Tw, W)[n, pos[n]] = flat (N, W)[n], or flat[n] = seq[n, pos[n]] when gather; threads split n. */
GH_EXPORT(gh_copy_rows)
void gh_copy_rows(float *flat, float *seq, const int32_t *pos, int N, int Tw, int W, int gather, int tid, int nt) {
  for (int n = part(N, tid, nt), hi = part(N, tid + 1, nt); n < hi; n++) {
    float *f = flat + n * W, *s = seq + (n * Tw + pos[n]) * W;
    if (gather) __builtin_memcpy(f, s, W * 4);
    else __builtin_memcpy(s, f, W * 4);
  }
}
