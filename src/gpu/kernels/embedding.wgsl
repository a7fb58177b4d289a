// out (R,D) = wte[tokens[r]] + wpe[pos[r]]; one thread per element.
override WG: u32 = 64;
struct P { R: u32, D: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> tokens: array<i32>; // (R)
@group(0) @binding(2) var<storage, read> pos: array<i32>; // (R)
@group(0) @binding(3) var<storage, read> wte: array<f32>; // (V,D)
@group(0) @binding(4) var<storage, read> wpe: array<f32>; // (W,D)
@group(0) @binding(5) var<storage, read_write> out: array<f32>; // (R,D)

@compute @workgroup_size(WG)
fn main(@builtin(workgroup_id) w: vec3u, @builtin(num_workgroups) nw: vec3u, @builtin(local_invocation_index) l: u32) {
  let i = (w.y * nw.x + w.x) * WG + l;
  if (i >= p.R * p.D) { return; }
  let r = i / p.D; let d = i % p.D;
  out[i] = wte[u32(tokens[r]) * p.D + d] + wpe[u32(pos[r]) * p.D + d];
}
