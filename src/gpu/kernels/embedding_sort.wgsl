// A stable counting sort of rows by index (token id or position), in one workgroup: sorted = start (rows + 1) then
// order (R), the rows of each index in ascending r, so that embedding_backward sums them in the twin's order.
// Steps: count per index (u32 atomics: exact), exclusive prefix of the counts, then blocks of WG rows placed at
// start[v] + rows of v placed before + rank among the block's earlier rows of v.
override WG: u32 = 256;
struct P { R: u32, rows: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> index: array<i32>; // (R)
@group(0) @binding(2) var<storage, read_write> counts: array<atomic<u32>>; // (rows) scratch
@group(0) @binding(3) var<storage, read_write> sorted: array<u32>; // (rows + 1 + R)
var<workgroup> chunk: array<u32, WG>;
var<workgroup> block: array<i32, WG>;

fn valid(v: i32) -> bool { return v >= 0 && u32(v) < p.rows; }

@compute @workgroup_size(WG)
fn main(@builtin(local_invocation_index) l: u32) {
  for (var v = l; v < p.rows; v += WG) { atomicStore(&counts[v], 0u); }
  storageBarrier();
  for (var r = l; r < p.R; r += WG) { let v = index[r]; if (valid(v)) { atomicAdd(&counts[u32(v)], 1u); } }
  storageBarrier();
  // Exclusive prefix: thread l owns indices [l C, (l+1) C).
  let C = (p.rows + WG - 1u) / WG;
  let lo = min(p.rows, l * C); let hi = min(p.rows, lo + C);
  var s = 0u;
  for (var v = lo; v < hi; v++) { s += atomicLoad(&counts[v]); }
  chunk[l] = s;
  workgroupBarrier();
  var at = 0u;
  for (var k = 0u; k < l; k++) { at += chunk[k]; }
  for (var v = lo; v < hi; v++) { sorted[v] = at; at += atomicLoad(&counts[v]); atomicStore(&counts[v], 0u); }
  if (l == 0u) { sorted[p.rows] = p.R; }
  storageBarrier();
  // Stable placement, WG rows at a time; counts[v] now counts rows of v already placed.
  for (var b = 0u; b < p.R; b += WG) {
    let r = b + l;
    var v = -1;
    if (r < p.R && valid(index[r])) { v = index[r]; }
    block[l] = v;
    workgroupBarrier();
    var rank = 0u; var later = false;
    for (var k = 0u; k < WG; k++) { if (block[k] == v) { if (k < l) { rank++; } else if (k > l) { later = true; } } }
    if (v >= 0) { sorted[p.rows + 1u + sorted[u32(v)] + atomicLoad(&counts[u32(v)]) + rank] = r; }
    storageBarrier();
    if (v >= 0 && !later) { atomicStore(&counts[u32(v)], atomicLoad(&counts[u32(v)]) + rank + 1u); }
    storageBarrier();
  }
}
