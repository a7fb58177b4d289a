// WebGPU backends with the kernel layouts a CPU adapter does not pick by default, for the specs to run on: rows over
// 4 lanes reduced on subgroups (shuffles), rows over 32 lanes reduced in workgroup memory (a tree); and the matmul
// tile shapes. SwiftShader's subgroups are 4 wide, so both reductions are exercised here.
import { acquireDevice } from '../../src/gpu/device';
import { GpuOps, type GpuOpsOptions } from '../../src/gpu/ops';
import type { Backend } from './backends';

let device: Promise<GPUDevice> | null = null;

/** One device per test file, shared by the layouts (pipelines compile once per layout). */
export function sharedDevice(): Promise<GPUDevice> {
  return (device ??= acquireDevice().then((got) => {
    if (got.kind !== 'webgpu') throw new Error(`no WebGPU device: ${got.reason}`);
    return got.device;
  }));
}

/** A spec backend of GpuOps with these options; fails when `wantSubgroups` is not what the kernels will use. */
export function layoutBackend(options: GpuOpsOptions, wantSubgroups: boolean): () => Promise<Backend> {
  let be: Promise<Backend> | null = null;
  return () =>
    (be ??= sharedDevice().then((d) => {
      const ops = new GpuOps(d, options);
      if (ops.subgroups !== wantSubgroups) throw new Error(`layout ${JSON.stringify(options)}: subgroups ${ops.subgroups}, wanted ${wantSubgroups}`);
      return { name: `webgpu ${JSON.stringify(options)}`, ops, rtol: 1e-4, atol: 1e-4 };
    }));
}

export const SUBGROUP_ROWS: GpuOpsOptions = { rowLanes: 4 };
export const TREE_ROWS: GpuOpsOptions = { rowLanes: 32, subgroups: false };
