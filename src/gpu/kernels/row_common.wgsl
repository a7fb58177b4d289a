// What the two forms of the row reductions share (rows.ts puts it in front of the row kernels, after the form's own
// rowSum4 / rowMax4): a workgroup holds WG / LANES rows of LANES threads; every thread calls these in uniform control
// flow and gets its row's result back. LANES = 1 (a thread per row, for CPU adapters) takes no barrier.
override LANES: u32 = 32;
var<workgroup> red: array<vec4f, WG>;

fn rowSum(x: f32, l: u32) -> f32 { return rowSum4(vec4f(x, 0.0, 0.0, 0.0), l).x; }
fn rowMax(x: f32, l: u32) -> f32 { return rowMax4(vec4f(x, 0.0, 0.0, 0.0), l).x; }

/** The sum of x over the row's lanes before this one, in lane order. */
fn rowPrefix(x: f32, l: u32) -> f32 {
  if (LANES == 1u) { return 0.0; }
  let lane = l % LANES;
  workgroupBarrier(); // earlier readers of red are done
  red[l] = vec4f(x, 0.0, 0.0, 0.0);
  workgroupBarrier();
  var s = 0.0;
  for (var k = 0u; k < lane; k++) { s += red[l - lane + k].x; }
  return s;
}
