// Vitest setup for WebGPU in Node: Dawn (the `webgpu` package) on Chromium's SwiftShader Vulkan driver.
import { installWebGpu } from '../../cli/node-webgpu';

const why = await installWebGpu();
if (why) throw new Error(`WebGPU in Node: ${why}`);
