// Kernel specs on WebGPU in Node (Dawn on SwiftShader).
import { gpuBackend } from './backends';
import { matmulSpec } from './specs/matmul.spec';

matmulSpec(gpuBackend);
