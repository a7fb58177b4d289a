// WebGPU for the Node CLIs: Dawn from the `webgpu` package on SwiftShader (Debian's chromium ships it), set up once;
// and a second Dawn instance on Mesa's lavapipe, the software adapter with shader-f16, for the benchmark's f16 rows.
import { existsSync } from 'node:fs';
import { acquireDevice, type DeviceResult } from '../src/gpu/device';
import { lavapipeSetup } from '../tools/lavapipe/lavapipe';

const SWIFTSHADER_ICD = '/usr/lib/chromium/vk_swiftshader_icd.json';

/** Puts navigator.gpu and the WebGPU globals in place; returns why not when the package cannot load. */
export async function installWebGpu(): Promise<string | null> {
  if (globalThis.navigator?.gpu) return null;
  // Without this Dawn finds Mesa's lavapipe, which is too old (see shared/TESTING.md).
  if (!process.env.VK_ICD_FILENAMES && existsSync(SWIFTSHADER_ICD)) process.env.VK_ICD_FILENAMES = SWIFTSHADER_ICD;
  try {
    const { create, globals } = await import('webgpu');
    Object.assign(globalThis, globals);
    Object.defineProperty(globalThis, 'navigator', { value: { ...(globalThis.navigator ?? {}), gpu: create([]) }, configurable: true });
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/** A device on lavapipe (tools/lavapipe), or why not. The Vulkan variables are restored once the device exists. */
export async function lavapipeDevice(): Promise<DeviceResult> {
  const setup = lavapipeSetup();
  if (!setup.ok) return { kind: 'cpu', reason: `lavapipe needs ${setup.missing}` };
  const saved = Object.fromEntries(Object.keys(setup.env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, setup.env);
  try {
    const { create } = await import('webgpu');
    return await acquireDevice(create([]));
  } catch (err) {
    return { kind: 'cpu', reason: err instanceof Error ? err.message : String(err) };
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}
