// The workgroup reductions of reduce.wgsl on subgroups: each subgroup reduces in registers, then every thread adds
// the subgroups' results in subgroup order. Needs subgroups made of consecutive local indices starting at 0, which
// device.ts checks on the device before GpuOps takes this path.
enable subgroups;
var<workgroup> red: array<vec4f, WG>;

fn wgSum4(x: vec4f, l: u32) -> vec4f {
  let s = subgroupAdd(x);
  let size = subgroupAdd(1u);
  workgroupBarrier(); // earlier readers of red are done
  if (l % size == 0u) { red[l / size] = s; }
  workgroupBarrier();
  var t = red[0];
  for (var i = 1u; i < WG / size; i++) { t += red[i]; }
  return t;
}

fn wgMax4(x: vec4f, l: u32) -> vec4f {
  let s = subgroupMax(x);
  let size = subgroupAdd(1u);
  workgroupBarrier();
  if (l % size == 0u) { red[l / size] = s; }
  workgroupBarrier();
  var t = red[0];
  for (var i = 1u; i < WG / size; i++) { t = max(t, red[i]); }
  return t;
}

fn wgSum(x: f32, l: u32) -> f32 { return wgSum4(vec4f(x, 0.0, 0.0, 0.0), l).x; }
fn wgMax(x: f32, l: u32) -> f32 { return wgMax4(vec4f(x, 0.0, 0.0, 0.0), l).x; }
