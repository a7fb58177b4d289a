// `npm run train`: flags derived from the config table, presets and variants, links, exit status 2 on a
// bad flag or value, and one JSON object per update with every metric.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeLink } from '../../src/core/share-link';
import { CONFIG_TABLE } from '../../src/core/config-table';
import { METRIC_NAMES } from '../../src/rl/metrics';
import { PRESETS } from '../../src/rl/presets';
import { helpText, parseArgs } from '../../cli/train';
import { tinyConfig } from './helpers';

const CLI = ['--import', './scripts/register-raw.mjs', 'cli/train.ts'];
const tsx = (args: string[]) => spawnSync('npx', ['tsx', ...CLI, ...args], { encoding: 'utf8', cwd: process.cwd() });

describe('train CLI arguments', () => {
  it('every config key is a flag, and the help lists them', () => {
    for (const p of CONFIG_TABLE) expect(helpText()).toContain(`--${p.key}`);
    const c = parseArgs(['--group', '16', '--adv', 'rloo', '--async', '--beta=0.04', '--hide', 'charts,share']);
    expect(c.kind === 'train' && c.runs[0].config).toMatchObject({ group: 16, adv: 'rloo', async: true, beta: 0.04, hide: ['charts', 'share'] });
  });

  it('bad flags and values are named', () => {
    expect(() => parseArgs(['--nope', '1'])).toThrow(/--nope/);
    expect(() => parseArgs(['--group', 'x'])).toThrow(/--group 'x': must be an integer from 2 to 64/);
    expect(() => parseArgs(['--agg', 'sum'])).toThrow(/--agg 'sum': must be one of: grpo, bnpo, dr_grpo, dapo, token_mean/);
    expect(() => parseArgs(['--lr'])).toThrow(/--lr needs a value/);
    expect(() => parseArgs(['--preset', 'first-steps', '--variant', 'G2'])).toThrow(/--variant 'G2'/);
    expect(() => parseArgs(['--group', '64', '--tasks', '64'])).toThrow(/512/);
    expect(() => parseArgs(['--resume', 'x.ckpt', '--lr', '0.1'])).toThrow(/--lr cannot be used with --resume/);
  });

  it('presets run their variants in turn; flags override them; a link gives the whole config', () => {
    for (const p of PRESETS) {
      const c = parseArgs(['--preset', p.name, '--seed', '3']);
      expect(c.kind === 'train' && c.runs.map((r) => r.label)).toEqual(p.variants ? p.variants.map((v) => v.name) : ['']);
      if (c.kind === 'train') for (const r of c.runs) expect(r.config.seed).toBe(3);
    }
    const g = parseArgs(['--preset', 'group-size', '--variant', 'G16']);
    expect(g.kind === 'train' && g.runs.map((r) => r.config.group)).toEqual([16]);
    const config = tinyConfig({ group: 6 });
    const l = parseArgs(['--link', `https://x.test/#${encodeLink(config)}`, '--updates', '2']);
    expect(l.kind === 'train' && l.runs[0].config).toEqual({ ...config, updates: 2 });
  });
});

describe('train CLI process', () => {
  it('exits with status 2 and a message naming the bad flag', () => {
    const r = tsx(['--clipHigh', '9']);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("--clipHigh '9': must be a number from 0 to 5");
  });

  it('--json prints one object per update with every metric', () => {
    const out = execFileSync('npx', ['tsx', ...CLI, '--link', encodeLink(tinyConfig({ updates: 2, bcSteps: 1 })), '--json'], { encoding: 'utf8' });
    const lines = out.trim().split('\n').map((l) => JSON.parse(l) as Record<string, number>);
    expect(lines.map((l) => l.update)).toEqual([0, 1]);
    for (const l of lines) for (const name of METRIC_NAMES) expect(typeof l[name]).toBe('number');
  });

  it('--out writes a checkpoint that --resume continues from', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'gh-train-')), 'run.ckpt');
    execFileSync('npx', ['tsx', ...CLI, '--link', encodeLink(tinyConfig({ updates: 1, bcSteps: 1 })), '--json', '--out', file], { encoding: 'utf8' });
    const r = tsx(['--resume', file, '--updates', '2', '--json']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain('resumed at update 1');
    expect(r.stdout.trim().split('\n').map((l) => (JSON.parse(l) as { update: number }).update)).toEqual([1]);
  });
});
