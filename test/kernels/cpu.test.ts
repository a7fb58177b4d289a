// Kernel specs on the CPU twin, against float64 references.
import { cpuBackend } from './backends';
import { matmulSpec } from './specs/matmul.spec';
import { opsSpec } from './specs/ops.spec';
import { pointerSpec } from './specs/pointer.spec';

matmulSpec(cpuBackend);
opsSpec(cpuBackend);
pointerSpec(cpuBackend);
