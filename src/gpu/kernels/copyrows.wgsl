// seq (N,Tw,W)[n, pos[n]] = flat (N,W)[n] (KV-cache write), or with GATHER flat[n] = seq[n, pos[n]].
override WG: u32 = 64;
override GATHER: bool = false;
struct P { N: u32, Tw: u32, W: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> pos: array<i32>; // (N)
@group(0) @binding(2) var<storage, read_write> flat: array<f32>; // (N,W)
@group(0) @binding(3) var<storage, read_write> seq: array<f32>; // (N,Tw,W)

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) g: vec3u) {
  let i = g.x;
  if (i >= p.N * p.W) { return; }
  let n = i / p.W; let c = i % p.W;
  let j = (n * p.Tw + u32(pos[n])) * p.W + c;
  if (GATHER) { flat[i] = seq[j]; } else { seq[j] = flat[i]; }
}
