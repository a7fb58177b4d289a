// GRPO (clipped ratio + beta*k3) or CE per-token loss: dLogits (R,V) and stats (R,5); a row per LANES threads (row
// reductions in front). Every lane derives the row's scalars and writes its strided share of dLogits.
override WG: u32 = 64;
override CE: bool = false;
override REF: bool = false;
struct P { T: u32, R: u32, V: u32, invTemp: f32, beta: f32, epsLow: f32, epsHigh: f32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> logits: array<f32>; // (R,V)
@group(0) @binding(2) var<storage, read> targets: array<i32>; // (R)
@group(0) @binding(3) var<storage, read> weight: array<f32>; // (R)
@group(0) @binding(4) var<storage, read> adv: array<f32>; // (N)
@group(0) @binding(5) var<storage, read> oldLogp: array<f32>; // (R)
@group(0) @binding(6) var<storage, read> refLogp: array<f32>; // (R), read when REF
@group(0) @binding(7) var<storage, read_write> dLogits: array<f32>; // (R,V)
@group(0) @binding(8) var<storage, read_write> stats: array<f32>; // (R,5): loss, pg, kl, entropy, clipped

@compute @workgroup_size(WG)
fn main(@builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) nw: vec3u, @builtin(local_invocation_index) l: u32) {
  let r = (wid.y * nw.x + wid.x) * (WG / LANES) + l / LANES;
  let lane = l % LANES;
  let V = select(0u, p.V, r < p.R);
  let o = r * p.V;
  var w = 0.0; // rows of weight 0 (and threads past the last row) write zeros
  if (V > 0u) { w = weight[r]; }
  var mx = -3.4e38;
  for (var v = lane; v < V; v += LANES) { mx = max(mx, logits[o + v] * p.invTemp); }
  mx = rowMax(mx, l);
  var s = 0.0;
  for (var v = lane; v < V; v += LANES) { s += exp(logits[o + v] * p.invTemp - mx); }
  let lse = mx + log(rowSum(s, l));
  var pz = 0.0;
  for (var v = lane; v < V; v += LANES) { let z = logits[o + v] * p.invTemp; pz += exp(z - lse) * z; }
  pz = rowSum(pz, l);
  if (V == 0u) { return; }
  if (w == 0.0) {
    for (var v = lane; v < V; v += LANES) { dLogits[o + v] = 0.0; }
    if (lane == 0u) { for (var k = 0u; k < 5u; k++) { stats[r * 5u + k] = 0.0; } }
    return;
  }
  let tg = u32(targets[r]);
  let logp = logits[o + tg] * p.invTemp - lse;
  var pg = -logp; var g = -1.0; var kl = 0.0; var clipped = 0.0;
  if (!CE) {
    let A = adv[r / p.T];
    let lr = logp - oldLogp[r];
    let ratio = exp(clamp(lr, -20.0, 20.0));
    let s1 = ratio * A;
    let s2 = clamp(ratio, 1.0 - p.epsLow, 1.0 + p.epsHigh) * A;
    if (s2 < s1) { pg = -s2; g = 0.0; clipped = 1.0; }
    else { pg = -s1; g = select(0.0, -s1, abs(lr) < 20.0); }
    if (REF) {
      let d = refLogp[r] - logp; let dc = clamp(d, -20.0, 20.0);
      kl = exp(dc) - dc - 1.0;
      if (abs(d) < 20.0) { g += p.beta * (1.0 - exp(dc)); }
    }
  }
  let sc = w * g * p.invTemp;
  for (var v = lane; v < V; v += LANES) {
    var d = -sc * exp(logits[o + v] * p.invTemp - lse);
    if (v == tg) { d += sc; }
    dLogits[o + v] = d;
  }
  if (lane == 0u) {
    stats[r * 5u] = w * (pg + p.beta * kl);
    stats[r * 5u + 1u] = w * pg;
    stats[r * 5u + 2u] = w * kl;
    stats[r * 5u + 3u] = w * (lse - pz);
    stats[r * 5u + 4u] = w * clipped;
  }
}
