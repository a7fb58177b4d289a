// The pointer-generator mixture of the WebAssembly backend, forward and backward: same semantics as
// src/cpu/pointer.ts (see Ops.pointer). Two pointer heads (HP) over packed rows of width W = 2 HP Dp + HP + 1:
// [q_0 q_1 (Dp each) | k_0 k_1 (Dp each) | gate logits (HP + 1)]. Forward splits the query rows between threads,
// backward the sequences (a key's gradient gathers from every later query of its sequence, in order).
#include "gh.h"

#define HP 2

/** log sum exp of x[0..n). */
GH_INLINE float logSumExp(const float *x, int n) {
  const float mx = rowMax(x, n);
  f4 mv = splat(mx), s4 = splat(0.0f);
  int v = 0;
  for (; v + 4 <= n; v += 4) s4 = add(s4, exp4(sub(ld(x + v), mv)));
  float s = hsum(s4);
  for (; v < n; v++) s += exp1(x[v] - mx);
  return mx + (float)log1d(s);
}

/** The log gates lg (HP + 1) of a packed row whose gate logits start at z. */
GH_INLINE void logGates(const float *z, float *lg) {
  float mx = z[0];
  for (int k = 1; k <= HP; k++) mx = z[k] > mx ? z[k] : mx;
  float s = 0.0f;
  for (int k = 0; k <= HP; k++) s += exp1(z[k] - mx);
  float lse = mx + (float)log1d(s);
  for (int k = 0; k <= HP; k++) lg[k] = z[k] - lse;
}

/** The mixture's logit of a token whose vocabulary part is a and pointer mass m: log(e^a + m), or a without mass. */
GH_INLINE float mixed(float a, float m) { return m > 0.0f ? (float)log1d((double)exp1(a) + m) : a; }

/** out[0..V) = mixed(base + logits[v], out[v]): four at a time where no pointer put mass, else one by one. */
static void mixRow(float *out, const float *logits, float base, int V) {
  f4 b4 = splat(base), zero = splat(0.0f);
  int v = 0;
  for (; v + 4 <= V; v += 4) {
    f4 m = ld(out + v);
    if (!wasm_v128_any_true(wasm_f32x4_gt(m, zero))) st(out + v, add(b4, ld(logits + v)));
    else
      for (int k = v; k < v + 4; k++) out[k] = mixed(base + logits[k], out[k]);
  }
  for (; v < V; v++) out[v] = mixed(base + logits[v], out[v]);
}

/**
 * Query row r = (n, i) of q (N, Tq, W) points at keys j <= qStart[n] + i, j < keyLen[n], of kv (N, Tk, W) that emit a
 * token in [0, V) to the head (targets (N, Tk, HP)). probs (N, HP, Tq, Tk); out (N*Tq, V) the mixture's logits.
 */
GH_EXPORT(gh_pointer)
void gh_pointer(const float *q, const float *kv, const int32_t *targets, const int32_t *qStart, const int32_t *keyLen, const float *logits, float *out, float *probs, int N, int Tq, int Tk, int Dp, int V, int tid, int nt) {
  const int W = 2 * HP * Dp + HP + 1;
  const float scale = 1.0f / __builtin_sqrtf((float)Dp);
  const int R = N * Tq;
  float lg[HP + 1];
  for (int r = part(R, tid, nt), end = part(R, tid + 1, nt); r < end; r++) {
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
      for (int j = 0; j < Tk; j++) {
        int t = tg[j * HP];
        if (j >= lim || t < 0 || t >= V) {
          p[j] = -__builtin_inff();
          continue;
        }
        p[j] = dot(qh, kv + ((int64_t)n * Tk + j) * W + (HP + h) * Dp, Dp) * scale;
        mx = p[j] > mx ? p[j] : mx;
      }
      for (int j = lim; j < Tk; j++) p[j] = 0.0f;
      if (mx == -__builtin_inff()) { // no key emits to this head
        for (int j = 0; j < lim; j++) p[j] = 0.0f;
        continue;
      }
      float sum = 0.0f;
      for (int j = 0; j < lim; j++) sum += p[j] = exp1(p[j] - mx); // masked keys: exp(-inf) = 0
      const float g = exp1(lg[h + 1]), inv = 1.0f / sum;
      for (int j = 0; j < lim; j++) {
        p[j] *= inv;
        int t = tg[j * HP];
        if (t >= 0 && t < V) o[t] += g * p[j];
      }
    }
    mixRow(o, logits + (int64_t)r * V, lg[0] - logSumExp(logits + (int64_t)r * V, V), V);
  }
}

/**
 * Backward with Tq = Tk = T and qStart = 0 (q = kv = qkv): dLogits (N*T, V) and dq (N, T, W) overwritten from dOut
 * (N*T, V). A row's pointer mass per token is rebuilt from probs in its dLogits row; scratch holds nt rows of
 * HP x T dP values (one per chunk).
 */
