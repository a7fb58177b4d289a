// Kernel specs on WebGPU in a headless Chromium page.
import { gpuBackend } from './backends';
import { matmulSpec } from './specs/matmul.spec';
import { opsSpec } from './specs/ops.spec';

matmulSpec(gpuBackend);
opsSpec(gpuBackend);
