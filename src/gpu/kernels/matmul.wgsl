// C (M,N) = op(A)·op(B) [+ bias] [+ C]; 32x32 tiles, a 4x4 block per thread. The tiles hold S: f32 here; the f16
// variant (matmul.ts rewrites the alias under `enable f16`) rounds A and B to f16, multiplies in f16 and sums the
// products in f32 in ascending k, then adds bias, then C.
alias S = f32;
override TA: bool = false; // A stored (K,M)
override TB: bool = false; // B stored (N,K)
override BIAS: bool = false;
override ACC: bool = false;
struct P { M: u32, K: u32, N: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> a: array<f32>; // (M,K) | (K,M)
@group(0) @binding(2) var<storage, read> b: array<f32>; // (K,N) | (N,K)
@group(0) @binding(3) var<storage, read> bias: array<f32>; // (N)
@group(0) @binding(4) var<storage, read_write> c: array<f32>; // (M,N)
var<workgroup> As: array<S, 1024>; // [k][m]
var<workgroup> Bs: array<S, 1024>; // [k][n]

@compute @workgroup_size(8, 8)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_id) l: vec3u,
        @builtin(local_invocation_index) li: u32) {
  let m0 = wg.y * 32u;
  let n0 = wg.x * 32u;
  var c0 = vec4f(); var c1 = vec4f(); var c2 = vec4f(); var c3 = vec4f(); // 4x4 block rows
  for (var k0 = 0u; k0 < p.K; k0 += 32u) {
    for (var i = li; i < 1024u; i += 64u) {
      let r = i / 32u; let s = i % 32u;
      // s runs along memory rows (coalesced)
      var m = m0 + r; var k = k0 + s;
      if (TA) { m = m0 + s; k = k0 + r; }
      var av = 0.0;
      if (m < p.M && k < p.K) { if (TA) { av = a[k * p.M + m]; } else { av = a[m * p.K + k]; } }
      As[(k - k0) * 32u + (m - m0)] = S(av);
      var n = n0 + s; var kb = k0 + r;
      if (TB) { n = n0 + r; kb = k0 + s; }
      var bv = 0.0;
      if (n < p.N && kb < p.K) { if (TB) { bv = b[n * p.K + kb]; } else { bv = b[kb * p.N + n]; } }
      Bs[(kb - k0) * 32u + (n - n0)] = S(bv);
    }
    workgroupBarrier();
    for (var kk = 0u; kk < 32u; kk++) {
      let i = kk * 32u + l.y * 4u; let j = kk * 32u + l.x * 4u;
      let ar = vec4<S>(As[i], As[i + 1u], As[i + 2u], As[i + 3u]);
      let br = vec4<S>(Bs[j], Bs[j + 1u], Bs[j + 2u], Bs[j + 3u]);
      c0 += vec4f(ar.x * br); c1 += vec4f(ar.y * br); c2 += vec4f(ar.z * br); c3 += vec4f(ar.w * br);
    }
    workgroupBarrier();
  }
  let acc = mat4x4f(c0, c1, c2, c3);
  for (var i = 0u; i < 4u; i++) {
    for (var j = 0u; j < 4u; j++) {
      let m = m0 + l.y * 4u + i; let n = n0 + l.x * 4u + j;
      if (m < p.M && n < p.N) {
        var x = acc[i][j];
        if (BIAS) { x += bias[n]; }
        if (ACC) { x += c[m * p.N + n]; }
        c[m * p.N + n] = x;
      }
    }
  }
}
