// dg, db (D) = sums over rows of dOut * xhat and dOut; one thread per column, rows in order.
override WG: u32 = 64;
struct P { R: u32, D: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> dOut: array<f32>; // (R,D)
@group(0) @binding(2) var<storage, read> x: array<f32>; // (R,D)
@group(0) @binding(3) var<storage, read> mean: array<f32>; // (R)
@group(0) @binding(4) var<storage, read> rstd: array<f32>; // (R)
@group(0) @binding(5) var<storage, read_write> dg: array<f32>; // (D)
@group(0) @binding(6) var<storage, read_write> db: array<f32>; // (D)

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) gid: vec3u) {
  let d = gid.x;
  if (d >= p.D) { return; }
  var sg = 0.0; var sb = 0.0;
  for (var r = 0u; r < p.R; r++) {
    let i = r * p.D + d;
    sg += dOut[i] * (x[i] - mean[r]) * rstd[r];
    sb += dOut[i];
  }
  dg[d] = sg;
  db[d] = sb;
}
