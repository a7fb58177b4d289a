// The mutation pass's edge cases (specs/edges.spec.ts) on the CPU twin, against float64 references.
import { cpuBackend } from './backends';
import { edgeSpec } from './specs/edges.spec';

edgeSpec(cpuBackend);
