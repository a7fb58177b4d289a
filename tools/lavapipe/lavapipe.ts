// Mesa's lavapipe as a second software WebGPU adapter for Dawn in Node: the one here with shader-f16, so the f16
// kernels run in tests and benchmarks. Builds layer.c (see there why Dawn needs it) once into node_modules/.cache.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const LAYER_NAME = 'VK_LAYER_GREENHOUSE_lavapipe_for_dawn';
const ICDS = ['/usr/share/vulkan/icd.d/lvp_icd.x86_64.json', '/usr/share/vulkan/icd.d/lvp_icd.aarch64.json'];
const LAYER_HEADER = '/usr/include/vulkan/vk_layer.h';
const here = dirname(fileURLToPath(import.meta.url));
const SOURCE = join(here, 'layer.c');
const OUT_DIR = join(here, '..', '..', 'node_modules', '.cache', 'greenhouse-lavapipe');
const LIBRARY = 'libgreenhouse_lavapipe_layer.so'; // the manifest names it relative to itself

/** The environment that makes the Vulkan loader (and so Dawn) see lavapipe only, or what is missing for it. */
export type LavapipeSetup = { ok: true; env: Record<string, string> } | { ok: false; missing: string };

export function lavapipeSetup(): LavapipeSetup {
  const icd = ICDS.find((p) => existsSync(p));
  if (!icd) return { ok: false, missing: "Mesa's lavapipe Vulkan driver (Debian package mesa-vulkan-drivers)" };
  if (!existsSync(LAYER_HEADER)) return { ok: false, missing: 'the Vulkan layer headers (Debian package libvulkan-dev)' };
  const built = buildLayer();
  if (typeof built === 'string') return { ok: false, missing: built };
  return {
    ok: true,
    env: {
      VK_ICD_FILENAMES: icd,
      VK_LAYER_PATH: OUT_DIR,
      VK_INSTANCE_LAYERS: LAYER_NAME,
      // lavapipe's window-system code warns on every instance without one; compute needs none.
      XDG_RUNTIME_DIR: process.env.XDG_RUNTIME_DIR ?? tmpdir(),
    },
  };
}

/** Compile the layer when missing or older than its source; returns an error text on failure. */
function buildLayer(): true | string {
  const lib = join(OUT_DIR, LIBRARY);
  if (existsSync(join(OUT_DIR, 'layer.json')) && existsSync(lib) && statSync(lib).mtimeMs >= statSync(SOURCE).mtimeMs) return true;
  mkdirSync(OUT_DIR, { recursive: true });
  const tmp = `${lib}.${process.pid}.tmp`; // workers may build at once: compile aside, then rename
  try {
    execFileSync('cc', ['-shared', '-fPIC', '-O2', '-Wall', '-Werror', '-o', tmp, SOURCE], { stdio: 'pipe' });
  } catch (err) {
    const stderr = (err as { stderr?: Buffer }).stderr?.toString().trim();
    return `a C compiler able to build tools/lavapipe/layer.c (cc failed${stderr ? `: ${stderr}` : ''})`;
  }
  const manifest = {
    file_format_version: '1.1.2',
    layer: { name: LAYER_NAME, type: 'GLOBAL', library_path: `./${LIBRARY}`, api_version: '1.3.0', implementation_version: '1', description: 'Lets Dawn accept lavapipe (tests only)' },
  };
  // The manifest lands before the library, so a worker that sees the library also sees its manifest.
  writeFileSync(`${tmp}.json`, JSON.stringify(manifest, null, 2));
  renameSync(`${tmp}.json`, join(OUT_DIR, 'layer.json'));
  renameSync(tmp, lib);
  return true;
}
