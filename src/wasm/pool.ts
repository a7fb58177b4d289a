// A pool of worker threads running the WebAssembly kernels on one shared memory. The calling thread writes a task
// (kernel index, arguments) into a small shared control block, wakes the workers, runs its own share (tid 0), and
// waits until every worker has run its share (tid 1..n-1). Each kernel splits its work by a fixed formula of tid and
// n and reduces in a fixed order, so the result is the same bits for any thread count.
import { KERNEL_NAMES, STACK_BYTES, type Kernel, type KernelName } from './module';

/** Int32 slots of the control block, then the arguments as float64 (exact for int32 and float32 values). */
const LAYOUT = { gen: 0, done: 1, fn: 2, argc: 3, nt: 4, failed: 5, quit: 6, ints: 8, argsOffset: 64, maxArgs: 24 } as const;
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

  private constructor(readonly threads: number, private readonly workers: Port[], control: SharedArrayBuffer) {
    this.ctrl = new Int32Array(control, 0, LAYOUT.ints);
    this.args = new Float64Array(control, LAYOUT.argsOffset, LAYOUT.maxArgs);
    this.blocking = canBlock(this.ctrl);
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
            w.postMessage({ module, memory, control, tid, stackTop: allocStack(STACK_BYTES) + STACK_BYTES, names: KERNEL_NAMES, layout: LAYOUT, spins: SPINS });
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

  /** Run kernel `name` with `args` on every thread; `own` is the caller's instance of the same kernel. */
  run(name: KernelName, own: Kernel, args: number[]): void {
    const { ctrl, threads } = this;
    if (args.length > LAYOUT.maxArgs) throw new Error(`${name}: ${args.length} arguments, the pool carries ${LAYOUT.maxArgs}`);
    this.args.set(args);
    ctrl[LAYOUT.fn] = KERNEL_NAMES.indexOf(name);
    ctrl[LAYOUT.argc] = args.length;
    ctrl[LAYOUT.nt] = threads;
    Atomics.store(ctrl, LAYOUT.done, 0);
    Atomics.add(ctrl, LAYOUT.gen, 1);
    Atomics.notify(ctrl, LAYOUT.gen);
    own(...args, 0, threads);
    const others = threads - 1;
    let done = Atomics.load(ctrl, LAYOUT.done);
    for (let i = 0; done < others && (i < SPINS || !this.blocking); i++) done = Atomics.load(ctrl, LAYOUT.done);
    while (done < others) {
      Atomics.wait(ctrl, LAYOUT.done, done);
      done = Atomics.load(ctrl, LAYOUT.done);
    }
    const failed = Atomics.exchange(ctrl, LAYOUT.failed, 0);
    if (failed !== 0) throw new Error(`WebAssembly pool thread ${failed} failed in ${name}${this.lastError ? `: ${this.lastError}` : ''}`);
  }

  dispose(): void {
    Atomics.store(this.ctrl, LAYOUT.quit, 1);
    Atomics.add(this.ctrl, LAYOUT.gen, 1);
    Atomics.notify(this.ctrl, LAYOUT.gen);
    for (const w of this.workers) void w.terminate();
  }
}
