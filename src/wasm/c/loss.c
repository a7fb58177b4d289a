// Output-side ops of the WebAssembly backend: log-softmax gather, the GRPO / CE per-token loss with its gradient,
// and top-p sampling. Same semantics as src/cpu/loss.ts. Rows are split between threads; per-row scalars are in
// double. Logits are shifted by their raw maximum before scaling, (l - lmax) * invTemp, which keeps large logits
// exact (invTemp > 0).
#include "gh.h"

#define LOSS_STATS 5

GH_INLINE double clampd(double x, double lo, double hi) { return x < lo ? lo : x > hi ? hi : x; }

/** Max of l[0..V). */
GH_INLINE float rowMax(const float *l, int V) {
  f4 m = splat(-__builtin_inff());
  int v = 0;
  for (; v + 4 <= V; v += 4) m = wasm_f32x4_pmax(m, ld(l + v));
  float mx = hmax(m);
  for (; v < V; v++) mx = l[v] > mx ? l[v] : mx;
  return mx;
}

/** Row statistics of softmax(l * invTemp): e[v] = exp((l - lmax) * invTemp) (written when e is not null). */
typedef struct {
  float lmax;
  double sum; // of e
  double ez;  // of e * (l - lmax) * invTemp
} RowSoftmax;

GH_INLINE RowSoftmax rowSoftmax(const float *l, int V, float invTemp, float *e) {
  RowSoftmax s = {rowMax(l, V), 0, 0};
  const f4 m = splat(s.lmax), it = splat(invTemp);
  f4 sum = splat(0.0f), ez = splat(0.0f);
  int v = 0;
  for (; v + 4 <= V; v += 4) {
    f4 z = mul(sub(ld(l + v), m), it);
    f4 x = exp4(z);
    if (e) st(e + v, x);
    sum = add(sum, x);
    ez = madd(ez, x, z);
  }
  s.sum = hsum(sum);
  s.ez = hsum(ez);
  for (; v < V; v++) {
    float z = (l[v] - s.lmax) * invTemp, x = exp1(z);
    if (e) e[v] = x;
    s.sum += x;
    s.ez += (double)x * z;
  }
  return s;
}

/** out (R) = log softmax(logits[r] * invTemp)[targets[r]]. */
GH_EXPORT(gh_logprobs)
void gh_logprobs(const float *logits, const int32_t *targets, float *out, int R, int V, float invTemp, int tid, int nt) {
  for (int r = part(R, tid, nt), hi = part(R, tid + 1, nt); r < hi; r++) {
    const float *l = logits + (int64_t)r * V;
    RowSoftmax s = rowSoftmax(l, V, invTemp, 0);
    out[r] = (float)((double)((l[targets[r]] - s.lmax) * invTemp) - log1d(s.sum));
  }
}

#define KL_CLAMP 10.0

/**
 * Per token l = -min(r A, clip(r, 1-epsLow, 1+epsHigh) A) + beta min(k3, KL_CLAMP) ('grpo', ce = 0) or -logp (ce =
 * 1), times weight, minus entCoef * H on every row with weight != 0. Row r = n*T + t. dLogits (R, V) = d(sum of
 * l)/d logits; stats (R, LOSS_STATS): weighted loss, weighted policy loss, kl, entropy, clip sign (-1 below, +1 above).
 */
