// The Policy spec and the cross-backend step on WebGPU in Node (Dawn on SwiftShader).
import { acquireDevice } from '../../src/gpu/device';
import { createPolicy } from '../../src/model/create';
import { policySpec } from './specs/policy.spec';
import { crossSpec } from './specs/cross.spec';
import { tok } from './fixtures';

let dev: Promise<GPUDevice> | null = null;
const device = () =>
  (dev ??= acquireDevice().then((g) => {
    if (g.kind !== 'webgpu') throw new Error(g.reason);
    return g.device;
  }));

policySpec('webgpu (Dawn)', async (seed) => (await createPolicy({ model: 'tiny', vocab: tok.size, seed, backend: 'webgpu', device: await device() })).policy, 10);
crossSpec(device);
