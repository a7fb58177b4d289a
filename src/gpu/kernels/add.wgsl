// a += b (the residual add); one thread per element.
override WG: u32 = 64;
struct P { n: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> b: array<f32>; // (n)
@group(0) @binding(2) var<storage, read_write> a: array<f32>; // (n)

@compute @workgroup_size(WG)
fn main(@builtin(workgroup_id) w: vec3u, @builtin(num_workgroups) nw: vec3u, @builtin(local_invocation_index) l: u32) {
  let i = (w.y * nw.x + w.x) * WG + l;
  if (i < p.n) { a[i] += b[i]; }
}
