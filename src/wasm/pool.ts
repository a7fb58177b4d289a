// A pool of worker threads running the WebAssembly kernels on one shared memory. The calling thread writes a task
// (kernel index, arguments) into a small shared control block and wakes the workers; then it and they claim the
// task's chunks (a kernel called with (c, chunks) computes chunk c of its work) until none is left, and the caller
// waits for the last one to finish. A chunk's result does not depend on who computes it, nor on how many chunks
// there are (each output element is one thread's sum in a fixed order), so any thread count gives the same bits;
// and a worker the OS has not scheduled yet costs nothing, as the others take its chunks.
import { KERNEL_NAMES, STACK_BYTES, type Kernel, type KernelName } from './module';

/**
 * Int32 slots of the control block, then the arguments as float64 (exact for int32 and float32 values). claim holds
 * the task number (low 23 bits) << 8 | the next chunk; finished counts finished chunks.
 */
const LAYOUT = { gen: 0, claim: 1, finished: 2, fn: 3, argc: 4, chunks: 5, failed: 6, quit: 7, ints: 8, genMask: 0x7fffff, argsOffset: 64, maxArgs: 24 } as const;
/** Chunks per thread and task: enough for the threads that are running to take the share of one that is not. */
const CHUNKS_PER_THREAD = 4;
/** Polls of the control block a thread makes before it sleeps (ops come in quick succession during a step). */
const SPINS = 20_000;

interface Port {
  postMessage(m: unknown): void;
  terminate(): unknown;
  /** Node: an idle pool does not keep the process alive (called once the worker is ready). */
  unref?(): void;
}

/** A module worker in a page or a worker; a worker_threads Worker in Node. */
async function spawn(onMessage: (m: { ready?: boolean; error?: string }) => void, onError: (e: Error) => void): Promise<Port> {
  if (typeof process !== 'undefined' && typeof process.versions?.node === 'string') {
    const name = 'node:worker_threads';
    const { Worker } = (await import(/* @vite-ignore */ name)) as typeof import('node:worker_threads');
    const w = new Worker(new URL('./pool.worker.js', import.meta.url));
    w.on('message', onMessage);
    w.on('error', onError);
    return w;
  }
  const w = new Worker(new URL('./pool.worker.js', import.meta.url), { type: 'module', name: 'wasm kernels' });
  w.onmessage = (e) => onMessage(e.data);
  w.onerror = (e) => onError(new Error(e.message || 'the worker script failed to load'));
  return w;
}

/** Can this thread block in Atomics.wait? (A page's main thread cannot: it spins instead.) */
function canBlock(ctrl: Int32Array): boolean {
  try {
    Atomics.wait(ctrl, LAYOUT.quit, 1, 0); // the value is 0, so this returns at once where waiting is allowed
    return true;
  } catch {
    return false;
  }
}

export class ThreadPool {
  private readonly ctrl: Int32Array;
  private readonly args: Float64Array;
  private readonly blocking: boolean;
  private lastError = '';

  /** Chunks of every task: a kernel's per-thread scratch needs this many slots. */
  readonly chunks: number;

  private constructor(readonly threads: number, private readonly workers: Port[], control: SharedArrayBuffer) {
    this.ctrl = new Int32Array(control, 0, LAYOUT.ints);
    this.args = new Float64Array(control, LAYOUT.argsOffset, LAYOUT.maxArgs);
    this.blocking = canBlock(this.ctrl);
    this.chunks = Math.min(255, threads * CHUNKS_PER_THREAD);
  }

  /**
   * A pool of `threads` (the caller counts as one) on `memory`, whose workers get C stacks from `allocStack`.
   * Resolves when every worker has instantiated the module.
   */
  static async create(module: WebAssembly.Module, memory: WebAssembly.Memory, threads: number, allocStack: (bytes: number) => number): Promise<ThreadPool> {
    const control = new SharedArrayBuffer(LAYOUT.argsOffset + LAYOUT.maxArgs * 8);
    const workers: Port[] = [];
    let pool: ThreadPool | null = null;
    const ready: Promise<void>[] = [];
    for (let tid = 1; tid < threads; tid++) {
      ready.push(
        new Promise<void>((resolve, reject) => {
          const onMessage = (m: { ready?: boolean; error?: string }) => {
            if (m.ready) resolve();
            if (m.error && pool) pool.lastError = m.error;
          };
          spawn(onMessage, (e) => reject(new Error(`WebAssembly pool thread ${tid}: ${e.message}`))).then((w) => {
            workers.push(w);
            w.postMessage({ module, memory, control, stackTop: allocStack(STACK_BYTES) + STACK_BYTES, names: KERNEL_NAMES, layout: LAYOUT, spins: SPINS });
          }, reject);
        }),
      );
    }
    try {
      await Promise.all(ready);
      for (const w of workers) w.unref?.();
    } catch (e) {
      for (const w of workers) void w.terminate();
      throw e;
    }
    pool = new ThreadPool(threads, workers, control);
    return pool;
  }

  /** Run kernel `name` with `args` over the pool's chunks; `own` is the caller's instance of the same kernel. */
  run(name: KernelName, own: Kernel, args: number[]): void {
    const { ctrl, chunks } = this;
    if (args.length > LAYOUT.maxArgs) throw new Error(`${name}: ${args.length} arguments, the pool carries ${LAYOUT.maxArgs}`);
    this.args.set(args);
    ctrl[LAYOUT.fn] = KERNEL_NAMES.indexOf(name);
    ctrl[LAYOUT.argc] = args.length;
    ctrl[LAYOUT.chunks] = chunks;
    const gen = (ctrl[LAYOUT.gen] + 1) | 0;
    const tag = (gen & LAYOUT.genMask) << 8;
    Atomics.store(ctrl, LAYOUT.finished, 0);
    Atomics.store(ctrl, LAYOUT.claim, tag);
    Atomics.store(ctrl, LAYOUT.gen, gen);
    Atomics.notify(ctrl, LAYOUT.gen);
    const a = [...args, 0, chunks];
    for (;;) {
      const claim = Atomics.load(ctrl, LAYOUT.claim);
      if ((claim & 255) >= chunks) break;
      if (Atomics.compareExchange(ctrl, LAYOUT.claim, claim, claim + 1) !== claim) continue;
      a[args.length] = claim & 255;
      own(...a);
      Atomics.add(ctrl, LAYOUT.finished, 1);
    }
    let finished = Atomics.load(ctrl, LAYOUT.finished);
    for (let i = 0; finished < chunks && (i < SPINS || !this.blocking); i++) finished = Atomics.load(ctrl, LAYOUT.finished);
    while (finished < chunks) {
      Atomics.wait(ctrl, LAYOUT.finished, finished);
      finished = Atomics.load(ctrl, LAYOUT.finished);
    }
    if (Atomics.exchange(ctrl, LAYOUT.failed, 0) !== 0) throw new Error(`a WebAssembly pool thread failed in ${name}${this.lastError ? `: ${this.lastError}` : ''}`);
  }

  dispose(): void {
    Atomics.store(this.ctrl, LAYOUT.quit, 1);
    Atomics.add(this.ctrl, LAYOUT.gen, 1);
    Atomics.notify(this.ctrl, LAYOUT.gen);
    for (const w of this.workers) void w.terminate();
  }
}
