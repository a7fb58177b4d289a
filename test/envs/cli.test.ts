// The envs CLI end to end: JSON shapes of list, expert and fuzz, and exit status 2 on bad flags.

import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';

function envs(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--import', './scripts/register-raw.mjs', 'cli/envs.ts', ...args], { encoding: 'utf8' });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

describe('npm run envs', () => {
  it('lists every environment as JSON', () => {
    const r = envs('list', '--json');
    expect(r.status).toBe(0);
    const rows = JSON.parse(r.out) as { id: string; suite: string; family: string; description: string; maxTurns: number }[];
    expect(rows).toHaveLength(16);
    expect(rows[0]).toEqual({ id: 'click-button', suite: 'web', family: 'click-button', description: expect.any(String), maxTurns: 3 });
    expect(rows.filter((x) => x.suite === 'game').map((x) => x.id)).toEqual(['card-battler', 'grid-world']);
  });

  it('reports the expert and fuzz for one env as one object', () => {
    const e = envs('expert', '--env', 'email-inbox', '--seeds', '0-19', '--json');
    expect(e.status).toBe(0);
    expect(JSON.parse(e.out)).toEqual({ env: 'email-inbox', episodes: 20, successRate: 1 });
    const f = envs('fuzz', '--env=grid-world', '--seeds', '0-2', '--steps', '50', '--json');
    expect(JSON.parse(f.out)).toEqual({ env: 'grid-world', calls: expect.any(Number), threw: 0 });
  });

  it('exits with 2 naming a bad flag or value', () => {
    expect(envs('expert', '--env', 'nope')).toMatchObject({ status: 2, err: expect.stringContaining("--env: unknown environment 'nope'") });
    expect(envs('fuzz', '--steps', '-3')).toMatchObject({ status: 2, err: expect.stringContaining("--steps: expected a positive integer, got '-3'") });
    expect(envs('list', '--fast')).toMatchObject({ status: 2, err: expect.stringContaining("list: unknown flag '--fast'") });
    expect(envs('expert', '--seeds', '9-2')).toMatchObject({ status: 2, err: expect.stringContaining('--seeds: the range 9-2 is empty') });
    expect(envs('train')).toMatchObject({ status: 2, err: expect.stringContaining("unknown command 'train'") });
  });
});
