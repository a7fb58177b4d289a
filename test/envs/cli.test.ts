// The envs CLI end to end: JSON shapes of list, expert, baselines, fuzz and bench, and exit status 2 on bad flags.

import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { ENV_IDS } from '../../src/envs/registry';

function envs(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--import', './scripts/register-raw.mjs', 'cli/envs.ts', ...args], { encoding: 'utf8' });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

describe('npm run envs', () => {
  it('lists every environment as JSON', () => {
    const r = envs('list', '--json');
    expect(r.status).toBe(0);
    const rows = JSON.parse(r.out) as { id: string; suite: string }[];
    expect(rows.map((x) => x.id)).toEqual([...ENV_IDS]);
    expect(rows[0]).toEqual({ id: 'click-button', suite: 'web', family: 'click-button', description: expect.any(String), maxTurns: expect.any(Number), miniwob: 'click-button', lesson: true, levels: expect.any(Number) });
    expect(rows.filter((x) => x.suite === 'game').map((x) => x.id)).toEqual(['card-battler', 'grid-world']);
  });

  it('reports the expert, the baselines, fuzz and the bench for one env as one object', () => {
    const e = envs('expert', '--env', 'email-inbox', '--seeds', '0-19', '--split', 'test', '--json');
    expect(e.status).toBe(0);
    expect(JSON.parse(e.out)).toEqual({ env: 'email-inbox', episodes: 20, successRate: 1 });
    const b = envs('baselines', '--env', 'click-button', '--seeds', '30', '--json');
    expect(b.status).toBe(0);
    expect(JSON.parse(b.out)).toEqual({
      env: 'click-button', split: 'test', episodes: 30, lesson: true, expert: 1, 'random-grammar': expect.any(Number),
      'random-legal': expect.any(Number), 'first-element': expect.any(Number), 'name-match': 1, broken: [],
    });
    const f = envs('fuzz', '--env=grid-world', '--seeds', '0-2', '--steps', '50', '--json');
    expect(JSON.parse(f.out)).toEqual({ env: 'grid-world', calls: expect.any(Number), threw: 0 });
    const t = envs('bench', '--env', 'enter-text', '--seconds', '0.05', '--windows', '1', '--json');
    const row = JSON.parse(t.out) as { trainerStepsPerSecond: number; rawStepsPerSecond: number };
    expect(row).toEqual({ env: 'enter-text', trainerStepsPerSecond: expect.any(Number), rawStepsPerSecond: expect.any(Number), stepsPerEpisode: expect.any(Number) });
    expect(row.trainerStepsPerSecond).toBeGreaterThan(0);
  });

  it('exits with 2 naming a bad flag or value', () => {
    expect(envs('expert', '--env', 'nope')).toMatchObject({ status: 2, err: expect.stringContaining("--env: unknown environment 'nope'") });
    expect(envs('fuzz', '--steps', '-3')).toMatchObject({ status: 2, err: expect.stringContaining("--steps: expected a positive integer, got '-3'") });
    expect(envs('list', '--fast')).toMatchObject({ status: 2, err: expect.stringContaining("list: unknown flag '--fast'") });
    expect(envs('expert', '--seeds', '9-2')).toMatchObject({ status: 2, err: expect.stringContaining('--seeds: the range 9-2 is empty') });
    expect(envs('train')).toMatchObject({ status: 2, err: expect.stringContaining("unknown command 'train'") });
    expect(envs('baselines', '--split', 'dev')).toMatchObject({ status: 2, err: expect.stringContaining("--split: expected train or test, got 'dev'") });
  });
});
