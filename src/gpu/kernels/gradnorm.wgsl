// out (1) = sqrt(sum g^2): lane l sums g[l], g[l+256], ...; lanes then added in order by lane 0.
struct P { n: u32 }
@group(0) @binding(0) var<uniform> p: P;
@group(0) @binding(1) var<storage, read> g: array<f32>; // (n)
@group(0) @binding(2) var<storage, read_write> out: array<f32>; // (1)
var<workgroup> part: array<f32, 256>;

@compute @workgroup_size(256)
fn main(@builtin(local_invocation_index) l: u32) {
  var s = 0.0;
  for (var i = l; i < p.n; i += 256u) { s += g[i] * g[i]; }
  part[l] = s;
  workgroupBarrier();
  if (l == 0u) {
    var t = 0.0;
    for (var k = 0u; k < 256u; k++) { t += part[k]; }
    out[0] = sqrt(t);
  }
}
