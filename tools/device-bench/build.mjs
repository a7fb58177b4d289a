// Assembles the device bench from what is installed here: bench.ts bundled by esbuild into one ES module (WGSL and
// jax-js inlined), Dawn's dawn.node from the `webgpu` package and this machine's Node, both xz-compressed, the
// libraries run.sh may need on a bare system (C++ runtime, Vulkan loader, glibc with its loader), run.sh and
// README.md. Writes dist/device-bench/greenhouse-device-bench/ and dist/device-bench/greenhouse-device-bench.tar.
// Usage: node tools/device-bench/build.mjs
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../..');
const out = join(root, 'dist/device-bench');
const dir = join(out, 'greenhouse-device-bench');
const LIMIT = 64 * 2 ** 20;

/** The libraries run.sh may take from lib/, by folder, found where Debian installs them. */
const LIBS = {
  cxx: ['libstdc++.so.6', 'libgcc_s.so.1'],
  vulkan: ['libvulkan.so.1'],
  glibc: ['ld-linux-x86-64.so.2', 'libc.so.6', 'libm.so.6', 'libdl.so.2', 'libpthread.so.0'],
};
const LIB_DIRS = ['/lib/x86_64-linux-gnu', '/usr/lib/x86_64-linux-gnu', '/lib64'];

if (process.platform !== 'linux' || process.arch !== 'x64') throw new Error(`the device bench is built for linux-x64, this is ${process.platform}-${process.arch}`);
for (const tool of ['xz', 'tar']) execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });

rmSync(out, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });

// 1. The bench, one file: `?raw` imports as text, Node's built-ins left to Node.
const { build } = await import('esbuild');
const rawText = {
  name: 'raw-text',
  setup(b) {
    b.onResolve({ filter: /\?raw$/ }, (a) => ({ path: resolve(a.resolveDir, a.path.slice(0, -4)), namespace: 'raw' }));
    b.onLoad({ filter: /.*/, namespace: 'raw' }, (a) => ({ contents: readFileSync(a.path, 'utf8'), loader: 'text' }));
  },
};
await build({
  entryPoints: [join(here, 'bench.ts')],
  outfile: join(dir, 'bench.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  legalComments: 'external',
  plugins: [rawText],
  logLevel: 'warning',
});

// 2. Dawn and Node, xz-compressed (run.sh unpacks them on first use).
const dawn = join(dirname(createRequire(import.meta.url).resolve('webgpu/package.json')), 'dist/linux-x64/dawn.node');
xz(dawn, join(dir, 'dawn.node.xz'));
xz(realpathSync(process.execPath), join(dir, 'node.xz'));

// 3. Libraries, by what they are for.
for (const [folder, names] of Object.entries(LIBS)) {
  mkdirSync(join(dir, 'lib', folder), { recursive: true });
  for (const name of names) {
    const found = LIB_DIRS.map((d) => join(d, name)).find((p) => existsSync(p));
    if (!found) throw new Error(`${name} not found in ${LIB_DIRS.join(', ')} (Debian: libstdc++6, libgcc-s1, libvulkan1, libc6)`);
    copyFileSync(realpathSync(found), join(dir, 'lib', folder, name));
  }
}
for (const f of ['run.sh', 'README.md']) copyFileSync(join(here, f), join(dir, f));
execFileSync('chmod', ['+x', join(dir, 'run.sh'), join(dir, 'lib/glibc/ld-linux-x86-64.so.2')]);

// 4. One tar (its large members are compressed already).
const tar = join(out, 'greenhouse-device-bench.tar');
execFileSync('tar', ['-cf', tar, '-C', out, 'greenhouse-device-bench']);
const size = statSync(tar).size;
console.log(`${tar}: ${(size / 2 ** 20).toFixed(1)} MiB`);
if (size > LIMIT) throw new Error(`the bundle is ${(size / 2 ** 20).toFixed(1)} MiB, over the 64 MiB budget`);

function xz(from, to) {
  execFileSync('sh', ['-c', `xz -T0 -9 -c "${from}" > "${to}"`]);
}
