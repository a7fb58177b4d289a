// Kernel specs on the CPU twin: float64 references, finite-difference gradients.
import { cpuBackend } from './backends';
import { gradSpec } from './specs/grad.spec';
import { matmulSpec } from './specs/matmul.spec';
import { opsSpec } from './specs/ops.spec';
import { pointerSpec } from './specs/pointer.spec';

matmulSpec(cpuBackend);
opsSpec(cpuBackend);
pointerSpec(cpuBackend);
gradSpec(cpuBackend);
