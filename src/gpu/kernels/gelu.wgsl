// GELU (tanh form): out = gelu(x), or with BACKWARD out = dOut * gelu'(x); one thread per element.
override WG: u32 = 64;
override BACKWARD: bool = false;
struct P { n: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> x: array<f32>; // (n)
@group(0) @binding(2) var<storage, read> dOut: array<f32>; // (n), read when BACKWARD
@group(0) @binding(3) var<storage, read_write> out: array<f32>; // (n)

@compute @workgroup_size(WG)
fn main(@builtin(workgroup_id) w: vec3u, @builtin(num_workgroups) nw: vec3u, @builtin(local_invocation_index) l: u32) {
  let i = (w.y * nw.x + w.x) * WG + l;
  if (i >= p.n) { return; }
  let v = x[i];
  let c = 0.7978845608028654;
  let t = tanh(clamp(c * (v + 0.044715 * v * v * v), -15.0, 15.0));
  if (BACKWARD) {
    let dt = (1.0 - t * t) * c * (1.0 + 3.0 * 0.044715 * v * v);
    out[i] = dOut[i] * (0.5 * (1.0 + t) + 0.5 * v * dt);
  } else {
    out[i] = 0.5 * v * (1.0 + t);
  }
}
