// GRPO (clipped ratio + beta*k3, k3 clamped at 10) or CE per-token loss, minus ent*H on rows in the loss: dLogits
// (R,V) and stats (R,5); a row per LANES threads (row reductions in front). Every lane derives the row's scalars and
// writes its strided share of dLogits.
override WG: u32 = 64;
override CE: bool = false;
override REF: bool = false;
struct P { T: u32, R: u32, V: u32, invTemp: f32, beta: f32, epsLow: f32, epsHigh: f32, ent: f32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> logits: array<f32>; // (R,V)
@group(0) @binding(2) var<storage, read> targets: array<i32>; // (R)
@group(0) @binding(3) var<storage, read> weight: array<f32>; // (R)
@group(0) @binding(4) var<storage, read> adv: array<f32>; // (N)
@group(0) @binding(5) var<storage, read> oldLogp: array<f32>; // (R)
@group(0) @binding(6) var<storage, read> refLogp: array<f32>; // (R), read when REF
@group(0) @binding(7) var<storage, read_write> dLogits: array<f32>; // (R,V)
@group(0) @binding(8) var<storage, read_write> stats: array<f32>; // (R,5): loss, w*pg, kl, entropy, clip sign

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
    if (s2 < s1) { pg = -s2; g = 0.0; clipped = sign(A); }
    else { pg = -s1; g = select(0.0, -s1, abs(lr) < 20.0); }
    if (REF) {
      let d = clamp(refLogp[r] - logp, -20.0, 20.0);
      let k3 = exp(d) - d - 1.0;
      kl = min(k3, 10.0);
      if (k3 < 10.0) { g += p.beta * (1.0 - exp(d)); }
    }
  }
  let H = lse - pz;
  let sc = w * g * p.invTemp;
  let ent = p.ent * p.invTemp; // d(-ent H)/dz_v = ent p_v (log p_v + H)
  for (var v = lane; v < V; v += LANES) {
    let lp = logits[o + v] * p.invTemp - lse;
    var d = exp(lp) * (ent * (lp + H) - sc);
    if (v == tg) { d += sc; }
    dLogits[o + v] = d;
  }
  if (lane == 0u) {
    stats[r * 5u] = w * (pg + p.beta * kl) - p.ent * H;
    stats[r * 5u + 1u] = w * pg;
    stats[r * 5u + 2u] = kl;
    stats[r * 5u + 3u] = H;
    stats[r * 5u + 4u] = clipped;
  }
}
