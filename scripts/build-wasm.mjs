// Builds the WebAssembly CPU backend from its C sources (src/wasm/c/*.c) with Debian's clang and wasm-ld:
//   node scripts/build-wasm.mjs          writes src/wasm/kernels.wasm (single-threaded) and kernels-mt.wasm (threads)
//   node scripts/build-wasm.mjs --check  rebuilds into a temporary folder and fails if the committed files differ
// C rather than AssemblyScript: LLVM's optimiser and the standard wasm_simd128.h intrinsics, no runtime, and plain
// C that reads like the TypeScript twin. The two files differ only in the memory: the threaded one imports a shared
// memory (atomics, so a pool of workers can run the same kernels on it), which a page may only create when it is
// cross-origin isolated.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const srcDir = join(root, 'src/wasm/c');
const outDir = join(root, 'src/wasm');

/** Pages of 64 KiB: the most a threaded memory may grow to (it must declare a maximum); 2 GiB. */
export const MAX_PAGES = 32768;
const STACK_BYTES = 256 * 1024;

const common = ['--target=wasm32', '-O3', '-std=c11', '-Wall', '-Wextra', '-Werror', '-msimd128', '-mbulk-memory', '-mmutable-globals', '-mnontrapping-fptoint', '-nostdlib', '-fno-builtin-memset'];
const link = ['-Wl,--no-entry', '-Wl,--import-memory', '-Wl,--export=__heap_base', '-Wl,--export=__stack_pointer', `-Wl,-z,stack-size=${STACK_BYTES}`, '-Wl,--strip-all'];
const VARIANTS = {
  'kernels.wasm': [...common, ...link],
  'kernels-mt.wasm': [...common, '-matomics', ...link, '-Wl,--shared-memory', `-Wl,--max-memory=${MAX_PAGES * 65536}`],
};

function tool(names) {
  for (const n of names) {
    try {
      execFileSync(n, ['--version'], { stdio: 'ignore' });
      return n;
    } catch {
      /* try the next name */
    }
  }
  throw new Error(`none of ${names.join(', ')} found: install Debian's clang and lld (scripts/ensure-test-deps.mjs does)`);
}

function build(dir) {
  const clang = tool(['clang', 'clang-14']);
  tool(['wasm-ld', 'wasm-ld-14']);
  const sources = readdirSync(srcDir).filter((f) => f.endsWith('.c')).sort().map((f) => join(srcDir, f));
  for (const [name, flags] of Object.entries(VARIANTS)) {
    execFileSync(clang, [...flags, '-o', join(dir, name), ...sources], { stdio: 'inherit', cwd: srcDir });
    chmodSync(join(dir, name), 0o644);
  }
}

if (process.argv.includes('--check')) {
  const tmp = mkdtempSync(join(tmpdir(), 'gh-wasm-'));
  try {
    build(tmp);
    const stale = Object.keys(VARIANTS).filter((name) => !readFileSync(join(tmp, name)).equals(readFileSync(join(outDir, name))));
    if (stale.length > 0) {
      console.error(`src/wasm/${stale.join(', ')} do not match src/wasm/c: run \`npm run build:wasm\` and commit the result`);
      process.exit(1);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
} else {
  build(outDir);
}
