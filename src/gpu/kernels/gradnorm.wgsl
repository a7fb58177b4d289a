// out (1) = sqrt(sum g^2) in two passes with a fixed order (row reductions in front, LANES = WG: the workgroup is
// one row). Pass 1: workgroup k sums the squares of its contiguous chunk of CH elements into part[k] (or, when it is
// the only one, writes the norm); pass 2: one workgroup adds the parts in order and writes the norm.
override WG: u32 = 256;
override PASS: u32 = 1;
struct P { n: u32, CH: u32, parts: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> g: array<f32>; // (n)
@group(0) @binding(2) var<storage, read_write> part: array<f32>; // (parts)
@group(0) @binding(3) var<storage, read_write> out: array<f32>; // (1)

@compute @workgroup_size(WG)
fn main(@builtin(workgroup_id) w: vec3u, @builtin(local_invocation_index) l: u32) {
  var s = 0.0;
  if (PASS == 2u) {
    for (var i = l; i < p.parts; i += WG) { s += part[i]; }
  } else {
    let end = min(p.n, (w.x + 1u) * p.CH);
    for (var i = w.x * p.CH + l; i < end; i += WG) { s += g[i] * g[i]; }
  }
  let t = rowSum(s, l);
  if (l != 0u) { return; }
  if (PASS == 1u && p.parts > 1u) { part[w.x] = t; } else { out[0] = sqrt(t); }
}
