// Matrix products of the WebAssembly backend: C (M, N) = op(A) · B [+ bias (N)] [+ C], register-blocked in tiles of
// 4 rows x 8 columns (8 f32x4 accumulators). A is read through strides, so A (M, K) and A stored (K, M) share one
// kernel; B (N, K) is first transposed into a scratch (K, N) by gh_transpose. Each C element is one sum over k in
// ascending order, then + bias, then + C: the same bits whatever the tile or the thread that computes it.
#include "gh.h"

/** Element (m, k) of A sits at a[m * ars + k * aks]; B (K, N) rows are ldb floats apart. */
typedef struct {
  const float *a;
  int ars, aks;
  const float *b;
  int ldb;
  int K;
  float *c;
  int ldc;
  const float *bias; // null: none
  int acc;
} Product;

/** Writes an MR x (4 * NV) tile at row m, column n: sum, + bias, + old C. */
GH_INLINE void tile(const Product *p, int m, int n, const int MR, const int NV) {
  f4 s[4][2];
  for (int i = 0; i < MR; i++)
    for (int j = 0; j < NV; j++) s[i][j] = wasm_f32x4_splat(0.0f);
  const float *a = p->a + m * p->ars;
  const float *b = p->b + n;
  const int ars = p->ars, aks = p->aks, ldb = p->ldb;
  for (int k = 0; k < p->K; k++) {
    f4 bv[2];
    for (int j = 0; j < NV; j++) bv[j] = ld(b + 4 * j);
    for (int i = 0; i < MR; i++) {
      f4 x = wasm_v128_load32_splat(a + i * ars);
      for (int j = 0; j < NV; j++) s[i][j] = madd(s[i][j], x, bv[j]);
    }
    a += aks;
    b += ldb;
  }
  for (int i = 0; i < MR; i++) {
    float *c = p->c + (m + i) * p->ldc + n;
    for (int j = 0; j < NV; j++) {
      f4 v = s[i][j];
      if (p->bias) v = add(v, ld(p->bias + n + 4 * j));
      if (p->acc) v = add(v, ld(c + 4 * j));
      st(c + 4 * j, v);
    }
  }
}

/** One column (n) of rows [m, m + MR): the tail of N past the last multiple of 4, in the same order as tile. */
GH_INLINE void column(const Product *p, int m, int n, const int MR) {
  for (int i = 0; i < MR; i++) {
    const float *a = p->a + (m + i) * p->ars;
    const float *b = p->b + n;
    float s = 0.0f;
    for (int k = 0; k < p->K; k++) s += a[k * p->aks] * b[k * p->ldb];
    if (p->bias) s += p->bias[n];
    float *c = p->c + (m + i) * p->ldc + n;
    *c = p->acc ? s + *c : s;
  }
}

/** Rows [m, m + MR) across every column. */
GH_INLINE void rows(const Product *p, int m, int N, const int MR) {
  int n = 0;
  for (; n + 8 <= N; n += 8) tile(p, m, n, MR, 2);
  for (; n + 4 <= N; n += 4) tile(p, m, n, MR, 1);
  for (; n < N; n++) column(p, m, n, MR);
}

/**
 * C (M, N) = op(A) · B [+ bias] [+ C]; ta: A stored (K, M). B (K, N) row-major with row stride ldb.
 * Threads split the blocks of 4 rows.
 */
GH_EXPORT(gh_matmul)
void gh_matmul(const float *a, const float *b, float *c, int M, int K, int N, int ta, int ldb, const float *bias, int acc, int tid, int nt) {
  Product p = {a, ta ? 1 : K, ta ? M : 1, b, ldb, K, c, N, bias, acc};
  int blocks = (M + 3) / 4;
  int lo = part(blocks, tid, nt), hi = part(blocks, tid + 1, nt);
  for (int blk = lo; blk < hi; blk++) {
    int m = blk * 4;
    switch (M - m) {
      case 1: rows(&p, m, N, 1); break;
      case 2: rows(&p, m, N, 2); break;
      case 3: rows(&p, m, N, 3); break;
      default: rows(&p, m, N, 4); break;
    }
  }
}

/** out (C, R) = transpose of x (R, C); threads split the rows of out. */
GH_EXPORT(gh_transpose)
void gh_transpose(const float *x, float *out, int R, int C, int tid, int nt) {
  int lo = part(C, tid, nt), hi = part(C, tid + 1, nt);
  for (int c0 = lo; c0 < hi; c0 += 8) {
    int c1 = c0 + 8 < hi ? c0 + 8 : hi;
    for (int r = 0; r < R; r++)
      for (int c = c0; c < c1; c++) out[c * R + r] = x[r * C + c];
  }
}

/** dBias (N) = column sums of dOut (M, N), rows in order; threads split the columns in groups of 4. */
GH_EXPORT(gh_colsum)
void gh_colsum(const float *d, float *out, int M, int N, int tid, int nt) {
  int groups = (N + 3) / 4;
  int lo = part(groups, tid, nt) * 4, hi = part(groups, tid + 1, nt) * 4;
  if (hi > N) hi = N;
  int n = lo;
  for (; n + 4 <= hi; n += 4) {
    f4 s = splat(0.0f);
    for (int m = 0; m < M; m++) s = add(s, ld(d + m * N + n));
    st(out + n, s);
  }
  for (; n < hi; n++) {
    float s = 0.0f;
    for (int m = 0; m < M; m++) s += d[m * N + n];
    out[n] = s;
  }
}