GH_EXPORT(gh_token_loss)
void gh_token_loss(const float *logits, const int32_t *targets, const float *weight, const float *adv, const float *oldLogp, const float *refLogp, float *dLogits, float *stats, int N, int T, int V, int ce, float invTemp, float beta, float epsLow, float epsHigh, float entCoef, int tid, int nt) {
  for (int r = part(N * T, tid, nt), hi = part(N * T, tid + 1, nt); r < hi; r++) {
    const float *l = logits + (int64_t)r * V;
    float *dl = dLogits + (int64_t)r * V;
    float *so = stats + r * LOSS_STATS;
    const double w = weight[r];
    if (w == 0) {
      for (int v = 0; v < V; v++) dl[v] = 0.0f;
      for (int k = 0; k < LOSS_STATS; k++) so[k] = 0.0f;
      continue;
    }
    RowSoftmax s = rowSoftmax(l, V, invTemp, dl); // dl holds e until scaled below
    const double logSum = log1d(s.sum);
    const double logp = (double)((l[targets[r]] - s.lmax) * invTemp) - logSum;
    const double entropy = logSum - s.ez / s.sum;
    double pg, g, kl = 0, clipped = 0; // g = d l / d logp
    if (ce) {
      pg = -logp;
      g = -1;
    } else {
      const double A = adv[r / T], lr = logp - oldLogp[r];
      const double ratio = expd(clampd(lr, -20, 20));
      const double s1 = ratio * A, s2 = clampd(ratio, 1 - (double)epsLow, 1 + (double)epsHigh) * A;
      if (s2 < s1) {
        pg = -s2;
        g = 0;
        clipped = A > 0 ? 1 : -1;
      } else {
        pg = -s1;
        g = (lr < 20 && lr > -20) ? -s1 : 0;
      }
      if (refLogp && beta != 0) {
        const double d = clampd(refLogp[r] - logp, -20, 20), e = expd(d), k3 = e - d - 1;
        kl = k3 < KL_CLAMP ? k3 : KL_CLAMP;
        if (k3 < KL_CLAMP) g += beta * (1 - e);
      }
    }
    // dl = p_v (ent (log p_v + H) - scale), p_v = e_v / sum: d(-entCoef H)/dz_v = entCoef p_v (log p_v + H)
    const double scale = w * g * invTemp, ent = (double)entCoef * invTemp;
    const float inv = (float)(1 / s.sum);
    int v = 0;
    if (ent == 0) {
      const f4 k = splat((float)(-scale) * inv);
      for (; v + 4 <= V; v += 4) st(dl + v, mul(ld(dl + v), k));
      for (; v < V; v++) dl[v] *= (float)(-scale) * inv;
    } else {
      const float shift = (float)(entropy - logSum); // log p_v + H = z_v - logSum + H
      const f4 m = splat(s.lmax), it = splat(invTemp), sh = splat(shift), en = splat((float)ent), sc = splat((float)scale), iv = splat(inv);
      for (; v + 4 <= V; v += 4) st(dl + v, mul(mul(ld(dl + v), iv), sub(mul(en, add(mul(sub(ld(l + v), m), it), sh)), sc)));
      for (; v < V; v++) dl[v] = dl[v] * inv * (float)(ent * ((double)((l[v] - s.lmax) * invTemp) + shift) - scale);
    }
    dl[targets[r]] += (float)scale;
    so[0] = (float)(w * (pg + beta * kl) - (double)entCoef * entropy);
    so[1] = (float)(w * pg);
    so[2] = (float)kl;
    so[3] = (float)entropy;
    so[4] = (float)clipped;
  }
}

#define TOP_P_STEPS 32

/** Sum of q[v] >= tau over v in index order. */
GH_INLINE double kept(const float *q, int V, double tau) {
  double s = 0;
  for (int v = 0; v < V; v++)
    if (q[v] >= tau) s += q[v];
  return s;
}

/**
 * One token per row of logits (N, V) * invTemp, restricted to mask (N, V) (1 = allowed) when given, then to the
 * top-p nucleus (threshold found by bisection, as the twin); u (N) uniforms in [0, 1). tokens (N); logp (N) under
 * the unmasked distribution; entropy (N) of the distribution sampled from (the kept q renormalised). Everything
 * masked: token 0, entropy 0. scratch holds V floats per chunk (nt of them).
 */
GH_EXPORT(gh_sample)
void gh_sample(const float *logits, const float *mask, const float *u, int32_t *tokens, float *logp, float *entropy, float *scratch, int N, int V, float invTemp, float topP, int tid, int nt) {
  float *q = scratch + (int64_t)tid * V; // this chunk's row of unnormalised allowed probabilities
  for (int n = part(N, tid, nt), hi = part(N, tid + 1, nt); n < hi; n++) {
    const float *l = logits + (int64_t)n * V;
    const float *mk = mask ? mask + (int64_t)n * V : 0;
    RowSoftmax all = rowSoftmax(l, V, invTemp, 0);
    float mx = -__builtin_inff();
    for (int v = 0; v < V; v++)
      if ((!mk || mk[v] > 0) && l[v] > mx) mx = l[v];
    const f4 m = splat(mx), it = splat(invTemp);
    int v = 0;
    for (; v + 4 <= V; v += 4) {
      f4 x = exp4(mul(sub(ld(l + v), m), it));
      st(q + v, mk ? wasm_v128_and(x, wasm_f32x4_gt(ld(mk + v), splat(0.0f))) : x);
    }
    for (; v < V; v++) q[v] = (!mk || mk[v] > 0) ? exp1((l[v] - mx) * invTemp) : 0.0f;
    double tau = 0;
    if (topP < 1) {
      const double target = topP * kept(q, V, 0);
      double lo = 0, hi2 = 1;
      for (int i = 0; i < TOP_P_STEPS; i++) {
        double mid = (lo + hi2) / 2;
        if (kept(q, V, mid) >= target) lo = mid;
        else hi2 = mid;
      }
      tau = lo;
    }
    const double Z = kept(q, V, tau);
    double qlogq = 0; // over the kept tokens, log q = (l - mx) * invTemp
    for (v = 0; v < V; v++)
      if (q[v] > 0 && q[v] >= tau) qlogq += (double)q[v] * ((l[v] - mx) * invTemp);
    entropy[n] = Z > 0 ? (float)(log1d(Z) - qlogq / Z) : 0.0f;
    int pick = -1;
    double x = u[n] * Z;
    for (v = 0; v < V; v++) {
      if (q[v] > 0 && q[v] >= tau) {
        pick = v;
        x -= q[v];
        if (x < 0) break;
      }
    }
    if (pick < 0) pick = 0;
    tokens[n] = pick;
    logp[n] = (float)((double)((l[pick] - all.lmax) * invTemp) - log1d(all.sum));
  }
}
