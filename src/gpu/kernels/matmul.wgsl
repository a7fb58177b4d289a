// C (M,N) = op(A)·op(B) [+ bias] [+ C]. A workgroup computes a BM x BN tile of C through workgroup memory, BK deep,
// with (BM/8) x (BN/8) threads of 8x8 outputs each (two groups of 4 rows, two of 4 columns, half a tile apart).
// Operands move as quads of 4 along their stored rows: one vec4 load when the row length is a multiple of 4 (QA,
// QB), else 4 checked scalar loads; a quad lands in workgroup memory as one vec4 in the operand's own layout, and 4x4
// blocks are transposed in registers. DIRECT (CPU adapters, whose "workgroup memory" is the same cache as the rest)
// reads the quads straight from the operands: no tile copies, no barriers. Tiles hold S: f32 here; the f16 variant (matmul.ts rewrites the alias under
// `enable f16`) rounds A and B to f16, multiplies in f16 and sums the products in f32 in ascending k, then adds
// bias, then C.
alias S = f32;
override TA: bool = false; // A stored (K,M)
override TB: bool = false; // B stored (N,K)
override BIAS: bool = false;
override ACC: bool = false;
override QA: bool = false; // A's stored row length (K, or M with TA) is a multiple of 4
override QB: bool = false; // B's stored row length (N, or K with TB) is a multiple of 4
override BM: u32 = 64; // tile rows
override BN: u32 = 64; // tile columns
override BK: u32 = 16; // tile depth
override DIRECT: bool = false;
override EK: bool = false; // K is a multiple of BK: no checks at all
override SPLIT: bool = false; // workgroup z sums k in [z KC, (z+1) KC) into its own plane of c; splitk_sum.wgsl adds them
override KQ: u32 = BK / 4u + 1u; // vec4s per tile row in the k-major layouts (one of padding against bank conflicts)
struct P { M: u32, K: u32, N: u32, KC: u32 } // KC: a multiple of BK (K when not split)
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> a: array<vec4f>; // (M,K) | (K,M), flat
@group(0) @binding(2) var<storage, read> b: array<vec4f>; // (K,N) | (N,K), flat
@group(0) @binding(3) var<storage, read> bias: array<f32>; // (N)
@group(0) @binding(4) var<storage, read_write> c: array<f32>; // (M,N), or (splits,M,N) partial sums with SPLIT
var<workgroup> As: array<vec4<S>, BM * KQ>; // TA: [k][m / 4]; else [m][k / 4]
var<workgroup> Bs: array<vec4<S>, BN * KQ>; // TB: [n][k / 4]; else [k][n / 4]

/**
 * Elements c..c+3 of stored row r of A (rows of length cols). Only k past K reads as zero: other overruns feed
 * outputs that are never stored (robust access keeps every read inside the binding). Both operands are zero past K,
 * so that no leftover Inf meets a zero.
 */
fn quadA(r: u32, c: u32, cols: u32) -> vec4f {
  if (!EK && select(c, r, TA) >= p.K) { return vec4f(); }
  let i = r * cols + c;
  if (QA) { return a[i / 4u]; }
  let v = vec4f(a[i / 4u][i % 4u], a[(i + 1u) / 4u][(i + 1u) % 4u], a[(i + 2u) / 4u][(i + 2u) % 4u], a[(i + 3u) / 4u][(i + 3u) % 4u]);
  if (TA || EK) { return v; }
  return select(v, vec4f(), vec4u(c) + vec4u(0u, 1u, 2u, 3u) >= vec4u(p.K));
}

fn quadB(r: u32, c: u32, cols: u32) -> vec4f {
  if (!EK && select(r, c, TB) >= p.K) { return vec4f(); }
  let i = r * cols + c;
  if (QB) { return b[i / 4u]; }
  let v = vec4f(b[i / 4u][i % 4u], b[(i + 1u) / 4u][(i + 1u) % 4u], b[(i + 2u) / 4u][(i + 2u) % 4u], b[(i + 3u) / 4u][(i + 3u) % 4u]);
  if (!TB || EK) { return v; }
  return select(v, vec4f(), vec4u(c) + vec4u(0u, 1u, 2u, 3u) >= vec4u(p.K));
}

