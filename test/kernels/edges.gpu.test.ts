// The mutation pass's edge cases (specs/edges.spec.ts) on WebGPU in Node (Dawn on SwiftShader), default layout.
import { gpuBackend } from './backends';
import { edgeSpec } from './specs/edges.spec';

edgeSpec(gpuBackend);
