// Kernel specs on WebGPU in Node (Dawn on SwiftShader).
import { gpuBackend } from './backends';
import { matmulSpec } from './specs/matmul.spec';
import { opsSpec } from './specs/ops.spec';

matmulSpec(gpuBackend);
opsSpec(gpuBackend);
