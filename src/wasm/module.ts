// Loads and compiles the WebAssembly kernels once per thread of JS (Node, a page or a worker), and says how many
// threads a pool may use here. kernels.wasm imports a plain memory; kernels-mt.wasm a shared one (threads).
// Both are built from src/wasm/c by scripts/build-wasm.mjs and committed.

/** Pages of 64 KiB a memory may grow to; must equal MAX_PAGES in scripts/build-wasm.mjs (the threaded import's maximum). */
export const MAX_PAGES = 32768;
/** Bytes of C stack for each pool worker's instance (the main instance has the linker's stack of the same size). */
export const STACK_BYTES = 256 * 1024;

export type Variant = 'single' | 'threads';

/** Every kernel export of kernels.wasm (argument lists end with tid, nt); pool workers find them by index here. */
export const KERNEL_NAMES = [
  'gh_matmul', 'gh_transpose', 'gh_colsum',
  'gh_embedding', 'gh_embedding_backward', 'gh_layernorm', 'gh_layernorm_backward',
  'gh_gelu', 'gh_gelu_backward', 'gh_add', 'gh_copy_rows',
  'gh_attention', 'gh_attention_backward',
  'gh_logprobs', 'gh_token_loss', 'gh_sample',
  'gh_grad_norm_partials', 'gh_grad_norm_finish', 'gh_adamw',
  'gh_pointer', 'gh_pointer_backward',
] as const;
export type KernelName = (typeof KERNEL_NAMES)[number];

export type Kernel = (...args: number[]) => void;

export interface KernelExports {
  readonly kernels: Record<KernelName, Kernel>;
  readonly heapBase: number;
  readonly stackPointer: WebAssembly.Global;
}

const compiled = new Map<Variant, Promise<WebAssembly.Module>>();

async function bytesOf(url: URL): Promise<ArrayBuffer> {
  if (url.protocol === 'file:') {
    const fs = 'node:fs/promises'; // a variable, so bundlers leave Node's module out of the page
    const { readFile } = (await import(/* @vite-ignore */ fs)) as typeof import('node:fs/promises');
    const b = await readFile(url);
    return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
  }
  const res = await fetch(url);
  if (!res.ok) throw new Error(`fetching ${url.href}: HTTP ${res.status}`);
  return res.arrayBuffer();
}

/** The compiled module of a variant (compiled once; a Module can be posted to workers). */
export function kernelModule(variant: Variant): Promise<WebAssembly.Module> {
  let m = compiled.get(variant);
  if (!m) {
    const url = variant === 'threads' ? new URL('./kernels-mt.wasm', import.meta.url) : new URL('./kernels.wasm', import.meta.url);
    m = bytesOf(url).then((b) => WebAssembly.compile(b));
    m.catch(() => compiled.delete(variant)); // a failed load may be retried
    compiled.set(variant, m);
  }
  return m;
}

/** A memory for a variant: shared (threads) or not, growable to MAX_PAGES. */
export function createMemory(variant: Variant, initialPages: number): WebAssembly.Memory {
  return new WebAssembly.Memory({ initial: initialPages, maximum: MAX_PAGES, shared: variant === 'threads' });
}

export function instantiate(module: WebAssembly.Module, memory: WebAssembly.Memory): KernelExports {
  const ex = new WebAssembly.Instance(module, { env: { memory } }).exports as Record<string, unknown>;
  for (const name of KERNEL_NAMES) if (typeof ex[name] !== 'function') throw new Error(`kernels.wasm has no export ${name}: rebuild it (npm run build:wasm)`);
  return {
    kernels: ex as unknown as Record<KernelName, Kernel>,
    heapBase: (ex.__heap_base as WebAssembly.Global).value as number,
    stackPointer: ex.__stack_pointer as WebAssembly.Global,
  };
}

let defaultThreads: number | null = null;

/** Threads every later WasmOps takes when not told (a command line's --threads); null: what availableThreads() finds. */
export function setDefaultThreads(n: number | null): void {
  if (n !== null && !(Number.isInteger(n) && n >= 1)) throw new Error(`threads must be a whole number >= 1, got ${n}`);
  defaultThreads = n;
}

/**
 * Threads this context can give a pool: 1 unless shared memory is allowed (always in Node; in a page or its
 * workers only when cross-origin isolated), then the cores, at most `cap` (or the setDefaultThreads number).
 */
export async function availableThreads(cap = 4): Promise<number> {
  const g = globalThis as { crossOriginIsolated?: boolean; navigator?: { hardwareConcurrency?: number }; process?: { versions?: { node?: string } } };
  if (typeof SharedArrayBuffer === 'undefined') return 1;
  if (defaultThreads !== null) return defaultThreads;
  let cores: number;
  if (typeof g.process?.versions?.node === 'string') {
    const os = 'node:os';
    cores = ((await import(/* @vite-ignore */ os)) as typeof import('node:os')).availableParallelism();
  } else {
    if (g.crossOriginIsolated !== true) return 1;
    cores = g.navigator?.hardwareConcurrency ?? 1;
  }
  return Math.max(1, Math.min(cap, cores));
}
