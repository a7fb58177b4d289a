// The kernel specs on WebGPU in a headless Chromium page with the GPU-shaped row layouts (see layouts.ts): rows
// reduced on subgroups, as Chromium's WebGPU compiles them, and rows reduced in workgroup memory.
import { describe } from 'vitest';
import { opsSpec } from './specs/ops.spec';
import { SUBGROUP_ROWS, TREE_ROWS, layoutBackend } from './layouts';

describe('rows on subgroups (4 lanes)', () => opsSpec(layoutBackend(SUBGROUP_ROWS, true)));
describe('rows in workgroup memory (32 lanes)', () => opsSpec(layoutBackend(TREE_ROWS, false)));
