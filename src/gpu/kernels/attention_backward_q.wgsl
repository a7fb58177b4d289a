// Attention backward, per query (n,h,i): dS (N,H,T,T) = P * (dP - rowsum(P*dP)) * scale, and the q part of dqkv.
override WG: u32 = 64;
struct P { N: u32, T: u32, H: u32, Dh: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> qkv: array<f32>; // (N,T,3D)
@group(0) @binding(2) var<storage, read> probs: array<f32>; // (N,H,T,T)
@group(0) @binding(3) var<storage, read> dOut: array<f32>; // (N,T,D)
@group(0) @binding(4) var<storage, read_write> dS: array<f32>; // (N,H,T,T)
@group(0) @binding(5) var<storage, read_write> dqkv: array<f32>; // (N,T,3D), q part written

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) g: vec3u) {
  let id = g.x;
  if (id >= p.N * p.H * p.T) { return; }
  let i = id % p.T; let h = (id / p.T) % p.H; let n = id / (p.T * p.H);
  let D = p.H * p.Dh; let W = 3u * D;
  let po = id * p.T;
  let oo = (n * p.T + i) * D + h * p.Dh;
  let qo = (n * p.T + i) * W + h * p.Dh;
  var dot = 0.0;
  for (var j = 0u; j <= i; j++) {
    let vo = (n * p.T + j) * W + 2u * D + h * p.Dh;
    var dp = 0.0;
    for (var d = 0u; d < p.Dh; d++) { dp += dOut[oo + d] * qkv[vo + d]; }
    dS[po + j] = dp;
    dot += probs[po + j] * dp;
  }
  let scale = 1.0 / sqrt(f32(p.Dh));
  for (var d = 0u; d < p.Dh; d++) { dqkv[qo + d] = 0.0; }
  for (var j = 0u; j < p.T; j++) {
    var s = 0.0;
    if (j <= i) { s = probs[po + j] * (dS[po + j] - dot) * scale; }
    dS[po + j] = s;
    let ko = (n * p.T + j) * W + D + h * p.Dh;
    for (var d = 0u; d < p.Dh; d++) { dqkv[qo + d] += s * qkv[ko + d]; }
  }
}
