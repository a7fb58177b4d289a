// Attention backward for keys and values (Tq = Tk = T, qStart = 0): a workgroup takes BJ keys of one (n, h) and
// streams the queries that see them (i >= j) through workgroup memory with their log-sum-exp and Dsum; per key j,
// in ascending i: dS = P (dp - Dsum) scale, dk_j += dS q_i, dv_j += P dOut_i. Writes the k and v parts of dqkv.
override BJ: u32 = 64; // keys per workgroup
override BI: u32 = 32; // queries per tile
const DH4 = 4u; // ceil(Dh / 4): attention.ts sets it and unrolls the one-line loops over it
struct P { N: u32, T: u32, H: u32, Dh: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> qkv: array<f32>; // (N,T,3D)
@group(0) @binding(2) var<storage, read> dOut: array<f32>; // (N,T,D)
@group(0) @binding(3) var<storage, read> saved: array<f32>; // lse (N,H,T) | Dsum (N,H,T) | keyLen (N)
@group(0) @binding(4) var<storage, read_write> dqkv: array<f32>; // (N,T,3D), k and v parts written
var<workgroup> Qs: array<vec4f, BI * DH4>;
var<workgroup> Gs: array<vec4f, BI * DH4>; // dOut rows
var<workgroup> stats: array<vec2f, BI>; // (lse, Dsum)

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

@compute @workgroup_size(BJ)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_index) l: u32) {
  let n = wg.z; let h = wg.y;
  let D = p.H * p.Dh; let W = 3u * D;
  let keyLen = u32(saved[2u * p.N * p.H * p.T + n]);
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
    workgroupBarrier();
    for (var e = l; e < BI * DH4; e += BJ) {
      let i = i0 + e / DH4;
      var qr = vec4f(); var gr = vec4f();
      if (i < p.T) { qr = qkvRow((n * p.T + i) * W + h * p.Dh, e % DH4); gr = dOutRow((n * p.T + i) * D + h * p.Dh, e % DH4); }
      Qs[e] = qr; Gs[e] = gr;
    }
    for (var e = l; e < BI; e += BJ) {
      let i = i0 + e;
      if (i < p.T) { let r = (n * p.H + h) * p.T + i; stats[e] = vec2f(saved[r], saved[p.N * p.H * p.T + r]); }
    }
    workgroupBarrier();
    let end = select(0u, min(BI, p.T - i0), live);
    for (var ii = select(0u, j - i0, j > i0); ii < end; ii++) {
      var s = 0.0; var dp = 0.0;
      for (var c = 0u; c < DH4; c++) { s += dot(Qs[ii * DH4 + c], kv[c]); dp += dot(Gs[ii * DH4 + c], vv[c]); }
      let pr = exp(s * scale - stats[ii].x);
      let ds = pr * (dp - stats[ii].y) * scale;
      for (var c = 0u; c < DH4; c++) { dk[c] += ds * Qs[ii * DH4 + c]; dv[c] += pr * Gs[ii * DH4 + c]; }
    }
  }
  if (j >= p.T) { return; }
  let ko = (n * p.T + j) * W + D + h * p.Dh;
  for (var c = 0u; c < DH4; c++) { putGrad(ko, c, dk[c]); putGrad(ko + D, c, dv[c]); }
}
