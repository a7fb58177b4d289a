// dBias (N) = column sums of dOut (M,N), rows in order; one thread per column.
override WG: u32 = 64;
struct P { M: u32, N: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> dOut: array<f32>; // (M,N)
@group(0) @binding(2) var<storage, read_write> dBias: array<f32>; // (N)

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) g: vec3u) {
  let n = g.x;
  if (n >= p.N) { return; }
  var s = 0.0;
  for (var m = 0u; m < p.M; m++) { s += dOut[m * p.N + n]; }
  dBias[n] = s;
}
