// Row sums and maxima on subgroups (see row_common.wgsl): a butterfly of subgroupShuffleXor over the row's lanes,
// no workgroup memory, no barrier; each step adds two halves in one order, so every lane ends with the same bits.
// Needs each row's LANES threads inside one subgroup: subgroups of consecutive local indices (subgroups.ts probes
// for it) at least LANES wide (rows.ts checks).
enable subgroups;

fn rowSum4(x: vec4f, l: u32) -> vec4f {
  var s = x;
  for (var m = 1u; m < LANES; m <<= 1u) { s += subgroupShuffleXor(s, m); }
  return s;
}

fn rowMax4(x: vec4f, l: u32) -> vec4f {
  var s = x;
  for (var m = 1u; m < LANES; m <<= 1u) { s = max(s, subgroupShuffleXor(s, m)); }
  return s;
}
