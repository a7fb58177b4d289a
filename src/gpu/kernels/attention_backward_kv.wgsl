// Attention backward, per key (n,h,j): dk_j = sum_i dS[i,j] q_i and dv_j = sum_i P[i,j] dOut_i, i in order.
override WG: u32 = 64;
struct P { N: u32, T: u32, H: u32, Dh: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> qkv: array<f32>; // (N,T,3D)
@group(0) @binding(2) var<storage, read> probs: array<f32>; // (N,H,T,T)
@group(0) @binding(3) var<storage, read> dOut: array<f32>; // (N,T,D)
@group(0) @binding(4) var<storage, read> dS: array<f32>; // (N,H,T,T)
@group(0) @binding(5) var<storage, read_write> dqkv: array<f32>; // (N,T,3D), k and v parts written

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) g: vec3u) {
  let id = g.x;
  if (id >= p.N * p.H * p.T) { return; }
  let j = id % p.T; let h = (id / p.T) % p.H; let n = id / (p.T * p.H);
  let D = p.H * p.Dh; let W = 3u * D;
  let ko = (n * p.T + j) * W + D + h * p.Dh;
  let vo = ko + D;
  for (var d = 0u; d < p.Dh; d++) { dqkv[ko + d] = 0.0; dqkv[vo + d] = 0.0; }
  for (var i = j; i < p.T; i++) {
    let pi = ((n * p.H + h) * p.T + i) * p.T + j;
    let s = dS[pi]; let pr = probs[pi];
    let qo = (n * p.T + i) * W + h * p.Dh;
    let oo = (n * p.T + i) * D + h * p.Dh;
    for (var d = 0u; d < p.Dh; d++) {
      dqkv[ko + d] += s * qkv[qo + d];
      dqkv[vo + d] += pr * dOut[oo + d];
    }
  }
}
