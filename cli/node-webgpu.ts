// WebGPU in Node for the CLIs and the Node test setups: Dawn from the `webgpu` package on SwiftShader (Debian's chromium
// ships it), set up once. A process whose VK_ICD_FILENAMES is already set (lavapipe: the f16 tests, the bench's child)
// keeps its driver.
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';

const SWIFTSHADER_ICD = '/usr/lib/chromium/vk_swiftshader_icd.json';

/** Puts navigator.gpu and the WebGPU globals in place; returns why not when the package cannot load. */
export async function installWebGpu(): Promise<string | null> {
  if (globalThis.navigator?.gpu) return null;
  // Without it Dawn finds Mesa's lavapipe, which it refuses unless tools/lavapipe's layer is loaded.
  if (!process.env.VK_ICD_FILENAMES && existsSync(SWIFTSHADER_ICD)) process.env.VK_ICD_FILENAMES = SWIFTSHADER_ICD;
  process.env.XDG_RUNTIME_DIR ??= tmpdir(); // Mesa's implicit Vulkan layer complains on every instance without it
  try {
    const { create, globals } = await import('webgpu');
    Object.assign(globalThis, globals);
    Object.defineProperty(globalThis, 'navigator', { value: { ...(globalThis.navigator ?? {}), gpu: create([]) }, configurable: true });
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}
