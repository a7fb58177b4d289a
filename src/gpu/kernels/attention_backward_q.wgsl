// Attention backward for queries (Tq = Tk = T, qStart = 0), probabilities recomputed from the saved log-sum-exp:
// a workgroup takes BQ queries of one (n, h), streams K and V through workgroup memory and, per query i, sums over
// its keys j: Dsum = Σ p dp, A = Σ p dp k_j, B = Σ p k_j with p = P[i,j], dp = dOut_i · v_j. Then dq_i =
// scale (A - Dsum B), the q part of dqkv; Dsum goes to saved for the key pass.
override BQ: u32 = 64;
override BK: u32 = 32;
const DH4 = 4u; // ceil(Dh / 4): attention.ts sets it and unrolls the one-line loops over it
struct P { N: u32, T: u32, H: u32, Dh: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> qkv: array<f32>; // (N,T,3D)
@group(0) @binding(2) var<storage, read> dOut: array<f32>; // (N,T,D)
@group(0) @binding(3) var<storage, read_write> saved: array<f32>; // lse (N,H,T) | Dsum (N,H,T) | keyLen (N)
@group(0) @binding(4) var<storage, read_write> dqkv: array<f32>; // (N,T,3D), q part written
var<workgroup> Ks: array<vec4f, BK * DH4>;
var<workgroup> Vs: array<vec4f, BK * DH4>;
var<workgroup> keyLenW: u32;

fn qkvRow(o: u32, c: u32) -> vec4f {
  var v = vec4f();
  for (var e = 0u; e < 4u; e++) { if (c * 4u + e < p.Dh) { v[e] = qkv[o + c * 4u + e]; } }
  return v;
}
fn dOutRow(o: u32, c: u32) -> vec4f {
  var v = vec4f();
  for (var e = 0u; e < 4u; e++) { if (c * 4u + e < p.Dh) { v[e] = dOut[o + c * 4u + e]; } }
  return v;
}
/** dqkv[o + 4c ..] = v, up to Dh. */
fn putGrad(o: u32, c: u32, v: vec4f) {
  let d = c * 4u;
  if (d < p.Dh) { dqkv[o + d] = v.x; } if (d + 1u < p.Dh) { dqkv[o + d + 1u] = v.y; }
  if (d + 2u < p.Dh) { dqkv[o + d + 2u] = v.z; } if (d + 3u < p.Dh) { dqkv[o + d + 3u] = v.w; }
}

@compute @workgroup_size(BQ)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_index) l: u32) {
  let n = wg.z; let h = wg.y;
  let D = p.H * p.Dh; let W = 3u * D;
  if (l == 0u) { keyLenW = u32(saved[2u * p.N * p.H * p.T + n]); }
  let keyLen = workgroupUniformLoad(&keyLenW); // saved is writable here, so its loads do not count as uniform
  let i = wg.x * BQ + l;
  let tileEnd = min(min(p.T, wg.x * BQ + BQ), keyLen);
  var lim = 0u; var lse = 0.0;
  var qv: array<vec4f, DH4>; var gv: array<vec4f, DH4>;
  if (i < p.T) {
    lim = min(i + 1u, keyLen);
    lse = saved[(n * p.H + h) * p.T + i];
    for (var c = 0u; c < DH4; c++) { qv[c] = qkvRow((n * p.T + i) * W + h * p.Dh, c); gv[c] = dOutRow((n * p.T + i) * D + h * p.Dh, c); }
  }
  let scale = 1.0 / sqrt(f32(p.Dh));
  var dsum = 0.0;
  var A: array<vec4f, DH4>; var B: array<vec4f, DH4>;
  for (var t0 = 0u; t0 < tileEnd; t0 += BK) {
    workgroupBarrier();
    for (var e = l; e < BK * DH4; e += BQ) {
      let j = t0 + e / DH4;
      var kr = vec4f(); var vr = vec4f();
      if (j < p.T) { let ko = (n * p.T + j) * W + D + h * p.Dh; kr = qkvRow(ko, e % DH4); vr = qkvRow(ko + D, e % DH4); }
      Ks[e] = kr; Vs[e] = vr;
    }
    workgroupBarrier();
    let end = min(BK, max(lim, t0) - t0);
    for (var jj = 0u; jj < end; jj++) {
      var s = 0.0; var dp = 0.0;
      for (var c = 0u; c < DH4; c++) { s += dot(qv[c], Ks[jj * DH4 + c]); dp += dot(gv[c], Vs[jj * DH4 + c]); }
      let pr = exp(s * scale - lse);
      dsum += pr * dp;
      for (var c = 0u; c < DH4; c++) { A[c] += (pr * dp) * Ks[jj * DH4 + c]; B[c] += pr * Ks[jj * DH4 + c]; }
    }
  }
  if (i >= p.T) { return; }
  let qo = (n * p.T + i) * W + h * p.Dh;
  for (var c = 0u; c < DH4; c++) { putGrad(qo, c, scale * (A[c] - dsum * B[c])); }
  saved[p.N * p.H * p.T + (n * p.H + h) * p.T + i] = dsum;
}
