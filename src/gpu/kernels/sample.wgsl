// Sample a token per row from softmax(logits*invTemp) restricted to mask, then to the top-p nucleus (threshold by
// bisection), walking the vocabulary in order with uniform u[n]; one thread per row. logp is unmasked; entropy is
// that of the distribution sampled from.
override WG: u32 = 64;
override MASK: bool = false;
struct P { N: u32, V: u32, invTemp: f32, topP: f32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> logits: array<f32>; // (N,V)
@group(0) @binding(2) var<storage, read> mask: array<f32>; // (N,V) 1 = allowed, read when MASK
@group(0) @binding(3) var<storage, read> u: array<f32>; // (N)
@group(0) @binding(4) var<storage, read_write> tokens: array<i32>; // (N)
@group(0) @binding(5) var<storage, read_write> logp: array<f32>; // (N)
@group(0) @binding(6) var<storage, read_write> entropy: array<f32>; // (N)

fn ok(i: u32) -> bool { return !MASK || mask[i] > 0.0; }

fn kept(o: u32, mx: f32, tau: f32) -> f32 {
  var s = 0.0;
  for (var v = 0u; v < p.V; v++) { let q = select(0.0, exp(logits[o + v] * p.invTemp - mx), ok(o + v)); if (q >= tau) { s += q; } }
  return s;
}

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) g: vec3u) {
  let n = g.x;
  if (n >= p.N) { return; }
  let o = n * p.V;
  var mx = -3.4e38; var mm = -3.4e38;
  for (var v = 0u; v < p.V; v++) { let z = logits[o + v] * p.invTemp; mx = max(mx, z); if (ok(o + v)) { mm = max(mm, z); } }
  var s = 0.0;
  for (var v = 0u; v < p.V; v++) { s += exp(logits[o + v] * p.invTemp - mx); }
  var tau = 0.0;
  if (p.topP < 1.0) {
    let want = p.topP * kept(o, mm, 0.0);
    var lo = 0.0; var hi = 1.0;
    for (var k = 0; k < 32; k++) { let mid = (lo + hi) * 0.5; if (kept(o, mm, mid) >= want) { lo = mid; } else { hi = mid; } }
    tau = lo;
  }
  let Z = kept(o, mm, tau);
  var qlq = 0.0; // sum of q log q over the kept tokens, log q = z - mm
  for (var v = 0u; v < p.V; v++) {
    let z = logits[o + v] * p.invTemp; let q = select(0.0, exp(z - mm), ok(o + v));
    if (q > 0.0 && q >= tau) { qlq += q * (z - mm); }
  }
  entropy[n] = select(0.0, log(Z) - qlq / Z, Z > 0.0);
  var x = u[n] * Z;
  var pick = -1;
  for (var v = 0u; v < p.V; v++) {
    let q = select(0.0, exp(logits[o + v] * p.invTemp - mm), ok(o + v));
    if (q > 0.0 && q >= tau) { pick = i32(v); x -= q; if (x < 0.0) { break; } }
  }
  pick = max(pick, 0);
  tokens[n] = pick;
  logp[n] = logits[o + u32(pick)] * p.invTemp - mx - log(s);
}
