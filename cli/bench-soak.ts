// npm run bench -- --soak N [--backend webgpu|cpu] [--json]: trains N updates in the built page (headless Chromium,
// real IndexedDB and WebGPU) and reports, every 50 updates, the page's JS heap (after a garbage collection), the
// trainer worker's live GPU buffers and heap (where the browser tells), the DOM size, and the main thread's long
// tasks (over 50 ms) since the last sample. Timings belong here, not in tests: they depend on the machine's load.
import { build } from 'vite';
import type { Page } from 'playwright-core';
import { DEFAULT_CONFIG } from '../src/core/config-table';
import { encodeLink } from '../src/core/share-link';
import type { WorkerDiagnostics } from '../src/workers/protocol';
import { openPage, startE2e } from '../test/support/e2e';

const EVERY = 50;

interface Sample {
  update: number;
  pageHeapBytes: number;
  domNodes: number;
  gpuBuffers: number | null;
  workerHeapBytes: number | null;
  /** Main-thread tasks over 50 ms since the previous sample: how many, and the longest (ms). */
  longTasks: number;
  longestTaskMs: number;
  seconds: number;
}

/** Records long main-thread tasks into window.longTasks (PerformanceObserver 'longtask'). */
function watchLongTasks(page: Page): Promise<void> {
  return page.evaluate(() => {
    const w = window as unknown as { longTasks: number[] };
    w.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longTasks.push(e.duration);
    }).observe({ type: 'longtask' });
  });
}

/** The long tasks recorded since the last call, then forgotten. */
function takeLongTasks(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks.splice(0));
}

async function sample(page: Page, update: number, started: number): Promise<Sample> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('Performance.enable');
  const { metrics } = await cdp.send('Performance.getMetrics');
  await cdp.detach();
  const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? NaN;
  const worker = await page.evaluate(() => (globalThis as unknown as { greenhouseHooks: { diagnostics(): Promise<WorkerDiagnostics> } }).greenhouseHooks.diagnostics());
  const long = await takeLongTasks(page);
  return {
    update,
    pageHeapBytes: metric('JSHeapUsedSize'),
    domNodes: await page.evaluate(() => document.getElementsByTagName('*').length),
    gpuBuffers: worker.gpuBuffers,
    workerHeapBytes: worker.heapBytes,
    longTasks: long.filter((d) => d > 50).length,
    longestTaskMs: Math.max(0, ...long),
    seconds: (performance.now() - started) / 1000,
  };
}

const shownUpdate = async (page: Page) => Number(await page.getByTestId('update').innerText().catch(() => '0'));

export async function soakMain(argv: readonly string[], log: (line: string) => void, json: boolean): Promise<void> {
  const updates = Number(argv[argv.indexOf('--soak') + 1]);
  if (!Number.isInteger(updates) || updates < 1) throw new Error(`--soak: expected a number of updates, got '${argv[argv.indexOf('--soak') + 1] ?? ''}'`);
  const backendAt = argv.indexOf('--backend');
  const backend = backendAt >= 0 ? argv[backendAt + 1] : 'webgpu';
  if (backend !== 'webgpu' && backend !== 'cpu') throw new Error(`--backend: webgpu or cpu, got '${backend}'`);
  log('building the app...');
  await build({ logLevel: 'error' });
  const h = await startE2e();
  try {
    const link = encodeLink({ ...DEFAULT_CONFIG, env: 'click-button', model: 'tiny', group: 8, tasks: 4, bcSteps: 10, bcLr: 0.005, lr: 0.003, backend, updates, checkpointEvery: 25, seed: 1 });
    const { page, problems } = await openPage(h, `#${link}`);
    await watchLongTasks(page);
    await page.getByTestId('train').click();
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="update"]')?.textContent ?? 0) >= 1, undefined, { timeout: 300_000 });
    const started = performance.now();
    await takeLongTasks(page); // start-up (BC, the first chart data) is one-time
    const samples: Sample[] = [await sample(page, await shownUpdate(page), started)];
    log(`soak: ${updates} updates of first-steps on ${backend} in the page; a sample every ${EVERY} updates`);
    log('update  page heap MB  DOM nodes  GPU buffers  worker heap MB  long tasks (max ms)  s');
    const show = (s: Sample) =>
      log(`${String(s.update).padStart(6)}  ${(s.pageHeapBytes / 2 ** 20).toFixed(2).padStart(12)}  ${String(s.domNodes).padStart(9)}  ${String(s.gpuBuffers ?? '-').padStart(11)}  ${(s.workerHeapBytes === null ? '-' : (s.workerHeapBytes / 2 ** 20).toFixed(2)).padStart(14)}  ${`${s.longTasks} (${s.longestTaskMs.toFixed(0)})`.padStart(19)}  ${s.seconds.toFixed(0)}`);
    show(samples[0]);
    for (let next = EVERY; next <= updates; next += EVERY) {
      await page.waitForFunction((k) => Number(document.querySelector('[data-testid="update"]')?.textContent ?? 0) >= k, next, { timeout: 600_000, polling: 200 });
      samples.push(await sample(page, await shownUpdate(page), started));
      show(samples[samples.length - 1]);
    }
    await page.locator('[data-testid="status"][data-phase="done"]').waitFor({ timeout: 600_000 });
    const first = samples[0];
    const last = samples[samples.length - 1];
    const perUpdate = (last.pageHeapBytes - first.pageHeapBytes) / Math.max(1, last.update - first.update);
    const summary = {
      updates,
      backend,
      pageHeapGrowthBytesPerUpdate: perUpdate,
      domNodesFirstLast: [first.domNodes, last.domNodes],
      gpuBuffersFirstLast: [first.gpuBuffers, last.gpuBuffers],
      longTasks: samples.reduce((n, s) => n + s.longTasks, 0),
      longestTaskMs: Math.max(...samples.map((s) => s.longestTaskMs)),
      problems,
    };
    log(`page heap ${(perUpdate / 1024).toFixed(1)} KB per update; DOM ${first.domNodes} -> ${last.domNodes} nodes; GPU buffers ${first.gpuBuffers ?? '-'} -> ${last.gpuBuffers ?? '-'}; ${summary.longTasks} long tasks after the first update (longest ${summary.longestTaskMs.toFixed(0)} ms); ${problems.length} console errors`);
    if (json) process.stdout.write(`${JSON.stringify({ soak: summary, samples })}\n`);
  } finally {
    await h.close();
  }
}
