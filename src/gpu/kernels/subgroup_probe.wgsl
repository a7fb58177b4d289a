// Where each invocation of a 1-D workgroup sits in its subgroup: out[l] = subgroup id | size << 8 | count << 16,
// count being the subgroup's active invocations. GpuOps uses subgroups only where out[l] says l % size, full groups.
enable subgroups;
override WG: u32 = 64;
@group(0) @binding(0) var<storage, read_write> out: array<u32>; // (WG)

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) l: u32, @builtin(subgroup_invocation_id) id: u32, @builtin(subgroup_size) size: u32) {
  out[l] = id | (size << 8u) | (subgroupAdd(1u) << 16u);
}
