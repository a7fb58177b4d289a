// Attention backward for keys and values (attention_backward_rows.wgsl in front): a workgroup takes BJ keys of one
// (n, h) and streams the queries that see them (i >= j) through workgroup memory with their log-sum-exp and Dsum;
// per key j, in ascending i: dS = P (dp - Dsum) scale, dk_j += dS q_i, dv_j += P dOut_i. Writes the k and v parts.
override BJ: u32 = 64; // keys per workgroup
override BI: u32 = 32; // queries per tile
@group(0) @binding(5) var<storage, read> dsum: array<f32>; // (N,H,T), from the query pass
var<workgroup> Qs: array<vec4f, BI * DH4>;
var<workgroup> Gs: array<vec4f, BI * DH4>; // dOut rows
var<workgroup> stats: array<vec2f, BI>; // (lse, Dsum)

fn queryRow(ii: u32, qo: u32, c: u32) -> vec4f { if (DIRECT) { return qkvRow(qo, c); } return Qs[ii * DH4 + c]; }
fn gradRow(ii: u32, go: u32, c: u32) -> vec4f { if (DIRECT) { return dOutRow(go, c); } return Gs[ii * DH4 + c]; }
fn rowStats(ii: u32, r: u32) -> vec2f { if (DIRECT) { return vec2f(saved[r], dsum[r]); } return stats[ii]; }

@compute @workgroup_size(BJ)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_index) l: u32) {
  let n = wg.z; let h = wg.y;
  let D = p.H * p.Dh; let W = 3u * D;
  let keyLen = rowKeyLen(n);
  let j0 = wg.x * BJ;
  let j = j0 + l;
  let live = j < min(p.T, keyLen); // a key some query sees
  var kv: array<vec4f, DH4>; var vv: array<vec4f, DH4>;
  if (live) {
    for (var c = 0u; c < DH4; c++) { kv[c] = qkvRow((n * p.T + j) * W + D + h * p.Dh, c); vv[c] = qkvRow((n * p.T + j) * W + 2u * D + h * p.Dh, c); }
  }
  let scale = 1.0 / sqrt(f32(p.Dh));
  var dk: array<vec4f, DH4>; var dv: array<vec4f, DH4>;
  let first = select(p.T, j0, j0 < keyLen); // no query sees a key past keyLen
  for (var i0 = first; i0 < p.T; i0 += BI) {
    if (!DIRECT) {
      workgroupBarrier();
      for (var e = l; e < BI * DH4; e += BJ) {
        let i = i0 + e / DH4;
        var qr = vec4f(); var gr = vec4f();
        if (i < p.T) { qr = qkvRow((n * p.T + i) * W + h * p.Dh, e % DH4); gr = dOutRow((n * p.T + i) * D + h * p.Dh, e % DH4); }
        Qs[e] = qr; Gs[e] = gr;
      }
      for (var e = l; e < BI; e += BJ) {
        let i = i0 + e;
        if (i < p.T) { let r = (n * p.H + h) * p.T + i; stats[e] = vec2f(saved[r], dsum[r]); }
      }
      workgroupBarrier();
    }
    let end = select(0u, min(BI, p.T - i0), live);
    for (var ii = select(0u, j - i0, j > i0); ii < end; ii++) {
      let i = i0 + ii;
      let qo = (n * p.T + i) * W + h * p.Dh; let go = (n * p.T + i) * D + h * p.Dh;
      var s = 0.0; var dp = 0.0;
      for (var c = 0u; c < DH4; c++) { s += dot(queryRow(ii, qo, c), kv[c]); dp += dot(gradRow(ii, go, c), vv[c]); }
      let st = rowStats(ii, (n * p.H + h) * p.T + i);
      let pr = exp(s * scale - st.x);
      let dS = pr * (dp - st.y) * scale;
      for (var c = 0u; c < DH4; c++) { dk[c] += dS * queryRow(ii, qo, c); dv[c] += pr * gradRow(ii, go, c); }
    }
  }
  if (j >= p.T) { return; }
  let ko = (n * p.T + j) * W + D + h * p.Dh;
  for (var c = 0u; c < DH4; c++) { putGrad(ko, c, dk[c]); putGrad(ko + D, c, dv[c]); }
}
