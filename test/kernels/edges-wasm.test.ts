// The mutation pass's edge cases (specs/edges.spec.ts) on the WebAssembly backend, on one thread and split between two.
import { wasmBackend } from './backends';
import { edgeSpec } from './specs/edges.spec';

edgeSpec(() => wasmBackend(1));
edgeSpec(() => wasmBackend(2));
