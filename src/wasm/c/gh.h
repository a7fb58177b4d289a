// Shared by every kernel of the WebAssembly backend: export macro, the fixed work split between threads, and
// f32x4 maths (exp, sigmoid, horizontal sums). Pointers are byte offsets into the one shared linear memory.
#ifndef GH_H
#define GH_H

#include <stdint.h>
#include <wasm_simd128.h>

#define GH_EXPORT(name) __attribute__((export_name(#name)))
#define GH_INLINE static inline __attribute__((always_inline))

typedef v128_t f4;

/**
 * Every kernel takes (tid, nt) last and computes chunk tid of nt: units [part(n, tid), part(n, tid + 1)) of its n.
 * The pool (pool.ts) hands chunks to whichever thread is free. Every output element is computed within one chunk,
 * in one fixed order, so results depend neither on nt nor on which thread ran a chunk.
 */
GH_INLINE int part(int n, int tid, int nt) { return (int)(((int64_t)n * tid) / nt); }

GH_INLINE f4 splat(float x) { return wasm_f32x4_splat(x); }
GH_INLINE f4 ld(const float *p) { return wasm_v128_load(p); }
GH_INLINE void st(float *p, f4 v) { wasm_v128_store(p, v); }
GH_INLINE f4 add(f4 a, f4 b) { return wasm_f32x4_add(a, b); }
GH_INLINE f4 sub(f4 a, f4 b) { return wasm_f32x4_sub(a, b); }
GH_INLINE f4 mul(f4 a, f4 b) { return wasm_f32x4_mul(a, b); }
GH_INLINE f4 madd(f4 acc, f4 a, f4 b) { return wasm_f32x4_add(acc, wasm_f32x4_mul(a, b)); }

/** Lanes summed as (l0 + l1) + (l2 + l3). */
GH_INLINE float hsum(f4 v) {
  return (wasm_f32x4_extract_lane(v, 0) + wasm_f32x4_extract_lane(v, 1)) + (wasm_f32x4_extract_lane(v, 2) + wasm_f32x4_extract_lane(v, 3));
}
GH_INLINE float hmax(f4 v) {
  float a = wasm_f32x4_extract_lane(v, 0), b = wasm_f32x4_extract_lane(v, 1);
  float c = wasm_f32x4_extract_lane(v, 2), d = wasm_f32x4_extract_lane(v, 3);
  float x = a > b ? a : b, y = c > d ? c : d;
  return x > y ? x : y;
}

/**
 * e^x per lane, within 2 ulp: x = n ln2 + r with |r| <= ln2/2, a degree-6 polynomial for e^r, times 2^n built in
 * the exponent bits. Lanes below -87.3 give 0 (so exp(-inf) = 0); above 88.3 are clamped to e^88.3.
 */
GH_INLINE f4 exp4(f4 x) {
  const f4 hi = splat(88.3f), lo = splat(-87.3f);
  f4 under = wasm_f32x4_lt(x, lo);
  x = wasm_f32x4_pmin(wasm_f32x4_pmax(x, lo), hi);
  f4 n = wasm_f32x4_nearest(mul(x, splat(1.44269504088896341f)));
  f4 r = sub(sub(x, mul(n, splat(0.693359375f))), mul(n, splat(-2.12194440e-4f)));
  f4 p = splat(1.9875691500e-4f);
  p = madd(splat(1.3981999507e-3f), p, r);
  p = madd(splat(8.3334519073e-3f), p, r);
  p = madd(splat(4.1665795894e-2f), p, r);
  p = madd(splat(1.6666665459e-1f), p, r);
  p = madd(splat(5.0000001201e-1f), p, r);
  p = add(add(mul(mul(p, r), r), r), splat(1.0f));
  v128_t e = wasm_i32x4_shl(wasm_i32x4_add(wasm_i32x4_trunc_sat_f32x4(n), wasm_i32x4_splat(127)), 23);
  return wasm_v128_andnot(mul(p, e), under);
}

GH_INLINE float exp1(float x) { return wasm_f32x4_extract_lane(exp4(splat(x)), 0); }

/** 1 / (1 + e^-x) per lane, accurate in both tails. */
GH_INLINE f4 sigmoid4(f4 x) { return wasm_f32x4_div(splat(1.0f), add(splat(1.0f), exp4(wasm_f32x4_neg(x)))); }

/** e^x in double (a degree-12 Taylor polynomial after x = n ln2 + r), for x < 709; 0 below -708. */
GH_INLINE double expd(double x) {
  if (x < -708.0) return 0.0;
  double n = __builtin_nearbyint(x * 1.4426950408889634);
  double r = x - n * 0.6931471805599453;
  double p = 1.0 / 479001600;
  const double c[12] = {1.0 / 39916800, 1.0 / 3628800, 1.0 / 362880, 1.0 / 40320, 1.0 / 5040, 1.0 / 720, 1.0 / 120, 1.0 / 24, 1.0 / 6, 0.5, 1, 1};
  for (int i = 0; i < 12; i++) p = p * r + c[i];
  union { double d; uint64_t u; } s = {.u = (uint64_t)((int64_t)n + 1023) << 52};
  return p * s.d;
}

/** expd on both lanes of an f64x2, with the same operations in the same order: the same bits as two expd calls. */
GH_INLINE v128_t expd2(v128_t x) {
  const v128_t under = wasm_f64x2_lt(x, wasm_f64x2_splat(-708.0));
  const v128_t n = wasm_f64x2_nearest(wasm_f64x2_mul(x, wasm_f64x2_splat(1.4426950408889634)));
  const v128_t r = wasm_f64x2_sub(x, wasm_f64x2_mul(n, wasm_f64x2_splat(0.6931471805599453)));
  v128_t p = wasm_f64x2_splat(1.0 / 479001600);
  const double c[12] = {1.0 / 39916800, 1.0 / 3628800, 1.0 / 362880, 1.0 / 40320, 1.0 / 5040, 1.0 / 720, 1.0 / 120, 1.0 / 24, 1.0 / 6, 0.5, 1, 1};
  for (int i = 0; i < 12; i++) p = wasm_f64x2_add(wasm_f64x2_mul(p, r), wasm_f64x2_splat(c[i]));
  const v128_t k = wasm_i64x2_extend_low_i32x4(wasm_i32x4_trunc_sat_f64x2_zero(n));
  const v128_t s = wasm_i64x2_shl(wasm_i64x2_add(k, wasm_i64x2_splat(1023)), 52);
  return wasm_v128_andnot(wasm_f64x2_mul(p, s), under);
}

/** Natural log of x > 0 in double: x = m 2^e with m in [sqrt(1/2), sqrt(2)), log m by the atanh series. */
GH_INLINE double log1d(double x) {
  union { double d; uint64_t u; } b = {x};
  int e = (int)((b.u >> 52) & 0x7ff) - 1023;
  b.u = (b.u & 0x000fffffffffffffULL) | 0x3ff0000000000000ULL; // m in [1, 2)
  double m = b.d;
  if (m > 1.4142135623730951) { m *= 0.5; e += 1; }
  double s = (m - 1) / (m + 1), s2 = s * s;
  double t = s2 * (1.0 / 3 + s2 * (1.0 / 5 + s2 * (1.0 / 7 + s2 * (1.0 / 9 + s2 * (1.0 / 11 + s2 * (1.0 / 13 + s2 * (1.0 / 15)))))));
  return e * 0.6931471805599453 + 2 * s * (1 + t);
}

#endif
