// Pointer heads' softmax backward, one thread per query (n,h,i), Tq = Tk = T: dS = P (dP - sum P dP) / sqrt(Dp) from
// the dP in dS, and the query part of dq: dq_h(i) = sum_j dS[i,j] k_h(j), j in order.
override WG: u32 = 64;
const HP: u32 = 2u; // POINTER_HEADS (src/model/ops.ts)
struct P { N: u32, T: u32, Dp: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> qkv: array<f32>; // (N,T,W)
@group(0) @binding(2) var<storage, read> probs: array<f32>; // (N,HP,T,T)
@group(0) @binding(3) var<storage, read_write> dS: array<f32>; // (N,HP,T,T): dP in, dS out
@group(0) @binding(4) var<storage, read_write> dq: array<f32>; // (N,T,W): query part written

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) g: vec3u) {
  let id = g.x;
  if (id >= p.N * HP * p.T) { return; }
  let i = id % p.T; let h = (id / p.T) % HP; let n = id / (p.T * HP);
  let W = 2u * HP * p.Dp + HP + 1u;
  let po = id * p.T;
  var dot = 0.0;
  for (var j = 0u; j <= i; j++) { dot += probs[po + j] * dS[po + j]; }
  let scale = 1.0 / sqrt(f32(p.Dp));
  let qo = (n * p.T + i) * W + h * p.Dp;
  for (var d = 0u; d < p.Dp; d++) { dq[qo + d] = 0.0; }
  for (var j = 0u; j < p.T; j++) {
    var ds = 0.0;
    if (j <= i) { ds = probs[po + j] * (dS[po + j] - dot) * scale; }
    dS[po + j] = ds;
    let ko = (n * p.T + j) * W + (HP + h) * p.Dp;
    for (var d = 0u; d < p.Dp; d++) { dq[qo + d] += ds * qkv[ko + d]; }
  }
}
