// Attention backward for queries, probabilities recomputed from the saved log-sum-exp (attention_backward_rows.wgsl
// in front): a workgroup takes BQ queries of one (n, h) and streams K and V through workgroup memory; per query i,
// over its keys j: Dsum = Σ p dp, A = Σ p dp k_j, B = Σ p k_j with p = P[i,j], dp = dOut_i · v_j. Then dq_i =
// scale (A - Dsum B), the q part of dqkv; Dsum goes to dsum for the key pass.
override BQ: u32 = 64;
override BK: u32 = 32;
@group(0) @binding(5) var<storage, read_write> dsum: array<f32>; // (N,H,T)
var<workgroup> Ks: array<vec4f, BK * DH4>;
var<workgroup> Vs: array<vec4f, BK * DH4>;

fn keyRow(jj: u32, ko: u32, c: u32) -> vec4f { if (DIRECT) { return qkvRow(ko, c); } return Ks[jj * DH4 + c]; }
fn valueRow(jj: u32, ko: u32, c: u32) -> vec4f { if (DIRECT) { return qkvRow(ko + p.H * p.Dh, c); } return Vs[jj * DH4 + c]; }

@compute @workgroup_size(BQ)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_index) l: u32) {
  let n = wg.z; let h = wg.y;
  let D = p.H * p.Dh; let W = 3u * D;
  let keyLen = rowKeyLen(n);
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
  var ds = 0.0;
  var A: array<vec4f, DH4>; var B: array<vec4f, DH4>;
  for (var t0 = 0u; t0 < tileEnd; t0 += BK) {
    if (!DIRECT) {
      workgroupBarrier();
      for (var e = l; e < BK * DH4; e += BQ) {
        let j = t0 + e / DH4;
        var kr = vec4f(); var vr = vec4f();
        if (j < p.T) { let ko = (n * p.T + j) * W + D + h * p.Dh; kr = qkvRow(ko, e % DH4); vr = qkvRow(ko + D, e % DH4); }
        Ks[e] = kr; Vs[e] = vr;
      }
      workgroupBarrier();
    }
    let end = min(BK, max(lim, t0) - t0);
    for (var jj = 0u; jj < end; jj++) {
      let ko = (n * p.T + t0 + jj) * W + D + h * p.Dh;
      var s = 0.0; var dp = 0.0;
      for (var c = 0u; c < DH4; c++) { s += dot(qv[c], keyRow(jj, ko, c)); dp += dot(gv[c], valueRow(jj, ko, c)); }
      let pr = exp(s * scale - lse);
      ds += pr * dp;
      for (var c = 0u; c < DH4; c++) { A[c] += (pr * dp) * keyRow(jj, ko, c); B[c] += pr * keyRow(jj, ko, c); }
    }
  }
  if (i >= p.T) { return; }
  let qo = (n * p.T + i) * W + h * p.Dh;
  for (var c = 0u; c < DH4; c++) { putGrad(qo, c, scale * (A[c] - ds * B[c])); }
  dsum[(n * p.H + h) * p.T + i] = ds;
}
