// Pointer heads' attention, one thread per (n,h,i): softmax over the keys j <= qStart[n] + i, j < keyLen[n] that emit a
// token to head h (see Ops.pointer); probs (N,HP,Tq,Tk), 0 elsewhere.
override WG: u32 = 64;
const HP: u32 = 2u; // POINTER_HEADS (src/model/ops.ts)
struct P { N: u32, Tq: u32, Tk: u32, Dp: u32, V: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> q: array<f32>; // (N,Tq,W) queries, W = 2 HP Dp + HP + 1
@group(0) @binding(2) var<storage, read> kv: array<f32>; // (N,Tk,W) keys
@group(0) @binding(3) var<storage, read> targets: array<i32>; // (N,Tk,HP) token each key emits, -1 none
@group(0) @binding(4) var<storage, read> qStart: array<i32>; // (N)
@group(0) @binding(5) var<storage, read> keyLen: array<i32>; // (N)
@group(0) @binding(6) var<storage, read_write> probs: array<f32>; // (N,HP,Tq,Tk)

fn emits(n: u32, j: u32, h: u32) -> bool {
  let t = targets[(n * p.Tk + j) * HP + h];
  return t >= 0 && u32(t) < p.V;
}

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) g: vec3u) {
  let id = g.x;
  if (id >= p.N * HP * p.Tq) { return; }
  let i = id % p.Tq; let h = (id / p.Tq) % HP; let n = id / (p.Tq * HP);
  let W = 2u * HP * p.Dp + HP + 1u;
  let lim = u32(max(0, min(min(qStart[n] + i32(i) + 1, keyLen[n]), i32(p.Tk))));
  let po = id * p.Tk;
  let qo = (n * p.Tq + i) * W + h * p.Dp;
  let scale = 1.0 / sqrt(f32(p.Dp));
  var mx = -3.4e38;
  for (var j = 0u; j < lim; j++) {
    if (!emits(n, j, h)) { continue; }
    let ko = (n * p.Tk + j) * W + (HP + h) * p.Dp;
    var s = 0.0;
    for (var d = 0u; d < p.Dp; d++) { s += q[qo + d] * kv[ko + d]; }
    probs[po + j] = s * scale;
    mx = max(mx, s * scale);
  }
  var sum = 0.0;
  for (var j = 0u; j < lim; j++) {
    if (emits(n, j, h)) { let e = exp(probs[po + j] - mx); probs[po + j] = e; sum += e; }
  }
  for (var j = 0u; j < p.Tk; j++) {
    if (j < lim && emits(n, j, h)) { probs[po + j] = probs[po + j] / sum; } else { probs[po + j] = 0.0; }
  }
}
