// One AdamW step with global-norm clipping; one thread per parameter.
override WG: u32 = 64;
struct P { n: u32, lr: f32, b1: f32, b2: f32, eps: f32, wd: f32, c1: f32, c2: f32, clip: f32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> g: array<f32>; // (n) gradients
@group(0) @binding(2) var<storage, read> norm: array<f32>; // (1) global gradient norm
@group(0) @binding(3) var<storage, read_write> w: array<f32>; // (n) parameters
@group(0) @binding(4) var<storage, read_write> m: array<f32>; // (n)
@group(0) @binding(5) var<storage, read_write> v: array<f32>; // (n)

@compute @workgroup_size(WG)
fn main(@builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) nw: vec3u, @builtin(local_invocation_index) l: u32) {
  let i = (wid.y * nw.x + wid.x) * WG + l;
  if (i >= p.n) { return; }
  var sc = 1.0;
  if (p.clip > 0.0 && norm[0] > p.clip) { sc = p.clip / (norm[0] + 1e-6); }
  let gi = g[i] * sc;
  m[i] = p.b1 * m[i] + (1.0 - p.b1) * gi;
  v[i] = p.b2 * v[i] + (1.0 - p.b2) * gi * gi;
  w[i] -= p.lr * (m[i] / p.c1 / (sqrt(v[i] / p.c2) + p.eps) + p.wd * w[i]);
}
