// Works offline once loaded: the service worker (vite-plugin-pwa, Workbox) precaches the app, its workers and every
// .wasm, so after one visit the page reloads and trains with the network gone. And `npm start` serves without a
// stack trace (it used to make Vite try xdg-open).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startE2e, trainToEnd, type E2eHarness } from '../support/e2e';

let h: E2eHarness;
beforeAll(async () => {
  h = await startE2e();
});
afterAll(async () => h?.close());

describe('offline', () => {
  it('reloads with the network gone and trains', async () => {
    // backend=cpu: 'auto' would first time the run on SwiftShader's WebGPU (compiling every kernel, 15-20 s); the WebGPU
    // code is in the trainer worker's chunk either way, and the CPU path needs the app's own .wasm from the cache.
    const { page, problems } = await openPage(h, '#v=1&updates=2&bcSteps=2&backend=cpu');
    // Resolves once the worker has installed (every precached file fetched) and activated.
    const cached = await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      const names = await caches.keys();
      const urls = (await Promise.all(names.map(async (n) => (await (await caches.open(n)).keys()).map((r) => r.url)))).flat();
      return urls.map((u) => new URL(u).pathname);
    });
    expect(cached).toContain('/index.html');
    expect(cached.some((p) => /\/assets\/trainer\.worker-.*\.js$/.test(p))).toBe(true);
    expect(cached.some((p) => /\/assets\/ort-wasm.*\.wasm$/.test(p))).toBe(true);
    // The CPU backend's kernels (one-thread and threaded builds) and its pool's worker: without them, offline, the
    // CPU path would fall back to the TypeScript twin without a word, and the run below would still pass.
    expect(cached.some((p) => /\/assets\/kernels-(?!mt-)[^/]*\.wasm$/.test(p))).toBe(true);
    expect(cached.some((p) => /\/assets\/kernels-mt-[^/]*\.wasm$/.test(p))).toBe(true);
    expect(cached.some((p) => /\/assets\/pool\.worker-[^/]*\.js$/.test(p))).toBe(true);

    await page.context().setOffline(true);
    await page.reload();
    await trainToEnd(page);
    expect(await page.getByTestId('update').innerText()).toBe('2');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});

describe('npm start', () => {
  it('serves the page and prints no stack trace', async () => {
    const script = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start as string;
    const [command, ...args] = script.split(' ');
    expect(command).toBe('vite');
    // A PATH with node alone: on a machine without xdg-open (CI, a server) a Vite asked to open a browser fails.
    const bin = mkdtempSync(join(tmpdir(), 'start-path-'));
    symlinkSync(process.execPath, join(bin, 'node'));
    const child = spawn(process.execPath, ['node_modules/vite/bin/vite.js', ...args, '--port', '0'], { env: { ...process.env, PATH: bin } });
    let output = '';
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`vite did not start:\n${output}`)), 60_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString().replace(/\x1b\[[0-9;]*m/g, ''); // colours off
        if (/Local:\s+http/.test(output)) {
          clearTimeout(timer);
          // Vite would try to open a browser right after printing the address.
          setTimeout(resolve, 1500);
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
    });
    try {
      await ready;
    } finally {
      child.kill();
    }
    expect(output).not.toMatch(/Error|ENOENT|\n\s+at /);
  });
});
