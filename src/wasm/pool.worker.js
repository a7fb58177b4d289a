// One thread of the WebAssembly backend's pool (see pool.ts): instantiates the kernels on the shared memory with its
// own C stack, then, for every task the calling thread posts, claims chunks of it until none is left, until told to
// quit. Plain JavaScript, so Node's worker_threads run it as it is (in a page Vite bundles it as a module worker).

/** @param {(msg: unknown) => void} post @param {any} init */
function serve(post, init) {
  const { module, memory, control, stackTop, names, layout, spins } = init;
  const instance = new WebAssembly.Instance(module, { env: { memory } });
  instance.exports.__stack_pointer.value = stackTop;
  const kernels = names.map((n) => instance.exports[n]);
  const ctrl = new Int32Array(control, 0, layout.ints);
  const args = new Float64Array(control, layout.argsOffset, layout.maxArgs);
  let seen = Atomics.load(ctrl, layout.gen); // before saying ready: the first task can only come after that
  post({ ready: true });
  for (;;) {
    let now = Atomics.load(ctrl, layout.gen);
    for (let i = 0; now === seen && i < spins; i++) now = Atomics.load(ctrl, layout.gen);
    if (now === seen) {
      Atomics.wait(ctrl, layout.gen, seen);
      now = Atomics.load(ctrl, layout.gen);
    }
    seen = now;
    if (Atomics.load(ctrl, layout.quit) !== 0) return;
    const argc = ctrl[layout.argc];
    const chunks = ctrl[layout.chunks];
    const kernel = kernels[ctrl[layout.fn]];
    const a = new Array(argc + 2);
    for (let i = 0; i < argc; i++) a[i] = args[i];
    a[argc + 1] = chunks;
    // Claims carry the task's number: a thread that woke late, or read the next task's arguments, claims nothing.
    const tag = (seen & layout.genMask) << 8;
    for (;;) {
      const claim = Atomics.load(ctrl, layout.claim);
      if ((claim & ~255) !== tag || (claim & 255) >= chunks) break;
      if (Atomics.compareExchange(ctrl, layout.claim, claim, claim + 1) !== claim) continue;
      a[argc] = claim & 255;
      try {
        kernel(...a);
      } catch (e) {
        Atomics.store(ctrl, layout.failed, 1);
        post({ error: String(e) });
      }
      if (Atomics.add(ctrl, layout.finished, 1) + 1 === chunks) Atomics.notify(ctrl, layout.finished);
    }
  }
}

if (typeof self !== 'undefined' && typeof self.postMessage === 'function') {
  self.onmessage = (e) => serve((m) => self.postMessage(m), e.data);
} else {
  const name = 'node:worker_threads'; // a variable, so bundlers leave Node's module out of the page
  const { parentPort } = await import(/* @vite-ignore */ name);
  parentPort.once('message', (init) => serve((m) => parentPort.postMessage(m), init));
}
