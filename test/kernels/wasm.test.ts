// Kernel specs on the WebAssembly backend in Node: float64 references and finite differences on one thread, the
// same specs with every op split between two threads.
import { wasmBackend } from './backends';
import { gradSpec } from './specs/grad.spec';
import { matmulSpec } from './specs/matmul.spec';
import { opsSpec } from './specs/ops.spec';
import { pointerSpec } from './specs/pointer.spec';

const one = () => wasmBackend(1);
const two = () => wasmBackend(2);
matmulSpec(one);
opsSpec(one);
gradSpec(one);
pointerSpec(one);
matmulSpec(two);
opsSpec(two);