GH_EXPORT(gh_pointer_backward)
void gh_pointer_backward(const float *qkv, const float *probs, const int32_t *targets, const float *logits, const float *dOut, float *dLogits, float *dq, float *scratch, int N, int T, int Dp, int V, int tid, int nt) {
  const int W = 2 * HP * Dp + HP + 1;
  const float scale = 1.0f / __builtin_sqrtf((float)Dp);
  float *dP = scratch + (int64_t)tid * HP * T;
  float lg[HP + 1], G[HP + 1];
  for (int n = part(N, tid, nt), nEnd = part(N, tid + 1, nt); n < nEnd; n++) {
    for (int64_t x = (int64_t)n * T * W; x < (int64_t)(n + 1) * T * W; x++) dq[x] = 0.0f;
    for (int i = 0; i < T; i++) {
      const int r = n * T + i;
      const float *lr = logits + (int64_t)r * V, *dr = dOut + (int64_t)r * V;
      float *dl = dLogits + (int64_t)r * V;
      logGates(qkv + (int64_t)r * W + 2 * HP * Dp, lg);
      for (int v = 0; v < V; v++) dl[v] = 0.0f;
      for (int h = 0; h < HP; h++) {
        const float g = exp1(lg[h + 1]);
        const float *p = probs + ((int64_t)(n * HP + h) * T + i) * T;
        for (int j = 0; j <= i; j++) {
          int t = targets[((int64_t)n * T + j) * HP + h];
          if (t >= 0 && t < V) dl[t] += g * p[j];
        }
      }
      const float lse = logSumExp(lr, V), base = lg[0] - lse;
      // where pointers put mass m_v: dl[v] = 1 / (e^a_v + m_v) = e^-out_v, a_v = log g_0 + log softmax(logits)_v
      f4 zero = splat(0.0f);
      int v = 0;
      for (; v + 4 <= V; v += 4)
        if (wasm_v128_any_true(wasm_f32x4_gt(ld(dl + v), zero)))
          for (int k = v; k < v + 4; k++) dl[k] = dl[k] > 0.0f ? 1.0f / (exp1(base + lr[k]) + dl[k]) : 0.0f;
      for (; v < V; v++) dl[v] = dl[v] > 0.0f ? 1.0f / (exp1(base + lr[v]) + dl[v]) : 0.0f;
      // each pointer: dP_j = dOut_t g / (e^a_t + m_t) for the token t key j emits, then softmax backward into dq
      for (int h = 0; h < HP; h++) {
        const float g = exp1(lg[h + 1]);
        const float *p = probs + ((int64_t)(n * HP + h) * T + i) * T;
        float *d = dP + h * T;
        float dot = 0.0f;
        for (int j = 0; j <= i; j++) {
          int t = targets[((int64_t)n * T + j) * HP + h];
          d[j] = p[j] > 0.0f && t >= 0 && t < V ? dr[t] * g * dl[t] : 0.0f;
          dot += p[j] * d[j];
        }
        G[h + 1] = dot;
        float *dqh = dq + (int64_t)r * W + h * Dp;
        const float *qh = qkv + (int64_t)r * W + h * Dp;
        for (int j = 0; j <= i; j++) {
          if (p[j] == 0.0f) continue;
          const float ds = p[j] * (d[j] - dot) * scale;
          const int64_t ko = ((int64_t)n * T + j) * W + (HP + h) * Dp;
          for (int e = 0; e < Dp; e++) {
            dqh[e] += ds * qkv[ko + e];
            dq[ko + e] += ds * qh[e];
          }
        }
      }
      // the vocabulary part: its share of the mixture is e^a_v / (e^a_v + m_v), 1 where no pointer put mass
      f4 s4 = splat(0.0f);
      float sumDa = 0.0f;
      for (v = 0; v + 4 <= V; v += 4) {
        if (!wasm_v128_any_true(wasm_f32x4_gt(ld(dl + v), zero))) {
          f4 da = ld(dr + v);
          st(dl + v, da);
          s4 = add(s4, da);
        } else
          for (int k = v; k < v + 4; k++) sumDa += dl[k] = dl[k] > 0.0f ? dr[k] * exp1(base + lr[k]) * dl[k] : dr[k];
      }
      for (; v < V; v++) sumDa += dl[v] = dl[v] > 0.0f ? dr[v] * exp1(base + lr[v]) * dl[v] : dr[v];
      sumDa += hsum(s4);
      f4 l4 = splat(lse), sd = splat(sumDa);
      for (v = 0; v + 4 <= V; v += 4) st(dl + v, sub(ld(dl + v), mul(exp4(sub(ld(lr + v), l4)), sd)));
      for (; v < V; v++) dl[v] -= exp1(lr[v] - lse) * sumDa;
      G[0] = sumDa;
      float sumG = 0.0f;
      for (int k = 0; k <= HP; k++) sumG += G[k];
      for (int k = 0; k <= HP; k++) dq[(int64_t)r * W + 2 * HP * Dp + k] = G[k] - exp1(lg[k]) * sumG;
    }
  }
}
