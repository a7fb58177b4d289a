// Causal attention over packed (q|k|v) rows with a padding mask, fused: a workgroup takes BQ queries of one (n, h)
// with KS threads per query (each a share of the keys, merged in order), streams K and V through workgroup memory
// BK keys at a time (DIRECT, for CPU adapters: straight from memory, no barriers) and keeps an online softmax in
// registers. out (N,Tq,D). saved: the log-sum-exp per query (N,H,Tq), then keyLen (N); backward recomputes the
// probabilities from them instead of storing (N,H,Tq,Tk).
override BQ: u32 = 64; // queries per workgroup
override KS: u32 = 1; // threads per query
override BK: u32 = 32; // keys per tile
override ALIGNED: bool = false; // Dh % 4 == 0: head rows load as vec4s
override DIRECT: bool = false;
const DH4 = 4u; // vec4s per head row, ceil(Dh / 4): attention.ts sets it and unrolls the one-line loops over it
struct P { N: u32, Tq: u32, Tk: u32, H: u32, Dh: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> q: array<vec4f>; // (N,Tq,3D), q part
@group(0) @binding(2) var<storage, read> kv: array<vec4f>; // (N,Tk,3D), k and v parts
@group(0) @binding(3) var<storage, read> qStart: array<i32>; // (N)
@group(0) @binding(4) var<storage, read> keyLen: array<i32>; // (N)
@group(0) @binding(5) var<storage, read_write> out: array<f32>; // (N,Tq,D)
@group(0) @binding(6) var<storage, read_write> saved: array<f32>; // lse (N,H,Tq) | keyLen (N)
var<workgroup> Ks: array<vec4f, BK * DH4>;
var<workgroup> Vs: array<vec4f, BK * DH4>;
var<workgroup> merge: array<vec4f, select(1u, BQ * KS * (DH4 + 1u), KS > 1u)>; // per thread (m, l), o

/** Elements 4c..4c+3 of the head row at flat index o of q or kv; zero past Dh. */
fn qRow(o: u32, c: u32) -> vec4f {
  if (ALIGNED) { return q[o / 4u + c]; }
  let i = o + 4u * c;
  return select(vec4f(), vec4f(q[i / 4u][i % 4u], q[(i + 1u) / 4u][(i + 1u) % 4u], q[(i + 2u) / 4u][(i + 2u) % 4u], q[(i + 3u) / 4u][(i + 3u) % 4u]), vec4u(4u * c) + vec4u(0u, 1u, 2u, 3u) < vec4u(p.Dh));
}
fn kvRow(o: u32, c: u32) -> vec4f {
  if (ALIGNED) { return kv[o / 4u + c]; }
  let i = o + 4u * c;
  return select(vec4f(), vec4f(kv[i / 4u][i % 4u], kv[(i + 1u) / 4u][(i + 1u) % 4u], kv[(i + 2u) / 4u][(i + 2u) % 4u], kv[(i + 3u) / 4u][(i + 3u) % 4u]), vec4u(4u * c) + vec4u(0u, 1u, 2u, 3u) < vec4u(p.Dh));
}
/** Key and value rows of key t0 + jj (flat index ko of its k part): from the tile, or from memory when DIRECT. */
fn keyRow(jj: u32, ko: u32, c: u32) -> vec4f { if (DIRECT) { return kvRow(ko, c); } return Ks[jj * DH4 + c]; }
fn valueRow(jj: u32, ko: u32, c: u32) -> vec4f { if (DIRECT) { return kvRow(ko + p.H * p.Dh, c); } return Vs[jj * DH4 + c]; }
/** out[o + 4c ..] = v, up to Dh. */
fn putOut(o: u32, c: u32, v: vec4f) {
  let d = c * 4u;
  if (d < p.Dh) { out[o + d] = v.x; } if (d + 1u < p.Dh) { out[o + d + 1u] = v.y; }
  if (d + 2u < p.Dh) { out[o + d + 2u] = v.z; } if (d + 3u < p.Dh) { out[o + d + 3u] = v.w; }
}

/** Keys query i of row n sees: j < min(qStart + i + 1, keyLen, Tk). */
fn keysSeen(n: u32, i: u32) -> u32 {
  return u32(clamp(min(qStart[n] + i32(i) + 1, keyLen[n]), 0, i32(p.Tk)));
}

@compute @workgroup_size(BQ * KS)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_index) l: u32) {
  let n = wg.z; let h = wg.y;
  let D = p.H * p.Dh;
  let qi = l / KS; let ks = l % KS;
  let i = wg.x * BQ + qi;
  let last = min(p.Tq, wg.x * BQ + BQ) - 1u;
  let tileEnd = keysSeen(n, last); // keys any query of the block sees
  var lim = 0u;
  var qv: array<vec4f, DH4>;
  if (i < p.Tq) {
    lim = keysSeen(n, i);
    for (var c = 0u; c < DH4; c++) { qv[c] = qRow((n * p.Tq + i) * 3u * D + h * p.Dh, c); }
  }
  let scale = 1.0 / sqrt(f32(p.Dh));
  var m = -3.4e38; var sum = 0.0;
  var o: array<vec4f, DH4>;
  for (var t0 = 0u; t0 < tileEnd; t0 += BK) {
    if (!DIRECT) {
      workgroupBarrier(); // the previous tile is consumed
      for (var e = l; e < BK * DH4; e += BQ * KS) {
        let j = t0 + e / DH4;
        var kr = vec4f(); var vr = vec4f();
        if (j < p.Tk) { let ko = (n * p.Tk + j) * 3u * D + D + h * p.Dh; kr = kvRow(ko, e % DH4); vr = kvRow(ko + D, e % DH4); }
        Ks[e] = kr; Vs[e] = vr;
      }
      workgroupBarrier();
    }
    let end = min(BK, max(lim, t0) - t0);
    for (var jj = ks; jj < end; jj += KS) {
      let ko = (n * p.Tk + t0 + jj) * 3u * D + D + h * p.Dh;
      var s = 0.0;
      for (var c = 0u; c < DH4; c++) { s += dot(qv[c], keyRow(jj, ko, c)); }
      s *= scale;
      if (s > m) { let r = exp(m - s); sum *= r; for (var c = 0u; c < DH4; c++) { o[c] *= r; } m = s; }
      let pj = exp(s - m);
      sum += pj;
      for (var c = 0u; c < DH4; c++) { o[c] += pj * valueRow(jj, ko, c); }
    }
  }
  if (KS > 1u) { // merge the key shares of each query in order
    workgroupBarrier();
    merge[l * (DH4 + 1u)] = vec4f(m, sum, 0.0, 0.0);
    for (var c = 0u; c < DH4; c++) { merge[l * (DH4 + 1u) + 1u + c] = o[c]; }
    workgroupBarrier();
    if (ks == 0u) {
      for (var k = 1u; k < KS; k++) { m = max(m, merge[(l + k) * (DH4 + 1u)].x); }
      sum = 0.0;
      for (var c = 0u; c < DH4; c++) { o[c] = vec4f(); }
      for (var k = 0u; k < KS; k++) {
        let b = (l + k) * (DH4 + 1u);
        let r = exp(merge[b].x - m);
        sum += merge[b].y * r;
        for (var c = 0u; c < DH4; c++) { o[c] += merge[b + 1u + c] * r; }
      }
    }
  }
  if (ks != 0u || i >= p.Tq) { return; }
  let oo = (n * p.Tq + i) * D + h * p.Dh;
  let inv = select(0.0, 1.0 / sum, lim > 0u);
  for (var c = 0u; c < DH4; c++) { putOut(oo, c, o[c] * inv); }
  saved[(n * p.H + h) * p.Tq + i] = select(0.0, m + log(sum), lim > 0u);
  if (i == 0u && h == 0u) { saved[p.N * p.H * p.Tq + n] = f32(keyLen[n]); }
}
