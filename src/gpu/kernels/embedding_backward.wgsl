// dTable (rows,D) (+)= sum over r with index[r] == row of dOut[r]; one thread per (row, d), r in order.
override WG: u32 = 64;
override ACC: bool = false;
struct P { R: u32, D: u32, rows: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> index: array<i32>; // (R) token ids or positions
@group(0) @binding(2) var<storage, read> dOut: array<f32>; // (R,D)
@group(0) @binding(3) var<storage, read_write> dTable: array<f32>; // (rows,D)

@compute @workgroup_size(WG)
fn main(@builtin(workgroup_id) w: vec3u, @builtin(num_workgroups) nw: vec3u, @builtin(local_invocation_index) l: u32) {
  let i = (w.y * nw.x + w.x) * WG + l;
  if (i >= p.rows * p.D) { return; }
  let row = i32(i / p.D); let d = i % p.D;
  var s = 0.0;
  if (ACC) { s = dTable[i]; }
  for (var r = 0u; r < p.R; r++) {
    if (index[r] == row) { s += dOut[r * p.D + d]; }
  }
  dTable[i] = s;
}
