// out (R,D) = (x - mean) * rstd * g + b, saving mean and rstd (R); a row per LANES threads (row reductions in front).
override WG: u32 = 64;
struct P { R: u32, D: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> x: array<f32>; // (R,D)
@group(0) @binding(2) var<storage, read> g: array<f32>; // (D)
@group(0) @binding(3) var<storage, read> b: array<f32>; // (D)
@group(0) @binding(4) var<storage, read_write> out: array<f32>; // (R,D)
@group(0) @binding(5) var<storage, read_write> mean: array<f32>; // (R)
@group(0) @binding(6) var<storage, read_write> rstd: array<f32>; // (R)

@compute @workgroup_size(WG)
fn main(@builtin(workgroup_id) w: vec3u, @builtin(num_workgroups) nw: vec3u, @builtin(local_invocation_index) l: u32) {
  let r = (w.y * nw.x + w.x) * (WG / LANES) + l / LANES;
  let lane = l % LANES;
  let D = select(0u, p.D, r < p.R); // a thread past the last row only joins the reductions
  let o = r * p.D;
  var s = 0.0;
  for (var d = lane; d < D; d += LANES) { s += x[o + d]; }
  let mu = rowSum(s, l) / f32(p.D);
  var v = 0.0;
  for (var d = lane; d < D; d += LANES) { let c = x[o + d] - mu; v += c * c; }
  let rs = 1.0 / sqrt(rowSum(v, l) / f32(p.D) + 1e-5);
  if (lane == 0u && D > 0u) { mean[r] = mu; rstd[r] = rs; }
  for (var d = lane; d < D; d += LANES) { out[o + d] = (x[o + d] - mu) * rs * g[d] + b[d]; }
}
