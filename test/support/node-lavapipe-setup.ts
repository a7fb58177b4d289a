// Vitest setup for the f16 kernel tests: Dawn (the `webgpu` package) on Mesa's lavapipe, the software adapter here
// with shader-f16 (tools/lavapipe). Fails with what to install when it is missing: f16 tests are never skipped.
import { installWebGpu } from '../../cli/node-webgpu';
import { lavapipeSetup } from '../../tools/lavapipe/lavapipe';

const setup = lavapipeSetup();
if (!setup.ok) throw new Error(`The f16 kernel tests need ${setup.missing}.`);
Object.assign(process.env, setup.env); // installWebGpu keeps a driver that is already chosen
const why = await installWebGpu();
if (why) throw new Error(`WebGPU in Node on lavapipe: ${why}`);
