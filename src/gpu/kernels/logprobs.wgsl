// out (R) = log softmax(logits[r] * invTemp)[targets[r]]; one thread per row.
override WG: u32 = 64;
struct P { R: u32, V: u32, invTemp: f32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> logits: array<f32>; // (R,V)
@group(0) @binding(2) var<storage, read> targets: array<i32>; // (R)
@group(0) @binding(3) var<storage, read_write> out: array<f32>; // (R)

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) g: vec3u) {
  let r = g.x;
  if (r >= p.R) { return; }
  let o = r * p.V;
  var mx = -3.4e38;
  for (var v = 0u; v < p.V; v++) { mx = max(mx, logits[o + v] * p.invTemp); }
  var s = 0.0;
  for (var v = 0u; v < p.V; v++) { s += exp(logits[o + v] * p.invTemp - mx); }
  out[r] = logits[o + u32(targets[r])] * p.invTemp - mx - log(s);
}
