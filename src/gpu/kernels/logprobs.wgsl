// out (R) = log softmax(logits[r] * invTemp)[targets[r]]; a row per LANES threads (row reductions in front).
override WG: u32 = 64;
struct P { R: u32, V: u32, invTemp: f32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> logits: array<f32>; // (R,V)
@group(0) @binding(2) var<storage, read> targets: array<i32>; // (R)
@group(0) @binding(3) var<storage, read_write> out: array<f32>; // (R)

@compute @workgroup_size(WG)
fn main(@builtin(workgroup_id) w: vec3u, @builtin(num_workgroups) nw: vec3u, @builtin(local_invocation_index) l: u32) {
  let r = (w.y * nw.x + w.x) * (WG / LANES) + l / LANES;
  let lane = l % LANES;
  let V = select(0u, p.V, r < p.R);
  let o = r * p.V;
  var mx = -3.4e38;
  for (var v = lane; v < V; v += LANES) { mx = max(mx, logits[o + v] * p.invTemp); }
  mx = rowMax(mx, l);
  var s = 0.0;
  for (var v = lane; v < V; v += LANES) { s += exp(logits[o + v] * p.invTemp - mx); }
  s = rowSum(s, l);
  if (lane == 0u && V > 0u) { out[r] = logits[o + u32(targets[r])] * p.invTemp - mx - log(s); }
}
