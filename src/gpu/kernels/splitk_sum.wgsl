// C (M,N) = Σ_z part[z] (z ascending) [+ bias] [+ C]: the second half of a split-K matmul; one thread per element.
override WG: u32 = 64;
override BIAS: bool = false;
override ACC: bool = false;
struct P { MN: u32, N: u32, splits: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> part: array<f32>; // (splits, M, N)
@group(0) @binding(2) var<storage, read> bias: array<f32>; // (N)
@group(0) @binding(3) var<storage, read_write> c: array<f32>; // (M,N)

@compute @workgroup_size(WG)
fn main(@builtin(workgroup_id) w: vec3u, @builtin(num_workgroups) nw: vec3u, @builtin(local_invocation_index) l: u32) {
  let i = (w.y * nw.x + w.x) * WG + l;
  if (i >= p.MN) { return; }
  var x = 0.0;
  for (var z = 0u; z < p.splits; z++) { x += part[z * p.MN + i]; }
  if (BIAS) { x += bias[i % p.N]; }
  if (ACC) { x += c[i]; }
  c[i] = x;
}
