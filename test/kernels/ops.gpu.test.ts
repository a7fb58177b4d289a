// Kernel specs on WebGPU in Node (Dawn on SwiftShader).
import { gpuBackend } from './backends';
import { matmulSpec } from './specs/matmul.spec';
import { opsSpec } from './specs/ops.spec';
import { pointerSpec } from './specs/pointer.spec';

matmulSpec(gpuBackend);
opsSpec(gpuBackend);
pointerSpec(gpuBackend);
