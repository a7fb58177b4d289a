// Vitest setup for WebGPU in Node: Dawn (the `webgpu` package) on Chromium's SwiftShader Vulkan driver.
// Without VK_ICD_FILENAMES Dawn finds Mesa's lavapipe, which is too old, and gets no adapter.
import { existsSync } from 'node:fs';

const ICD = '/usr/lib/chromium/vk_swiftshader_icd.json';
if (!process.env.VK_ICD_FILENAMES && existsSync(ICD)) process.env.VK_ICD_FILENAMES = ICD;

const { create, globals } = await import('webgpu');
Object.assign(globalThis, globals);
Object.defineProperty(globalThis, 'navigator', {
  value: { ...(globalThis.navigator ?? {}), gpu: create([]) },
  configurable: true,
});
