// The pointer-generator mixture of the WebAssembly backend, forward and backward: src/cpu/pointer.ts line for line
// (see Ops.pointer), in double where the twin computes in double and rounded to f32 where it stores, so the two agree
// to the last bit but for rare roundings (a long BC run's outcome must not hang on f32 noise). Two pointer heads (HP)
// over packed rows of width W = 2 HP Dp + HP + 1: [q_0 q_1 (Dp each) | k_0 k_1 (Dp each) | gate logits (HP + 1)].
// Forward splits the query rows between threads, backward the sequences (a key's gradient gathers from every later
// query of its sequence, in order).
#include "gh.h"

#define HP 2

/** Natural log of the sum of exp over x[0..n). */
static double logSumExp(const float *x, int n) {
  float mx = -__builtin_inff();
  for (int v = 0; v < n; v++) mx = x[v] > mx ? x[v] : mx;
  double s = 0;
  int v = 0;
  for (; v + 2 <= n; v += 2) { // two exps at once, added in order
    const v128_t e = expd2(wasm_f64x2_sub(wasm_f64x2_promote_low_f32x4(wasm_v128_load64_zero(x + v)), wasm_f64x2_splat(mx)));
    s += wasm_f64x2_extract_lane(e, 0);
    s += wasm_f64x2_extract_lane(e, 1);
  }
  for (; v < n; v++) s += expd((double)x[v] - mx);
  return mx + log1d(s);
}

/** The log gates lg (HP + 1) of a packed row whose gate logits start at z. */
GH_INLINE void logGates(const float *z, double *lg) {
  float mx = -__builtin_inff();
  for (int k = 0; k <= HP; k++) mx = z[k] > mx ? z[k] : mx;
  double s = 0;
  for (int k = 0; k <= HP; k++) s += expd((double)z[k] - mx);
  const double lse = mx + log1d(s);
  for (int k = 0; k <= HP; k++) lg[k] = z[k] - lse;
}

/** The mixture's logit of a token whose vocabulary part is a and pointer mass m: log(e^a + m), or a without mass. */
GH_INLINE double mixed(double a, float m) { return m > 0 ? log1d(expd(a) + m) : a; }

GH_INLINE int emits(int32_t t, int V) { return t >= 0 && t < V; }

/**
 * Query row r = (n, i) of q (N, Tq, W) points at keys j <= qStart[n] + i, j < keyLen[n], of kv (N, Tk, W) that emit a
 * token in [0, V) to the head (targets (N, Tk, HP)). probs (N, HP, Tq, Tk); out (N*Tq, V) the mixture's logits.
 */
GH_EXPORT(gh_pointer)
void gh_pointer(const float *q, const float *kv, const int32_t *targets, const int32_t *qStart, const int32_t *keyLen, const float *logits, float *out, float *probs, int N, int Tq, int Tk, int Dp, int V, int tid, int nt) {
  const int W = 2 * HP * Dp + HP + 1;
  const double scale = 1 / __builtin_sqrt((double)Dp);
  double lg[HP + 1];
  for (int r = part(N * Tq, tid, nt), end = part(N * Tq, tid + 1, nt); r < end; r++) {
    const int n = r / Tq, i = r % Tq;
    int lim = qStart[n] + i + 1;
    lim = lim < keyLen[n] ? lim : keyLen[n];
    lim = lim < Tk ? lim : Tk;
    lim = lim > 0 ? lim : 0;
    logGates(q + (int64_t)r * W + 2 * HP * Dp, lg);
    float *o = out + (int64_t)r * V;
    for (int v = 0; v < V; v++) o[v] = 0.0f; // the pointers' mass per token, first
    for (int h = 0; h < HP; h++) {
      float *p = probs + ((int64_t)(n * HP + h) * Tq + i) * Tk;
      const float *qh = q + (int64_t)r * W + h * Dp;
      const int32_t *tg = targets + (int64_t)n * Tk * HP + h;
      float mx = -__builtin_inff();
      for (int j = 0; j < lim; j++) {
        if (!emits(tg[j * HP], V)) continue;
        const float *k = kv + ((int64_t)n * Tk + j) * W + (HP + h) * Dp;
        double s = 0;
        for (int d = 0; d < Dp; d++) s += (double)qh[d] * k[d];
        p[j] = (float)(s * scale);
        mx = p[j] > mx ? p[j] : mx;
      }
      double sum = 0;
      for (int j = 0; j < lim; j++)
        if (emits(tg[j * HP], V)) {
          const double e = expd((double)p[j] - mx);
          p[j] = (float)e;
          sum += e;
        }
      const double g = expd(lg[h + 1]);
      for (int j = 0; j < Tk; j++) {
        if (j >= lim || !emits(tg[j * HP], V)) {
          p[j] = 0.0f;
          continue;
        }
        const double pj = p[j] / sum;
        p[j] = (float)pj;
        float *m = o + tg[j * HP];
        *m = (float)(*m + g * pj);
      }
    }
    const float *l = logits + (int64_t)r * V;
    const double base = lg[0] - logSumExp(l, V); // log g_0 - lse(logits)
    for (int v = 0; v < V; v++) o[v] = (float)mixed(base + l[v], o[v]);
  }
}

