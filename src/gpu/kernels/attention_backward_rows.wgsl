// What the two attention backward kernels share (attention.ts puts it in front of each): bindings, head rows read
// as vec4s (ALIGNED: Dh % 4 == 0) or checked scalars, from workgroup tiles or, DIRECT (CPU adapters), from memory.
// Tq = Tk = T and qStart = 0; saved is forward's: lse (N,H,T) | keyLen (N).
override ALIGNED: bool = false;
override DIRECT: bool = false;
const DH4 = 4u; // vec4s per head row, ceil(Dh / 4): attention.ts sets it and unrolls the one-line loops over it
struct P { N: u32, T: u32, H: u32, Dh: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> qkv: array<vec4f>; // (N,T,3D)
@group(0) @binding(2) var<storage, read> dOut: array<vec4f>; // (N,T,D)
@group(0) @binding(3) var<storage, read> saved: array<f32>; // lse (N,H,T) | keyLen (N)
@group(0) @binding(4) var<storage, read_write> dqkv: array<f32>; // (N,T,3D)

/** Elements 4c..4c+3 of the head row at flat index o of qkv or dOut; zero past Dh. */
fn qkvRow(o: u32, c: u32) -> vec4f {
  if (ALIGNED) { return qkv[o / 4u + c]; }
  let i = o + 4u * c;
  return select(vec4f(), vec4f(qkv[i / 4u][i % 4u], qkv[(i + 1u) / 4u][(i + 1u) % 4u], qkv[(i + 2u) / 4u][(i + 2u) % 4u], qkv[(i + 3u) / 4u][(i + 3u) % 4u]), vec4u(4u * c) + vec4u(0u, 1u, 2u, 3u) < vec4u(p.Dh));
}
fn dOutRow(o: u32, c: u32) -> vec4f {
  if (ALIGNED) { return dOut[o / 4u + c]; }
  let i = o + 4u * c;
  return select(vec4f(), vec4f(dOut[i / 4u][i % 4u], dOut[(i + 1u) / 4u][(i + 1u) % 4u], dOut[(i + 2u) / 4u][(i + 2u) % 4u], dOut[(i + 3u) / 4u][(i + 3u) % 4u]), vec4u(4u * c) + vec4u(0u, 1u, 2u, 3u) < vec4u(p.Dh));
}
/** dqkv[o + 4c ..] = v, up to Dh. */
fn putGrad(o: u32, c: u32, v: vec4f) {
  let d = c * 4u;
  if (d < p.Dh) { dqkv[o + d] = v.x; } if (d + 1u < p.Dh) { dqkv[o + d + 1u] = v.y; }
  if (d + 2u < p.Dh) { dqkv[o + d + 2u] = v.z; } if (d + 3u < p.Dh) { dqkv[o + d + 3u] = v.w; }
}
fn rowKeyLen(n: u32) -> u32 { return u32(saved[p.N * p.H * p.T + n]); }
