// Causal attention over packed (q|k|v) rows with a padding mask; one thread per (n, h, query i).
override WG: u32 = 64;
struct P { N: u32, Tq: u32, Tk: u32, H: u32, Dh: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> q: array<f32>; // (N,Tq,3D), q part
@group(0) @binding(2) var<storage, read> kv: array<f32>; // (N,Tk,3D), k and v parts
@group(0) @binding(3) var<storage, read> qStart: array<i32>; // (N)
@group(0) @binding(4) var<storage, read> keyLen: array<i32>; // (N)
@group(0) @binding(5) var<storage, read_write> out: array<f32>; // (N,Tq,D)
@group(0) @binding(6) var<storage, read_write> probs: array<f32>; // (N,H,Tq,Tk)

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) g: vec3u) {
  let id = g.x;
  if (id >= p.N * p.H * p.Tq) { return; }
  let i = id % p.Tq; let h = (id / p.Tq) % p.H; let n = id / (p.Tq * p.H);
  let D = p.H * p.Dh;
  let po = id * p.Tk;
  let lim = u32(max(0, min(min(qStart[n] + i32(i) + 1, keyLen[n]), i32(p.Tk))));
  let qo = (n * p.Tq + i) * 3u * D + h * p.Dh;
  let oo = (n * p.Tq + i) * D + h * p.Dh;
  let scale = 1.0 / sqrt(f32(p.Dh));
  var mx = -3.4e38;
  for (var j = 0u; j < lim; j++) {
    let ko = (n * p.Tk + j) * 3u * D + D + h * p.Dh;
    var s = 0.0;
    for (var d = 0u; d < p.Dh; d++) { s += q[qo + d] * kv[ko + d]; }
    s *= scale;
    probs[po + j] = s;
    mx = max(mx, s);
  }
  var sum = 0.0;
  for (var j = 0u; j < lim; j++) { let e = exp(probs[po + j] - mx); probs[po + j] = e; sum += e; }
  for (var j = lim; j < p.Tk; j++) { probs[po + j] = 0.0; }
  for (var d = 0u; d < p.Dh; d++) { out[oo + d] = 0.0; }
  for (var j = 0u; j < lim; j++) {
    let pj = probs[po + j] / sum;
    probs[po + j] = pj;
    let vo = (n * p.Tk + j) * 3u * D + 2u * D + h * p.Dh;
    for (var d = 0u; d < p.Dh; d++) { out[oo + d] += pj * kv[vo + d]; }
  }
}
