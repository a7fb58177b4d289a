// Sample a token per row of logits (N,V) * invTemp, restricted to mask, then to the top-p nucleus; a row per LANES
// threads (row reductions in front). The nucleus threshold tau is the largest t with kept(t) = sum(q >= t) >=
// topP * kept(0), q = exp(z - max) on allowed tokens, found by a 16-ary search: 8 passes over the row of 4 bits
// each, as 32 halvings would. The pick walks the kept tokens in index order with uniform u[n]: each lane sums its
// contiguous share, then the lane whose share crosses u * kept(tau) finds the token. logp is unmasked; entropy is the
// sampled distribution's (the kept q renormalised): log Z - sum(q log q) / Z.
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

fn allowed(i: u32) -> bool { return !MASK || mask[i] > 0.0; }
fn q(i: u32, mm: f32) -> f32 { return select(0.0, exp(logits[i] * p.invTemp - mm), allowed(i)); }

/** Narrow [lo, hi) around tau by 16x, from the kept mass in each of 16 buckets [lo + k w, lo + (k+1) w). */
fn narrow(o: u32, V: u32, mm: f32, want: f32, lo: ptr<function, f32>, hi: ptr<function, f32>, l: u32) {
  let w = (*hi - *lo) / 16.0;
  var b0 = vec4f(); var b1 = vec4f(); var b2 = vec4f(); var b3 = vec4f(); // buckets 0-3, 4-7, 8-11, 12-15
  for (var v = l % LANES; v < V; v += LANES) {
    let x = q(o + v, mm);
    if (x < *lo || x == 0.0) { continue; }
    var k = 0u;
    for (var j = 1u; j < 16u; j++) { if (x >= *lo + f32(j) * w) { k = j; } }
    let kv = vec4u(k);
    b0 += select(vec4f(), vec4f(x), kv == vec4u(0u, 1u, 2u, 3u));
    b1 += select(vec4f(), vec4f(x), kv == vec4u(4u, 5u, 6u, 7u));
    b2 += select(vec4f(), vec4f(x), kv == vec4u(8u, 9u, 10u, 11u));
    b3 += select(vec4f(), vec4f(x), kv == vec4u(12u, 13u, 14u, 15u));
  }
  let s = array<vec4f, 4>(rowSum4(b0, l), rowSum4(b1, l), rowSum4(b2, l), rowSum4(b3, l));
  var kept = 0.0; // kept(lo + k w), from the top bucket down
  for (var k = 15u; k >= 1u; k--) {
    kept += s[k / 4u][k % 4u];
    if (kept >= want) { *hi = select(*lo + f32(k + 1u) * w, *hi, k == 15u); *lo = *lo + f32(k) * w; return; }
  }
  *hi = *lo + w;
}

@compute @workgroup_size(WG)
fn main(@builtin(workgroup_id) wid: vec3u, @builtin(num_workgroups) nw: vec3u, @builtin(local_invocation_index) l: u32) {
  let n = (wid.y * nw.x + wid.x) * (WG / LANES) + l / LANES;
  let lane = l % LANES;
  let V = select(0u, p.V, n < p.N);
  let o = n * p.V;
  var m = vec4f(-3.4e38);
  for (var v = lane; v < V; v += LANES) { let z = logits[o + v] * p.invTemp; m.x = max(m.x, z); if (allowed(o + v)) { m.y = max(m.y, z); } }
  m = rowMax4(m, l);
  let mx = m.x; let mm = m.y;
  var s = 0.0;
  for (var v = lane; v < V; v += LANES) { s += exp(logits[o + v] * p.invTemp - mx); }
  s = rowSum(s, l);
  var tau = 0.0;
  if (p.topP < 1.0) {
    var all = 0.0;
    for (var v = lane; v < V; v += LANES) { all += q(o + v, mm); }
    let want = p.topP * rowSum(all, l);
    var lo = 0.0; var hi = 1.0;
    for (var step = 0; step < 8; step++) { narrow(o, V, mm, want, &lo, &hi, l); }
    tau = lo;
  }
  // The walk: lane k owns tokens [k C, (k+1) C).
  let C = (V + LANES - 1u) / LANES;
  let start = min(V, lane * C); let end = min(V, start + C);
  var part = 0.0; var partLog = 0.0;
  for (var v = start; v < end; v++) {
    let y = q(o + v, mm);
    if (y > 0.0 && y >= tau) { part += y; partLog += y * (logits[o + v] * p.invTemp - mm); }
  }
  var run = rowPrefix(part, l);
  let Z = rowSum(part, l);
  let qlogq = rowSum(partLog, l);
  let x = u[min(n, p.N - 1u)] * Z;
  var first = -1.0; var last = -1.0; // as f32: token ids are exact below 2^24
  for (var v = start; v < end; v++) {
    let y = q(o + v, mm);
    if (y > 0.0 && y >= tau) {
      last = f32(v); run += y;
      if (run > x && first < 0.0) { first = f32(v); }
    }
  }
  let firstAll = -rowMax(select(-3.4e38, -first, first >= 0.0), l);
  let lastAll = rowMax(last, l);
  if (lane != 0u || V == 0u) { return; }
  var pick = 0u;
  if (firstAll >= 0.0 && firstAll < 3.0e38) { pick = u32(firstAll); } else if (lastAll >= 0.0) { pick = u32(lastAll); }
  tokens[n] = i32(pick);
  logp[n] = logits[o + pick] * p.invTemp - mx - log(s);
  entropy[n] = select(0.0, log(Z) - qlogq / Z, Z > 0.0);
}
