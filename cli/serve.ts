// `npm run serve -- [--host 127.0.0.1] [--port 8750] [--max-sessions N] [--idle-seconds S] [--body-limit BYTES]`:
// every environment over HTTP with JSON bodies (src/server), for Python trainers (python/greenhouse_envs).
// It binds to 127.0.0.1 unless told otherwise: it has no authentication and no TLS, so anyone who can reach the
// address it listens on can create sessions and spend this machine's CPU. A bad flag exits with status 2.

import { pathToFileURL } from 'node:url';
import { buildServer, DEFAULT_SERVER_OPTIONS, type ServerOptions } from '../src/server/app';
import { ENV_IDS } from '../src/envs/registry';
import { parseOrExplain, parsePositive, readFlags, UsageError } from './flags';

const USAGE = 'usage: npm run serve -- [--host 127.0.0.1] [--port 8750] [--max-sessions 4096] [--idle-seconds 900] [--body-limit 1048576]';

export interface ServeArgs extends ServerOptions {
  host: string;
  port: number;
}

export function parseArgs(argv: readonly string[]): ServeArgs {
  const flags = readFlags(argv, ['--host', '--port', '--max-sessions', '--idle-seconds', '--body-limit']);
  const port = Number(flags.get('--port') ?? 8750);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port: expected an integer from 0 to 65535, got '${flags.get('--port')}'`);
  const host = flags.get('--host') ?? '127.0.0.1';
  if (!/^[A-Za-z0-9.:[\]-]{1,253}$/.test(host)) throw new UsageError(`--host: expected a host name or IP address, got '${host}'`);
  const d = DEFAULT_SERVER_OPTIONS;
  return {
    host,
    port,
    maxSessions: flags.has('--max-sessions') ? parsePositive('--max-sessions', flags.get('--max-sessions'), true) : d.maxSessions,
    idleMs: flags.has('--idle-seconds') ? parsePositive('--idle-seconds', flags.get('--idle-seconds'), false) * 1000 : d.idleMs,
    bodyLimit: flags.has('--body-limit') ? parsePositive('--body-limit', flags.get('--body-limit'), true) : d.bodyLimit,
  };
}

/** Loopback addresses: only this machine can reach them. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || /^127\.\d+\.\d+\.\d+$/.test(host) || host === '::1' || host === '[::1]';
}

async function main(argv: readonly string[]): Promise<number> {
  const args = parseOrExplain('serve', USAGE, () => parseArgs(argv));
  if (!args) return 2;
  const { app } = buildServer(args);
  const address = await app.listen({ host: args.host, port: args.port });
  process.stdout.write(
    `Greenhouse env server on ${address} (${ENV_IDS.length} environments; at most ${args.maxSessions} sessions, ` +
      `closed after ${args.idleMs / 1000} s idle; bodies up to ${args.bodyLimit} bytes)\n`,
  );
  if (!isLoopback(args.host)) {
    process.stderr.write(
      `serve: WARNING: listening on ${args.host}, not on loopback. The server has no authentication and no TLS: anyone who can ` +
        'reach this address can create sessions, read every observation and spend this machine\'s CPU and memory up to the limits above. ' +
        'Expose it only inside a network you trust (a cluster\'s private network, an SSH tunnel).\n',
    );
  }
  const stop = () => void app.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).then(
    (code) => {
      if (code !== 0) process.exitCode = code;
    },
    (e) => {
      process.stderr.write(`serve: ${e instanceof Error ? e.message : String(e)}\n`);
      process.exitCode = 1;
    },
  );
}
