// Subgroups behind a feature check: the reductions of reduce_subgroups.wgsl assume that subgroups are runs of
// consecutive local invocation indices starting at 0 (true of every driver seen, promised by none), so a device's
// subgroups are used only after a probe dispatch has shown it at every workgroup size the row kernels use.
import probeCode from './kernels/subgroup_probe.wgsl?raw';
import { USAGE } from './pool';

/** Workgroup sizes of the kernels that reduce with subgroups. */
export const REDUCE_SIZES = [32, 64, 128, 256] as const;

const verified = new WeakMap<GPUDevice, number>(); // device -> its subgroup size

/** The subgroup size the probe verified on this device, or null (no feature, not probed, or a layout we cannot use). */
export function verifiedSubgroupSize(device: GPUDevice): number | null {
  return verified.get(device) ?? null;
}

/** Why a probe's output (per local index: id | size << 8 | active << 16) rules subgroups out, or null when usable. */
export function subgroupLayoutProblem(out: Uint32Array, wg: number): string | null {
  const size = (out[0] >> 8) & 0xff;
  if (size === 0) return 'subgroup size 0';
  for (let l = 0; l < wg; l++) {
    const id = out[l] & 0xff;
    const s = (out[l] >> 8) & 0xff;
    const active = out[l] >> 16;
    if (s !== size) return `invocation ${l} reports subgroup size ${s}, invocation 0 ${size}`;
    if (id !== l % size) return `invocation ${l} is lane ${id} of its subgroup, not ${l % size}`;
    if (active !== Math.min(size, wg)) return `invocation ${l}'s subgroup has ${active} active invocations, not ${Math.min(size, wg)}`;
  }
  return null;
}

/** Probe a device created with the 'subgroups' feature; remembers the size when usable. Returns why not, or null. */
export async function probeSubgroups(device: GPUDevice): Promise<string | null> {
  if (!device.features.has('subgroups')) return 'the device has no subgroups feature';
  const module = device.createShaderModule({ code: probeCode });
  const bytes = 4 * Math.max(...REDUCE_SIZES);
  const out = device.createBuffer({ size: bytes, usage: USAGE.STORAGE | USAGE.COPY_SRC });
  const read = device.createBuffer({ size: bytes, usage: USAGE.MAP_READ | USAGE.COPY_DST });
  let size = 0;
  try {
    for (const wg of REDUCE_SIZES) {
      const pipeline = device.createComputePipeline({ layout: 'auto', compute: { module, entryPoint: 'main', constants: { WG: wg } } });
      const enc = device.createCommandEncoder();
      const pass = enc.beginComputePass();
      pass.setPipeline(pipeline);
      pass.setBindGroup(0, device.createBindGroup({ layout: pipeline.getBindGroupLayout(0), entries: [{ binding: 0, resource: { buffer: out } }] }));
      pass.dispatchWorkgroups(1);
      pass.end();
      enc.copyBufferToBuffer(out, 0, read, 0, bytes);
      device.queue.submit([enc.finish()]);
      await read.mapAsync(1 /* GPUMapMode.READ */);
      const got = new Uint32Array(read.getMappedRange().slice(0));
      read.unmap();
      const problem = subgroupLayoutProblem(got, wg);
      if (problem) return `at workgroup size ${wg}: ${problem}`;
      size = (got[0] >> 8) & 0xff;
    }
  } finally {
    out.destroy();
    read.destroy();
  }
  verified.set(device, size);
  return null;
}
