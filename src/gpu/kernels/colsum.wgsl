// Column sums of dOut (M,N) in two passes with a fixed order: pass 1 sums each chunk of CH rows per column (RL
// lanes of rows, then the lanes in order); pass 2 adds the chunks in order. With LN, the layer-norm parameter
// gradients instead: dg = column sums of dOut * xhat and db = of dOut (two planes). One chunk: pass 1 writes out.
override PASS: u32 = 1;
override LN: bool = false;
override CW: u32 = 64; // columns per workgroup
override RL: u32 = 4; // row lanes per column (1 on CPU adapters: no barrier)
struct P { M: u32, N: u32, CH: u32, chunks: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> dOut: array<f32>; // (M,N)
@group(0) @binding(2) var<storage, read> x: array<f32>; // (M,N), read with LN
@group(0) @binding(3) var<storage, read> mean: array<f32>; // (M), read with LN
@group(0) @binding(4) var<storage, read> rstd: array<f32>; // (M), read with LN
@group(0) @binding(5) var<storage, read_write> part: array<f32>; // (chunks, planes, N) when chunks > 1
@group(0) @binding(6) var<storage, read_write> out0: array<f32>; // (N): the sums, or dg
@group(0) @binding(7) var<storage, read_write> out1: array<f32>; // (N): db, with LN
var<workgroup> lanes: array<vec2f, CW * RL>;

fn emit(col: u32, v: vec2f, chunk: u32) {
  if (p.chunks == 1u || PASS == 2u) { out0[col] = v.x; if (LN) { out1[col] = v.y; } return; }
  let planes = select(1u, 2u, LN);
  part[(chunk * planes) * p.N + col] = v.x;
  if (LN) { part[(chunk * planes + 1u) * p.N + col] = v.y; }
}

@compute @workgroup_size(CW * RL)
fn main(@builtin(workgroup_id) w: vec3u, @builtin(local_invocation_index) l: u32) {
  let c = l % CW; let lane = l / CW;
  let col = w.x * CW + c;
  if (PASS == 2u) { // one thread per column: chunks in order
    if (lane == 0u && col < p.N) {
      let planes = select(1u, 2u, LN);
      var s = vec2f();
      for (var k = 0u; k < p.chunks; k++) {
        s.x += part[(k * planes) * p.N + col];
        if (LN) { s.y += part[(k * planes + 1u) * p.N + col]; }
      }
      emit(col, s, 0u);
    }
    return;
  }
  var s = vec2f();
  if (col < p.N) {
    let end = min(p.M, (w.y + 1u) * p.CH);
    for (var m = w.y * p.CH + lane; m < end; m += RL) {
      let d = dOut[m * p.N + col];
      if (LN) { s += vec2f(d * (x[m * p.N + col] - mean[m]) * rstd[m], d); } else { s.x += d; }
    }
  }
  if (RL == 1u) { if (col < p.N) { emit(col, s, w.y); } return; }
  lanes[l] = s;
  workgroupBarrier();
  if (lane == 0u && col < p.N) {
    var t = lanes[c];
    for (var k = 1u; k < RL; k++) { t += lanes[k * CW + c]; }
    emit(col, t, w.y);
  }
}
