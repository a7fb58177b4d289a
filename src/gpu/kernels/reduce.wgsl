// Workgroup reductions the row kernels share (ops.ts puts this in front of them): every thread of the workgroup
// passes a value in uniform control flow and gets the same total back, added in a fixed order: a tree over thread
// indices. WG, the kernel's workgroup size, is a power of two.
var<workgroup> red: array<vec4f, WG>;

fn wgSum4(x: vec4f, l: u32) -> vec4f {
  workgroupBarrier(); // earlier readers of red are done
  red[l] = x;
  for (var s = WG / 2u; s > 0u; s >>= 1u) {
    workgroupBarrier();
    if (l < s) { red[l] += red[l + s]; }
  }
  workgroupBarrier();
  return red[0];
}

fn wgMax4(x: vec4f, l: u32) -> vec4f {
  workgroupBarrier();
  red[l] = x;
  for (var s = WG / 2u; s > 0u; s >>= 1u) {
    workgroupBarrier();
    if (l < s) { red[l] = max(red[l], red[l + s]); }
  }
  workgroupBarrier();
  return red[0];
}

fn wgSum(x: f32, l: u32) -> f32 { return wgSum4(vec4f(x, 0.0, 0.0, 0.0), l).x; }
fn wgMax(x: f32, l: u32) -> f32 { return wgMax4(vec4f(x, 0.0, 0.0, 0.0), l).x; }
