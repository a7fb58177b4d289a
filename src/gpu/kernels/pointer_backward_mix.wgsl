// Pointer-generator backward through the mixture, one thread per row (n,i), Tq = Tk = T: recomputes the pointers'
// mass per token in dLogits' row, then dP (into dS) for each head, dLogits, and the gate part of dq.
override WG: u32 = 64;
const HP: u32 = 2u; // POINTER_HEADS (src/model/ops.ts)
struct P { N: u32, T: u32, Dp: u32, V: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> qkv: array<f32>; // (N,T,W)
@group(0) @binding(2) var<storage, read> probs: array<f32>; // (N,HP,T,T)
@group(0) @binding(3) var<storage, read> targets: array<i32>; // (N,T,HP)
@group(0) @binding(4) var<storage, read> logits: array<f32>; // (N*T,V)
@group(0) @binding(5) var<storage, read> dOut: array<f32>; // (N*T,V)
@group(0) @binding(6) var<storage, read_write> dLogits: array<f32>; // (N*T,V)
@group(0) @binding(7) var<storage, read_write> dS: array<f32>; // (N,HP,T,T): dP here
@group(0) @binding(8) var<storage, read_write> dq: array<f32>; // (N,T,W): gate part written

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) g: vec3u) {
  let r = g.x;
  if (r >= p.N * p.T) { return; }
  let i = r % p.T; let n = r / p.T;
  let go = r * (2u * HP * p.Dp + HP + 1u) + 2u * HP * p.Dp;
  var gm = -3.4e38;
  for (var k = 0u; k <= HP; k++) { gm = max(gm, qkv[go + k]); }
  var gs = 0.0;
  for (var k = 0u; k <= HP; k++) { gs += exp(qkv[go + k] - gm); }
  let glse = gm + log(gs);
  let o = r * p.V;
  for (var v = 0u; v < p.V; v++) { dLogits[o + v] = 0.0; }
  for (var h = 0u; h < HP; h++) {
    let gate = exp(qkv[go + h + 1u] - glse);
    for (var j = 0u; j <= i; j++) {
      let t = targets[(n * p.T + j) * HP + h];
      let pj = probs[((n * HP + h) * p.T + i) * p.T + j];
      if (pj > 0.0 && t >= 0 && u32(t) < p.V) { dLogits[o + u32(t)] += gate * pj; }
    }
  }
  var mx = -3.4e38;
  for (var v = 0u; v < p.V; v++) { mx = max(mx, logits[o + v]); }
  var s = 0.0;
  for (var v = 0u; v < p.V; v++) { s += exp(logits[o + v] - mx); }
  let lse = mx + log(s);
  let base = qkv[go] - glse - lse;
  var G: array<f32, 3>; // d loss / d log g_k (HP + 1)
  for (var h = 0u; h < HP; h++) {
    let po = ((n * HP + h) * p.T + i) * p.T;
    var dot = 0.0;
    for (var j = 0u; j <= i; j++) {
      let t = targets[(n * p.T + j) * HP + h];
      var d = 0.0;
      if (probs[po + j] > 0.0 && t >= 0 && u32(t) < p.V) {
        let a = base + logits[o + u32(t)];
        let c = dLogits[o + u32(t)];
        d = dOut[o + u32(t)] * exp(qkv[go + h + 1u] - glse - select(a, log(exp(a) + c), c > 0.0));
      }
      dS[po + j] = d;
      dot += probs[po + j] * d;
    }
    G[h + 1u] = dot;
  }
  var sumDa = 0.0;
  for (var v = 0u; v < p.V; v++) {
    let a = base + logits[o + v];
    let c = dLogits[o + v];
    let da = dOut[o + v] * exp(a - select(a, log(exp(a) + c), c > 0.0));
    dLogits[o + v] = da;
    sumDa += da;
  }
  for (var v = 0u; v < p.V; v++) { dLogits[o + v] -= exp(logits[o + v] - lse) * sumDa; }
  G[0] = sumDa;
  var sumG = 0.0;
  for (var k = 0u; k <= HP; k++) { sumG += G[k]; }
  for (var k = 0u; k <= HP; k++) { dq[go + k] = G[k] - exp(qkv[go + k] - glse) * sumG; }
}