/** Copy the BM x BK tile of op(A) at (m0, k0) and the BK x BN tile of op(B) at (k0, n0) into workgroup memory. */
fn loadTiles(li: u32, m0: u32, k0: u32, n0: u32) {
  let threads = (BM / 8u) * (BN / 8u);
  for (var qi = li; qi < BM * BK / 4u; qi += threads) {
    if (TA) { let r = qi / (BM / 4u); let q = qi % (BM / 4u); As[r * (BM / 4u) + q] = vec4<S>(quadA(k0 + r, m0 + q * 4u, p.M)); }
    else { let r = qi / (BK / 4u); let q = qi % (BK / 4u); As[r * KQ + q] = vec4<S>(quadA(m0 + r, k0 + q * 4u, p.K)); }
  }
  for (var qi = li; qi < BN * BK / 4u; qi += threads) {
    if (TB) { let r = qi / (BK / 4u); let q = qi % (BK / 4u); Bs[r * KQ + q] = vec4<S>(quadB(n0 + r, k0 + q * 4u, p.K)); }
    else { let r = qi / (BN / 4u); let q = qi % (BN / 4u); Bs[r * (BN / 4u) + q] = vec4<S>(quadB(k0 + r, n0 + q * 4u, p.N)); }
  }
}

/** Rows 4g..4g+3 (g in vec4 groups) of the A tile at (m0, k0), at k = 4kq..4kq+3: column r holds row r's 4 values. */
fn rowsA(g: u32, kq: u32, m0: u32, k0: u32) -> mat4x4<S> {
  if (DIRECT) {
    let m = m0 + g * 4u; let k = k0 + kq * 4u;
    if (TA) { return transpose(mat4x4<S>(vec4<S>(quadA(k, m, p.M)), vec4<S>(quadA(k + 1u, m, p.M)), vec4<S>(quadA(k + 2u, m, p.M)), vec4<S>(quadA(k + 3u, m, p.M)))); }
    return mat4x4<S>(vec4<S>(quadA(m, k, p.K)), vec4<S>(quadA(m + 1u, k, p.K)), vec4<S>(quadA(m + 2u, k, p.K)), vec4<S>(quadA(m + 3u, k, p.K)));
  }
  if (TA) {
    let o = kq * 4u * (BM / 4u) + g;
    return transpose(mat4x4<S>(As[o], As[o + BM / 4u], As[o + BM / 2u], As[o + 3u * (BM / 4u)]));
  }
  let o = g * 4u * KQ + kq;
  return mat4x4<S>(As[o], As[o + KQ], As[o + 2u * KQ], As[o + 3u * KQ]);
}

/** Columns 4g..4g+3 of the B tile at (k0, n0), at k = 4kq..4kq+3: column k holds the 4 columns' values at k. */
fn colsB(g: u32, kq: u32, k0: u32, n0: u32) -> mat4x4<S> {
  if (DIRECT) {
    let n = n0 + g * 4u; let k = k0 + kq * 4u;
    if (TB) { return transpose(mat4x4<S>(vec4<S>(quadB(n, k, p.K)), vec4<S>(quadB(n + 1u, k, p.K)), vec4<S>(quadB(n + 2u, k, p.K)), vec4<S>(quadB(n + 3u, k, p.K)))); }
    return mat4x4<S>(vec4<S>(quadB(k, n, p.N)), vec4<S>(quadB(k + 1u, n, p.N)), vec4<S>(quadB(k + 2u, n, p.N)), vec4<S>(quadB(k + 3u, n, p.N)));
  }
  if (TB) {
    let o = g * 4u * KQ + kq;
    return transpose(mat4x4<S>(Bs[o], Bs[o + KQ], Bs[o + 2u * KQ], Bs[o + 3u * KQ]));
  }
  let o = kq * 4u * (BN / 4u) + g;
  return mat4x4<S>(Bs[o], Bs[o + BN / 4u], Bs[o + BN / 2u], Bs[o + 3u * (BN / 4u)]);
}

