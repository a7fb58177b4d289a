// out (R,D) = (x - mean) * rstd * g + b, saving mean and rstd (R); one thread per row.
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
fn main(@builtin(global_invocation_id) gid: vec3u) {
  let r = gid.x;
  if (r >= p.R) { return; }
  let o = r * p.D;
  var s = 0.0;
  for (var d = 0u; d < p.D; d++) { s += x[o + d]; }
  let mu = s / f32(p.D);
  var v = 0.0;
  for (var d = 0u; d < p.D; d++) { let c = x[o + d] - mu; v += c * c; }
  let rs = 1.0 / sqrt(v / f32(p.D) + 1e-5);
  mean[r] = mu;
  rstd[r] = rs;
  for (var d = 0u; d < p.D; d++) { out[o + d] = (x[o + d] - mu) * rs * g[d] + b[d]; }
}
