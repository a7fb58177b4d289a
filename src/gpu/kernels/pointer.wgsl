// Pointer-generator mixture, one thread per row (n,i): HP pointer heads softmax over the keys that emit a token, their
// mass scattered onto those tokens, mixed by gates with the vocabulary softmax; out = its logits (see Ops.pointer).
override WG: u32 = 64;
const HP: u32 = 2u; // POINTER_HEADS (src/model/ops.ts)
struct P { N: u32, Tq: u32, Tk: u32, Dp: u32, V: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> q: array<f32>; // (N,Tq,W) queries and gate logits, W = 2 HP Dp + HP + 1
@group(0) @binding(2) var<storage, read> kv: array<f32>; // (N,Tk,W) keys
@group(0) @binding(3) var<storage, read> targets: array<i32>; // (N,Tk,HP) token each key emits, -1 none
@group(0) @binding(4) var<storage, read> qStart: array<i32>; // (N)
@group(0) @binding(5) var<storage, read> keyLen: array<i32>; // (N)
@group(0) @binding(6) var<storage, read> logits: array<f32>; // (N*Tq,V) vocabulary logits
@group(0) @binding(7) var<storage, read_write> out: array<f32>; // (N*Tq,V) log of the mixture
@group(0) @binding(8) var<storage, read_write> probs: array<f32>; // (N,HP,Tq,Tk)

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) g: vec3u) {
  let r = g.x;
  if (r >= p.N * p.Tq) { return; }
  let i = r % p.Tq; let n = r / p.Tq;
  let W = 2u * HP * p.Dp + HP + 1u;
  let lim = u32(max(0, min(min(qStart[n] + i32(i) + 1, keyLen[n]), i32(p.Tk))));
  let go = r * W + 2u * HP * p.Dp;
  var gm = -3.4e38;
  for (var k = 0u; k <= HP; k++) { gm = max(gm, q[go + k]); }
  var gs = 0.0;
  for (var k = 0u; k <= HP; k++) { gs += exp(q[go + k] - gm); }
  let glse = gm + log(gs);
  let o = r * p.V;
  for (var v = 0u; v < p.V; v++) { out[o + v] = 0.0; } // the pointers' mass per token, first
  let scale = 1.0 / sqrt(f32(p.Dp));
  for (var h = 0u; h < HP; h++) {
    let po = ((n * HP + h) * p.Tq + i) * p.Tk;
    let qo = r * W + h * p.Dp;
    var mx = -3.4e38;
    for (var j = 0u; j < lim; j++) {
      let t = targets[(n * p.Tk + j) * HP + h];
      if (t < 0 || u32(t) >= p.V) { continue; } // keys that emit nothing are masked
      let ko = (n * p.Tk + j) * W + (HP + h) * p.Dp;
      var s = 0.0;
      for (var d = 0u; d < p.Dp; d++) { s += q[qo + d] * kv[ko + d]; }
      probs[po + j] = s * scale;
      mx = max(mx, s * scale);
    }
    var sum = 0.0;
    for (var j = 0u; j < lim; j++) {
      let t = targets[(n * p.Tk + j) * HP + h];
      if (t >= 0 && u32(t) < p.V) { let e = exp(probs[po + j] - mx); probs[po + j] = e; sum += e; }
    }
    let gate = exp(q[go + h + 1u] - glse);
    for (var j = 0u; j < p.Tk; j++) {
      let t = targets[(n * p.Tk + j) * HP + h];
      if (j >= lim || t < 0 || u32(t) >= p.V) { probs[po + j] = 0.0; continue; }
      let pj = probs[po + j] / sum;
      probs[po + j] = pj;
      out[o + u32(t)] += gate * pj;
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