/** c + Σ_k a[k] · b[k], k ascending, each product in S, the sums in f32. */
fn dot4(c: vec4f, a: vec4<S>, b: mat4x4<S>) -> vec4f {
  return c + vec4f(a.x * b[0]) + vec4f(a.y * b[1]) + vec4f(a.z * b[2]) + vec4f(a.w * b[3]);
}

@compute @workgroup_size(BN / 8u, BM / 8u)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_id) l: vec3u, @builtin(local_invocation_index) li: u32) {
  let m0 = wg.y * BM;
  let n0 = wg.x * BN;
  // c<r><j>: row 4 l.y + r (r < 4) or BM/2 further (r >= 4), columns 4 l.x.. (j = 0) or BN/2 further (j = 1).
  var c00 = vec4f(); var c01 = vec4f(); var c10 = vec4f(); var c11 = vec4f();
  var c20 = vec4f(); var c21 = vec4f(); var c30 = vec4f(); var c31 = vec4f();
  var c40 = vec4f(); var c41 = vec4f(); var c50 = vec4f(); var c51 = vec4f();
  var c60 = vec4f(); var c61 = vec4f(); var c70 = vec4f(); var c71 = vec4f();
  for (var k0 = wg.z * p.KC; k0 < min(p.K, (wg.z + 1u) * p.KC); k0 += BK) {
    if (!DIRECT) { loadTiles(li, m0, k0, n0); workgroupBarrier(); }
    for (var kq = 0u; kq < BK / 4u; kq++) {
      let a0 = rowsA(l.y, kq, m0, k0); let a1 = rowsA(l.y + BM / 8u, kq, m0, k0);
      let b0 = colsB(l.x, kq, k0, n0); let b1 = colsB(l.x + BN / 8u, kq, k0, n0);
      c00 = dot4(c00, a0[0], b0); c01 = dot4(c01, a0[0], b1); c10 = dot4(c10, a0[1], b0); c11 = dot4(c11, a0[1], b1);
      c20 = dot4(c20, a0[2], b0); c21 = dot4(c21, a0[2], b1); c30 = dot4(c30, a0[3], b0); c31 = dot4(c31, a0[3], b1);
      c40 = dot4(c40, a1[0], b0); c41 = dot4(c41, a1[0], b1); c50 = dot4(c50, a1[1], b0); c51 = dot4(c51, a1[1], b1);
      c60 = dot4(c60, a1[2], b0); c61 = dot4(c61, a1[2], b1); c70 = dot4(c70, a1[3], b0); c71 = dot4(c71, a1[3], b1);
    }
    if (!DIRECT) { workgroupBarrier(); }
  }
  plane = wg.z;
  let r0 = m0 + l.y * 4u; let r1 = r0 + BM / 2u;
  let q0 = n0 + l.x * 4u; let q1 = q0 + BN / 2u;
  store(r0, q0, c00); store(r0, q1, c01); store(r0 + 1u, q0, c10); store(r0 + 1u, q1, c11);
  store(r0 + 2u, q0, c20); store(r0 + 2u, q1, c21); store(r0 + 3u, q0, c30); store(r0 + 3u, q1, c31);
  store(r1, q0, c40); store(r1, q1, c41); store(r1 + 1u, q0, c50); store(r1 + 1u, q1, c51);
  store(r1 + 2u, q0, c60); store(r1 + 2u, q1, c61); store(r1 + 3u, q0, c70); store(r1 + 3u, q1, c71);
}

/** C[m, n..n+3] = v [+ bias] [+ C], inside the matrix. */
var<private> plane: u32; // with SPLIT, this workgroup's plane of partial sums

/** C[m, n..n+3] = v [+ bias] [+ C], inside the matrix; with SPLIT, v alone into the workgroup's plane. */
fn store(m: u32, n: u32, v: vec4f) {
  if (m >= p.M) { return; }
  for (var q = 0u; q < 4u; q++) {
    if (n + q < p.N) {
      var x = v[q];
      if (SPLIT) { c[(plane * p.M + m) * p.N + n + q] = x; continue; }
      if (BIAS) { x += bias[n + q]; }
      if (ACC) { x += c[m * p.N + n + q]; }
      c[m * p.N + n + q] = x;
    }
  }
}
