// dTable (rows,D) (+)= sum of dOut's rows whose index is the row, in ascending r: one thread per (row, d) over the
// row's run of embedding_sort's order. O((rows + R) D) work.
override WG: u32 = 64;
override ACC: bool = false;
struct P { R: u32, D: u32, rows: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> sorted: array<u32>; // start (rows + 1) | order (R)
@group(0) @binding(2) var<storage, read> dOut: array<f32>; // (R,D)
@group(0) @binding(3) var<storage, read_write> dTable: array<f32>; // (rows,D)

@compute @workgroup_size(WG)
fn main(@builtin(workgroup_id) w: vec3u, @builtin(num_workgroups) nw: vec3u, @builtin(local_invocation_index) l: u32) {
  let i = (w.y * nw.x + w.x) * WG + l;
  if (i >= p.rows * p.D) { return; }
  let row = i / p.D; let d = i % p.D;
  var s = 0.0;
  if (ACC) { s = dTable[i]; }
  for (var k = sorted[row]; k < sorted[row + 1u]; k++) { s += dOut[sorted[p.rows + 1u + k] * p.D + d]; }
  dTable[i] = s;
}
