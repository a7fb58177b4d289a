// Pointer-generator backward, one thread per key (n,h,j): dk_h(j) = sum_i dS[n,h,i,j] q_h(i), i in order.
override WG: u32 = 64;
const HP: u32 = 2u; // POINTER_HEADS (src/model/ops.ts)
struct P { N: u32, T: u32, Dp: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> qkv: array<f32>; // (N,T,W)
@group(0) @binding(2) var<storage, read> dS: array<f32>; // (N,HP,T,T)
@group(0) @binding(3) var<storage, read_write> dq: array<f32>; // (N,T,W): key parts written

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) g: vec3u) {
  let id = g.x;
  if (id >= p.N * HP * p.T) { return; }
  let j = id % p.T; let h = (id / p.T) % HP; let n = id / (p.T * HP);
  let W = 2u * HP * p.Dp + HP + 1u;
  let ko = (n * p.T + j) * W + (HP + h) * p.Dp;
  for (var d = 0u; d < p.Dp; d++) { dq[ko + d] = 0.0; }
  for (var i = j; i < p.T; i++) {
    let s = dS[((n * HP + h) * p.T + i) * p.T + j];
    let qo = (n * p.T + i) * W + h * p.Dp;
    for (var d = 0u; d < p.Dp; d++) { dq[ko + d] += s * qkv[qo + d]; }
  }
}
