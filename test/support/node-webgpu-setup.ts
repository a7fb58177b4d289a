// Vitest setup for WebGPU in Node: Dawn (the `webgpu` package) on Chromium's SwiftShader Vulkan driver.
// Without VK_ICD_FILENAMES Dawn finds Mesa's lavapipe, which is too old, and gets no adapter.
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';

const ICD = '/usr/lib/chromium/vk_swiftshader_icd.json';
if (!process.env.VK_ICD_FILENAMES && existsSync(ICD)) process.env.VK_ICD_FILENAMES = ICD;
process.env.XDG_RUNTIME_DIR ??= tmpdir(); // Mesa's implicit Vulkan layer complains on every instance without it

const { create, globals } = await import('webgpu');
Object.assign(globalThis, globals);
Object.defineProperty(globalThis, 'navigator', {
  value: { ...(globalThis.navigator ?? {}), gpu: create([]) },
  configurable: true,
});
