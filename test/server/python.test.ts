// The Python client's own tests (python/tests, standard library unittest) run against this server: started here on
// a free port of 127.0.0.1, its URL handed over as GREENHOUSE_URL, so `npm test` covers the Python side too.

import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../src/server/app';

let app: FastifyInstance;
let url: string;

beforeAll(async () => {
  app = buildServer().app;
  url = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => app.close());

/** Runs a command to its end without blocking the event loop (the server answers on it meanwhile). */
function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('Python client (python/greenhouse_envs)', () => {
  it('passes its unittest suite against the live server: Gymnasium-style env, TRL tools, verl agent loop', async () => {
    const env = { ...process.env, GREENHOUSE_URL: url, PYTHONDONTWRITEBYTECODE: '1' };
    const { code, output } = await run('python3', ['-W', 'error::ResourceWarning', '-m', 'unittest', 'discover', '-s', 'tests', '-t', '.', '-v'], 'python', env);
    expect(code, output).toBe(0);
    const ran = /Ran (\d+) tests?/.exec(output);
    expect(Number(ran?.[1]), output).toBeGreaterThanOrEqual(11);
    expect(output).toMatch(/\nOK\s*$/);
  });
});
