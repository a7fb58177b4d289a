// GRPO (clipped ratio + beta*k3, k3 clamped at 10) or CE per-token loss, minus ent*H on rows in the loss:
// dLogits (R,V) and stats (R,5); one thread per row.
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
fn main(@builtin(global_invocation_id) gid: vec3u) {
  let r = gid.x;
  if (r >= p.R) { return; }
  let o = r * p.V; let w = weight[r];
  for (var k = 0u; k < 5u; k++) { stats[r * 5u + k] = 0.0; }
  if (w == 0.0) { for (var v = 0u; v < p.V; v++) { dLogits[o + v] = 0.0; } return; }
  var mx = -3.4e38;
  for (var v = 0u; v < p.V; v++) { mx = max(mx, logits[o + v] * p.invTemp); }
  var s = 0.0;
  for (var v = 0u; v < p.V; v++) { s += exp(logits[o + v] * p.invTemp - mx); }
  let lse = mx + log(s);
  var pz = 0.0;
  for (var v = 0u; v < p.V; v++) { let z = logits[o + v] * p.invTemp; pz += exp(z - lse) * z; }
  let H = lse - pz;
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
  let sc = w * g * p.invTemp;
  let ent = p.ent * p.invTemp;
  for (var v = 0u; v < p.V; v++) { let lp = logits[o + v] * p.invTemp - lse; dLogits[o + v] = exp(lp) * (ent * (lp + H) - sc); }
  dLogits[o + tg] += sc;
  stats[r * 5u] = w * (pg + p.beta * kl) - p.ent * H;
  stats[r * 5u + 1u] = w * pg;
  stats[r * 5u + 2u] = kl;
  stats[r * 5u + 3u] = H;
  stats[r * 5u + 4u] = clipped;
}
