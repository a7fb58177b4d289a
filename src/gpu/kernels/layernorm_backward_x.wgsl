// dx (R,D) (+)= the layer norm input gradient from dOut; a row per LANES threads (row reductions in front).
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
fn main(@builtin(workgroup_id) w: vec3u, @builtin(num_workgroups) nw: vec3u, @builtin(local_invocation_index) l: u32) {
  let r = (w.y * nw.x + w.x) * (WG / LANES) + l / LANES;
  let lane = l % LANES;
  let live = r < p.R;
  let D = select(0u, p.D, live);
  let o = r * p.D;
  var mu = 0.0; var rs = 0.0;
  if (live) { mu = mean[r]; rs = rstd[r]; }
  var s = vec4f();
  for (var d = lane; d < D; d += LANES) {
    let dxh = dOut[o + d] * g[d];
    s += vec4f(dxh, dxh * ((x[o + d] - mu) * rs), 0.0, 0.0);
  }
  let t = rowSum4(s, l) / f32(p.D); // (mean of dxhat, mean of dxhat * xhat)
  for (var d = lane; d < D; d += LANES) {
    var v = rs * (dOut[o + d] * g[d] - t.x - (x[o + d] - mu) * rs * t.y);
    if (ACC) { v += dx[o + d]; }
    dx[o + d] = v;
  }
}
