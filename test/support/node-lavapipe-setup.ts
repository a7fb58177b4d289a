// Vitest setup for the f16 kernel tests: Dawn (the `webgpu` package) on Mesa's lavapipe, the software adapter here
// with shader-f16 (tools/lavapipe). Fails with what to install when it is missing: f16 tests are never skipped.
import { lavapipeSetup } from '../../tools/lavapipe/lavapipe';

const setup = lavapipeSetup();
if (!setup.ok) throw new Error(`The f16 kernel tests need ${setup.missing}.`);
Object.assign(process.env, setup.env);

const { create, globals } = await import('webgpu');
Object.assign(globalThis, globals);
Object.defineProperty(globalThis, 'navigator', {
  value: { ...(globalThis.navigator ?? {}), gpu: create([]) },
  configurable: true,
});