/**
 * Backward with Tq = Tk = T and qStart = 0 (q = kv = qkv): dLogits (N*T, V) and dq (N, T, W) overwritten from dOut
 * (N*T, V). A row's pointer mass per token is rebuilt from probs in its dLogits row until the end; scratch holds, per
 * chunk, HP T + (HP + 1) V doubles (dP, and the mixture's logits and pointer shares of the tokens with mass).
 */
GH_EXPORT(gh_pointer_backward)
void gh_pointer_backward(const float *qkv, const float *probs, const int32_t *targets, const float *logits, const float *dOut, float *dLogits, float *dq, double *scratch, int N, int T, int Dp, int V, int tid, int nt) {
  const int W = 2 * HP * Dp + HP + 1;
  const double scale = 1 / __builtin_sqrt((double)Dp);
  double *dP = scratch + (int64_t)tid * (HP * T + (HP + 1) * V); // (HP, T) dP of one row
  double *mix = dP + HP * T;                                       // (V) out_v of tokens with pointer mass
  double *share = mix + V;                                         // (HP, V) e^(lg_h - out_v) of those tokens
  double lg[HP + 1], G[HP + 1];
  for (int n = part(N, tid, nt), nEnd = part(N, tid + 1, nt); n < nEnd; n++) {
    for (int64_t x = (int64_t)n * T * W; x < (int64_t)(n + 1) * T * W; x++) dq[x] = 0.0f;
    for (int i = 0; i < T; i++) {
      const int r = n * T + i;
      const float *l = logits + (int64_t)r * V, *dr = dOut + (int64_t)r * V;
      float *dl = dLogits + (int64_t)r * V;
      logGates(qkv + (int64_t)r * W + 2 * HP * Dp, lg);
      for (int v = 0; v < V; v++) dl[v] = 0.0f;
      for (int h = 0; h < HP; h++) {
        const double g = expd(lg[h + 1]);
        const float *p = probs + ((int64_t)(n * HP + h) * T + i) * T;
        for (int j = 0; j <= i; j++) {
          const int32_t t = targets[((int64_t)n * T + j) * HP + h];
          if (emits(t, V)) dl[t] = (float)(dl[t] + g * p[j]);
        }
      }
      const double lse = logSumExp(l, V), base = lg[0] - lse;
      for (int v = 0; v < V; v++)
        if (dl[v] > 0) {
          mix[v] = mixed(base + l[v], dl[v]);
          for (int h = 0; h < HP; h++) share[h * V + v] = expd(lg[h + 1] - mix[v]);
        }
      // each pointer: dP_j = dOut_t g / m_t for the token t key j emits, then softmax backward into dq
      for (int h = 0; h < HP; h++) {
        const float *p = probs + ((int64_t)(n * HP + h) * T + i) * T;
        double *d = dP + h * T, dot = 0;
        for (int j = 0; j <= i; j++) {
          const int32_t t = targets[((int64_t)n * T + j) * HP + h];
          if (!(p[j] > 0 && emits(t, V))) d[j] = 0;
          else d[j] = dr[t] * (dl[t] > 0 ? share[h * V + t] : expd(lg[h + 1] - mixed(base + l[t], dl[t])));
          dot += p[j] * d[j];
        }
        G[h + 1] = dot;
        float *dqh = dq + (int64_t)r * W + h * Dp;
        const float *qh = qkv + (int64_t)r * W + h * Dp;
        for (int j = 0; j <= i; j++) {
          if (p[j] == 0) continue;
          const double ds = p[j] * (d[j] - dot) * scale;
          const int64_t ko = ((int64_t)n * T + j) * W + (HP + h) * Dp;
          for (int e = 0; e < Dp; e++) {
            dqh[e] = (float)(dqh[e] + ds * qkv[ko + e]);
            dq[ko + e] = (float)(dq[ko + e] + ds * qh[e]);
          }
        }
      }
      // the vocabulary part a_v = log g_0 + log softmax(logits)_v: its share of the mixture is exp(a_v - out_v)
      double sumDa = 0;
      for (int v = 0; v < V; v++) {
        const double da = dl[v] > 0 ? dr[v] * expd(base + l[v] - mix[v]) : dr[v]; // without mass e^(a - a) = 1 exactly
        dl[v] = (float)da;
        sumDa += da;
      }
      int v = 0;
      for (; v + 2 <= V; v += 2) {
        const v128_t e = expd2(wasm_f64x2_sub(wasm_f64x2_promote_low_f32x4(wasm_v128_load64_zero(l + v)), wasm_f64x2_splat(lse)));
        const v128_t d = wasm_f64x2_sub(wasm_f64x2_promote_low_f32x4(wasm_v128_load64_zero(dl + v)), wasm_f64x2_mul(e, wasm_f64x2_splat(sumDa)));
        wasm_v128_store64_lane(dl + v, wasm_f32x4_demote_f64x2_zero(d), 0);
      }
      for (; v < V; v++) dl[v] = (float)(dl[v] - expd((double)l[v] - lse) * sumDa);
      G[0] = sumDa;
      double sumG = 0;
      for (int k = 0; k <= HP; k++) sumG += G[k];
      for (int k = 0; k <= HP; k++) dq[(int64_t)r * W + 2 * HP * Dp + k] = (float)(G[k] - expd(lg[k]) * sumG);
    }
  }
}
