// Makes sure the tests' WebGPU adapters are present before tests run: Debian's Chromium (SwiftShader) with libvulkan1,
// and Mesa's lavapipe with the Vulkan layer headers and a C compiler (the f16 tests' adapter, see tools/lavapipe);
// and clang with lld, which build the WebAssembly kernels (npm test checks src/wasm/*.wasm against src/wasm/c).
// Installs them with apt-get when running as root (or with sudo); otherwise stops with a message naming
// what to install. GPU tests are never skipped silently.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const swiftshaderIcd = '/usr/lib/chromium/vk_swiftshader_icd.json';
const vulkanLoaders = ['/usr/lib/x86_64-linux-gnu/libvulkan.so.1', '/usr/lib/aarch64-linux-gnu/libvulkan.so.1'];
const lavapipeIcds = ['/usr/share/vulkan/icd.d/lvp_icd.x86_64.json', '/usr/share/vulkan/icd.d/lvp_icd.aarch64.json'];

const missing = [];
if (!existsSync(chromium) || !existsSync(swiftshaderIcd)) missing.push('chromium');
if (!vulkanLoaders.some((p) => existsSync(p))) missing.push('libvulkan1');
if (!lavapipeIcds.some((p) => existsSync(p))) missing.push('mesa-vulkan-drivers');
if (!existsSync('/usr/include/vulkan/vk_layer.h')) missing.push('libvulkan-dev');
if (!commandWorks('cc --version')) missing.push('gcc');
if (!commandWorks('clang --version')) missing.push('clang');
if (!commandWorks('wasm-ld --version')) missing.push('lld');

if (missing.length === 0) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasSudo = !isRoot && commandWorks('sudo -n true');
if (!isRoot && !hasSudo) {
  console.error(
    `Greenhouse's tests need real WebGPU adapters: Debian's Chromium (SwiftShader) and Mesa's lavapipe.\n` +
      `Missing: ${missing.join(', ')}. Install them with:\n  sudo apt-get install -y ${missing.join(' ')}\n` +
      `or point CHROMIUM_PATH at a Chromium build with SwiftShader.`,
  );
  process.exit(1);
}
const sudo = isRoot ? '' : 'sudo -n ';
console.log(`Installing ${missing.join(' ')} from Debian for the WebGPU tests...`);
execSync(`${sudo}apt-get update -qq`, { stdio: 'inherit' });
execSync(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`, { stdio: 'inherit' });

function commandWorks(cmd) {
  try {
    execSync(cmd, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
