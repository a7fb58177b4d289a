// Row sums and maxima over a row's LANES threads in workgroup memory (see row_common.wgsl): a tree over the lanes,
// in a fixed order.
fn rowSum4(x: vec4f, l: u32) -> vec4f {
  if (LANES == 1u) { return x; }
  let lane = l % LANES;
  workgroupBarrier(); // earlier readers of red are done
  red[l] = x;
  for (var s = LANES / 2u; s > 0u; s >>= 1u) {
    workgroupBarrier();
    if (lane < s) { red[l] += red[l + s]; }
  }
  workgroupBarrier();
  return red[l - lane];
}

fn rowMax4(x: vec4f, l: u32) -> vec4f {
  if (LANES == 1u) { return x; }
  let lane = l % LANES;
  workgroupBarrier();
  red[l] = x;
  for (var s = LANES / 2u; s > 0u; s >>= 1u) {
    workgroupBarrier();
    if (lane < s) { red[l] = max(red[l], red[l + s]); }
  }
  workgroupBarrier();
  return red[l - lane];
}
