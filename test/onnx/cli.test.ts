// `npm run export` and `npm run eval`: a checkpoint becomes an .onnx file that evaluates on an env with --json;
// bad flags exit 2 naming the flag; a file that is not an ONNX policy exits 1 saying why.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseArgs as parseEval } from '../../cli/eval';
import { parseArgs as parseExport } from '../../cli/export';
import { getEnvSpec } from '../../src/envs/registry';
import { checkContract } from '../../src/onnx/contract';
import { encodeCheckpoint } from '../../src/rl/checkpoint';
import { envOptionsFor } from '../../src/rl/rollout';
import { createTrainer } from '../../src/rl/setup';
import { tinyConfig } from '../rl/helpers';

/** Runs a CLI; resolves with its exit status and output (several run side by side). */
const tsx = (script: string, args: string[]) =>
  new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
    execFile(process.execPath, ['node_modules/tsx/dist/cli.mjs', '--import', './scripts/register-raw.mjs', `cli/${script}.ts`, ...args], { cwd: process.cwd() }, (err, stdout, stderr) =>
      resolve({ status: err ? Number(err.code) : 0, stdout, stderr }),
    );
  });

describe('export and eval CLIs', () => {
  it('bad flags are named', () => {
    expect(() => parseExport(['--checkpoint', 'a.ckpt'])).toThrow(/--out is required/);
    expect(() => parseExport(['--checkpoint', 'a', '--out', 'b', '--opset', '18'])).toThrow(/unknown flag '--opset'/);
    expect(() => parseEval(['--onnx', 'p.onnx', '--env', 'nope', '--seeds', '0-3'])).toThrow(/--env: unknown environment 'nope'/);
    expect(() => parseEval(['--onnx', 'p.onnx', '--env', 'click-button', '--seeds', '3-1'])).toThrow(/--seeds: the range 3-1 is empty/);
    expect(() => parseEval(['--onnx', 'p.onnx', '--env', 'click-button'])).toThrow(/--seeds is required/);
    expect(() => parseEval(['--onnx', 'p.onnx', '--env', 'click-button', '--seeds', '1', '--temperature', '-1'])).toThrow(/--temperature: expected a positive number/);
    expect(() => parseEval(['--onnx', 'p.onnx', '--env', 'click-button', '--seeds', '1', '--greedy=yes'])).toThrow(/--greedy takes no value/);
    expect(() => parseEval(['--onnx', 'p.onnx', '--env', 'click-button', '--seeds', '1', '--split', 'dev'])).toThrow(/--split: expected one of train, test, got 'dev'/);
    expect(() => parseEval(['--onnx', 'p.onnx', '--env', 'grid-world', '--seeds', '1', '--opt', 'size=3'])).toThrow(/--opt: grid-world: unknown option 'size'/);
    expect(() => parseEval(['--onnx', 'p.onnx', '--env', 'grid-world', '--seeds', '1', '--opt', 'level'])).toThrow(/--opt: expected name=value, got 'level'/);
    expect(() => parseEval(['--onnx', 'p.onnx', '--env', 'grid-world', '--seeds', '1', '--level', 'hard'])).toThrow(/--level: expected a non-negative integer/);
    expect(parseEval(['--onnx', 'p.onnx', '--env=grid-world', '--seeds', '2-4', '--greedy', '--json'])).toEqual({
      file: 'p.onnx',
      json: true,
      // Without --level or --opt the env plays its level 0.
      options: { env: 'grid-world', seeds: [2, 3, 4], split: 'test', envOptions: envOptionsFor(getEnvSpec('grid-world'), 0), greedy: true, skipRefused: false, fitArgs: false, temperature: 1, sampleSeed: 0 },
    });
    expect(parseEval(['--onnx', 'p.onnx', '--env', 'grid-world', '--seeds', '2', '--split', 'train', '--opt', 'doors=2', '--skip-refused', '--fit-args']).options).toMatchObject({ split: 'train', envOptions: { doors: 2 }, skipRefused: true, fitArgs: true });
  });

  it('a checkpoint exports to .onnx and evaluates on an env; exit statuses 2 and 1 on bad flags and files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gh-onnx-'));
    const { trainer } = await createTrainer(tinyConfig({ bcSteps: 0 }));
    writeFileSync(join(dir, 'run.ckpt'), encodeCheckpoint(await trainer.checkpoint()));
    trainer.dispose();
    const out = join(dir, 'policy.onnx');
    const [exported, badFlag, notOnnx, notCheckpoint] = await Promise.all([
      tsx('export', ['--checkpoint', join(dir, 'run.ckpt'), '--out', out]),
      tsx('eval', ['--onnx', out, '--env', 'click-button', '--seeds', 'x']),
      tsx('eval', ['--onnx', join(dir, 'run.ckpt'), '--env', 'click-button', '--seeds', '0']),
      tsx('export', ['--checkpoint', 'package.json', '--out', join(dir, 'x.onnx')]),
    ]);
    expect(exported.stderr).toBe('');
    expect(exported.stdout).toMatch(/wrote .*policy\.onnx .*click-button policy after 0 updates, dim 32, 2 layers/);
    expect(checkContract(new Uint8Array(readFileSync(out))).config.dim).toBe(32);
    expect(badFlag.status).toBe(2);
    expect(badFlag.stderr).toMatch(/--seeds: expected A-B/);
    expect(notOnnx.status).toBe(1);
    expect(notOnnx.stderr).toMatch(/run\.ckpt is refused: not an ONNX model/);
    expect(notCheckpoint.status).toBe(1);
    expect(notCheckpoint.stderr).toMatch(/checkpoint: not a Greenhouse checkpoint/);

    const evaluated = await tsx('eval', ['--onnx', out, '--env', 'click-button', '--seeds', '0-4', '--greedy', '--json']);
    expect(evaluated.status).toBe(0);
    const r = JSON.parse(evaluated.stdout) as { env: string; successRate: number; episodes: { seed: number; success: boolean; actions: string[] }[] };
    expect(r.env).toBe('click-button');
    expect(r.episodes.map((e) => e.seed)).toEqual([0, 1, 2, 3, 4]);
    // untrained, but grammar-constrained: every action starts with one of the env's verbs
    const verbs = getEnvSpec('click-button').actions.map((a) => `${a.verb}(`);
    expect(r.episodes.every((e) => e.actions.length >= 1 && e.actions.every((a) => verbs.some((v) => a.startsWith(v))))).toBe(true);
    expect(r.successRate).toBe(r.episodes.filter((e) => e.success).length / 5);
  });
});
