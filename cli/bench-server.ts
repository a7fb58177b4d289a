// npm run bench -- --server [--sessions 1,64,512] [--env ID] [--format greenhouse|browsergym] [--seconds S] [--json]:
// env steps per second through the env server's batch endpoint, as a rollout worker sees it. The server runs in
// its own process (one Node thread: one core for the envs and the JSON), the client here steps every session once
// per POST /batch with a random click on the page it was shown (a reset when its episode ended), over
// keep-alive HTTP on 127.0.0.1. Reported per session count: steps/s, and p50/p99 latency of one batch.

import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { ENV_SPECS } from '../src/envs/registry';
import { Rng } from '../src/core/rng';
import { parsePositive, readFlags, UsageError } from './flags';

export interface ServerBenchRow {
  sessions: number;
  format: string;
  stepsPerS: number;
  resetsPerS: number;
  /** Env steps per CPU second of the server process: the rate one core gives, whatever else the machine runs. */
  stepsPerCpuS: number;
  /** The server's CPU seconds per wall second while measured (1 = it had a core to itself). */
  serverCpuShare: number;
  batches: number;
  p50Ms: number;
  p99Ms: number;
}

interface Live {
  session: string;
  ids: number[];
  over: boolean;
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function post(port: number, path: string, body: unknown, method = 'POST'): Promise<{ status: number; json: unknown }> {
  const text = body === undefined ? '' : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, agent, headers: text ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
    });
    req.on('error', reject);
    req.end(text);
  });
}

/** Starts `npm run serve` on a free port in a child process; resolves with the port once it listens. */
export function startServer(extraArgs: readonly string[] = []): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', './scripts/register-raw.mjs', 'cli/serve.ts', '--port', '0', ...extraArgs], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /on http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.on('exit', (code) => reject(new Error(`the server exited (${code}) before listening: ${out}`)));
  });
}

function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** Steps every session once per batch for `seconds` after a warm-up; returns the rates and batch latencies. */
async function measure(port: number, count: number, envs: readonly string[], format: string, seconds: number): Promise<ServerBenchRow> {
  const rng = Rng.fromSeed(count).split('server-bench');
  const live: Live[] = [];
  for (let k = 0; k < count; k++) {
    const r = await post(port, '/sessions', { env: envs[k % envs.length], seed: k, format });
    if (r.status !== 201) throw new Error(`creating a session failed: ${JSON.stringify(r.json)}`);
    const body = r.json as { session: string; observation: unknown };
    live.push({ session: body.session, ids: idsOf(body.observation), over: false });
  }
  const latencies: number[] = [];
  let steps = 0;
  let resets = 0;
  const warmUntil = performance.now() + Math.min(1000, seconds * 250);
  let start = 0;
  let cpuStart = 0;
  for (let now = performance.now(); start === 0 || now - start < seconds * 1000; now = performance.now()) {
    if (start === 0 && now >= warmUntil) {
      [start, steps, resets, latencies.length] = [now, 0, 0, 0];
      cpuStart = await serverCpu(port);
    }
    const ops = live.map((l) => (l.over ? { session: l.session, reset: {} } : { session: l.session, action: click(l, rng, format) }));
    const t0 = performance.now();
    const r = await post(port, '/batch', { ops });
    latencies.push(performance.now() - t0);
    const results = (r.json as { results: { observation: unknown; terminated?: boolean; truncated?: boolean; error?: unknown }[] }).results;
    results.forEach((res, k) => {
      if (res.error) throw new Error(`batch op failed: ${JSON.stringify(res.error)}`);
      if (ops[k].action === undefined) resets++;
      else steps++;
      live[k].over = Boolean(res.terminated || res.truncated);
      live[k].ids = idsOf(res.observation);
    });
  }
  const elapsed = (performance.now() - start) / 1000;
  const cpu = (await serverCpu(port)) - cpuStart;
  for (const l of live) await post(port, `/sessions/${l.session}`, undefined, 'DELETE');
  latencies.sort((a, b) => a - b);
  return { sessions: count, format, stepsPerS: steps / elapsed, resetsPerS: resets / elapsed, stepsPerCpuS: steps / cpu, serverCpuShare: cpu / elapsed, batches: latencies.length, p50Ms: percentile(latencies, 0.5), p99Ms: percentile(latencies, 0.99) };
}

async function serverCpu(port: number): Promise<number> {
  return ((await post(port, '/health', undefined, 'GET')).json as { cpuSeconds: number }).cpuSeconds;
}

function idsOf(observation: unknown): number[] {
  const o = observation as { elements?: { id: number }[]; axtree_txt?: string };
  if (o.elements) return o.elements.map((e) => e.id);
  return [...(o.axtree_txt ?? '').matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
}

function click(l: Live, rng: Rng, format: string): string {
  const id = l.ids.length > 0 ? rng.pick(l.ids) : 1;
  return format === 'browsergym' ? `click('${id}')` : `click(${id})`;
}

export async function serverBenchMain(argv: readonly string[], log: (s: string) => void, json: boolean): Promise<void> {
  const flags = readFlags(argv.filter((a) => a !== '--server' && a !== '--json'), ['--sessions', '--env', '--format', '--seconds']);
  const counts = (flags.get('--sessions') ?? '1,64,512').split(',').map((s) => parsePositive('--sessions', s, true));
  const format = flags.get('--format') ?? 'greenhouse';
  if (format !== 'greenhouse' && format !== 'browsergym') throw new UsageError(`--format: greenhouse or browsergym, got '${format}'`);
  const envs = flags.has('--env') ? [flags.get('--env')!] : ENV_SPECS.map((s) => s.id);
  const seconds = flags.has('--seconds') ? parsePositive('--seconds', flags.get('--seconds'), false) : 3;
  const { child, port } = await startServer(['--max-sessions', String(Math.max(...counts) + 16)]);
  const rows: ServerBenchRow[] = [];
  try {
    for (const count of counts) {
      const row = await measure(port, count, envs, format, seconds);
      rows.push(row);
      log(`${count} sessions (${format}, ${envs.length === 1 ? envs[0] : `${envs.length} envs round-robin`}): ${row.stepsPerS.toFixed(0)} steps/s (+ ${row.resetsPerS.toFixed(0)} resets/s), ${row.stepsPerCpuS.toFixed(0)} steps per server CPU second (server had ${(row.serverCpuShare * 100).toFixed(0)}% of a core), batch p50 ${row.p50Ms.toFixed(2)} ms, p99 ${row.p99Ms.toFixed(2)} ms`);
    }
  } finally {
    child.kill('SIGTERM');
    agent.destroy();
  }
  if (json) process.stdout.write(JSON.stringify({ server: rows }, null, 1) + '\n');
  else console.table(rows.map((r) => ({ sessions: r.sessions, format: r.format, 'steps/s': Math.round(r.stepsPerS), 'resets/s': Math.round(r.resetsPerS), 'steps/CPU-s': Math.round(r.stepsPerCpuS), 'server CPU share': +r.serverCpuShare.toFixed(2), 'p50 ms': +r.p50Ms.toFixed(2), 'p99 ms': +r.p99Ms.toFixed(2), batches: r.batches })));
}
