// Pointer-generator mixture, one thread per row r = (n,i): the heads' probs scattered onto the tokens their keys emit,
// weighted by the gates, beside g_0 softmax(logits); out = the mixture's logits (see Ops.pointer).
override WG: u32 = 64;
const HP: u32 = 2u; // POINTER_HEADS (src/model/ops.ts)
struct P { N: u32, Tq: u32, Tk: u32, Dp: u32, V: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> q: array<f32>; // (N,Tq,W): gate logits at 2 HP Dp
@group(0) @binding(2) var<storage, read> targets: array<i32>; // (N,Tk,HP)
@group(0) @binding(3) var<storage, read> probs: array<f32>; // (N,HP,Tq,Tk)
@group(0) @binding(4) var<storage, read> logits: array<f32>; // (N*Tq,V)
@group(0) @binding(5) var<storage, read_write> out: array<f32>; // (N*Tq,V)

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) g: vec3u) {
  let r = g.x;
  if (r >= p.N * p.Tq) { return; }
  let i = r % p.Tq; let n = r / p.Tq;
  let go = r * (2u * HP * p.Dp + HP + 1u) + 2u * HP * p.Dp;
  var gm = -3.4e38;
  for (var k = 0u; k <= HP; k++) { gm = max(gm, q[go + k]); }
  var gs = 0.0;
  for (var k = 0u; k <= HP; k++) { gs += exp(q[go + k] - gm); }
  let glse = gm + log(gs);
  let o = r * p.V;
  for (var v = 0u; v < p.V; v++) { out[o + v] = 0.0; } // the pointers' mass per token, first
  for (var h = 0u; h < HP; h++) {
    let gate = exp(q[go + h + 1u] - glse);
    let po = ((n * HP + h) * p.Tq + i) * p.Tk;
    for (var j = 0u; j < p.Tk; j++) {
      let t = targets[(n * p.Tk + j) * HP + h];
      if (probs[po + j] > 0.0 && t >= 0 && u32(t) < p.V) { out[o + u32(t)] += gate * probs[po + j]; }
    }
  }
  var mx = -3.4e38;
  for (var v = 0u; v < p.V; v++) { mx = max(mx, logits[o + v]); }
  var s = 0.0;
  for (var v = 0u; v < p.V; v++) { s += exp(logits[o + v] - mx); }
  let base = q[go] - glse - mx - log(s); // log g_0 - lse(logits)
  for (var v = 0u; v < p.V; v++) {
    let a = base + logits[o + v];
    let c = out[o + v];
    out[o + v] = select(a, log(exp(a) + c), c > 0.0);
  }
}
