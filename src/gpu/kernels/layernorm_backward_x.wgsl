// dx (R,D) (+)= layer norm input gradient from dOut; one thread per row.
override WG: u32 = 64;
override ACC: bool = false;
struct P { R: u32, D: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> dOut: array<f32>; // (R,D)
@group(0) @binding(2) var<storage, read> x: array<f32>; // (R,D)
@group(0) @binding(3) var<storage, read> g: array<f32>; // (D)
@group(0) @binding(4) var<storage, read> mean: array<f32>; // (R)
@group(0) @binding(5) var<storage, read> rstd: array<f32>; // (R)
@group(0) @binding(6) var<storage, read_write> dx: array<f32>; // (R,D)

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3u) {
  let r = gid.x;
  if (r >= p.R) { return; }
  let o = r * p.D; let mu = mean[r]; let rs = rstd[r];
  var s1 = 0.0; var s2 = 0.0;
  for (var d = 0u; d < p.D; d++) {
    let dxh = dOut[o + d] * g[d];
    s1 += dxh;
    s2 += dxh * (x[o + d] - mu) * rs;
  }
  s1 /= f32(p.D); s2 /= f32(p.D);
  for (var d = 0u; d < p.D; d++) {
    var v = rs * (dOut[o + d] * g[d] - s1 - (x[o + d] - mu) * rs * s2);
    if (ACC) { v += dx[o + d]; }
    dx[o + d] = v;
  }
}
