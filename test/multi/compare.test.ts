// A test-sized team run reports the team's success next to both baselines (a single agent of about the team's size,
// and majority voting without interaction), whichever wins; and the CLI prints it per update and in its summary.
import { spawnSync } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { validateConfig } from '../../src/core/config';
import { AgentRunner } from '../../src/multi/agent';
import { localHost } from '../../src/multi/local';
import { AGENT_METRICS, TEAM_METRICS, TeamTrainer } from '../../src/multi/team';

const CLI = ['--import', './scripts/register-raw.mjs', 'cli/train.ts'];

describe('team against baselines', () => {
  it('debate on read-table, seed 3: team success after 2 updates next to both baselines', async () => {
    const r = validateConfig({ env: 'read-table', workflow: 'debate', agents: 3, rounds: 1, alloc: 'own', model: 'tiny', backend: 'cpu', group: 2, tasks: 2, bcSteps: 4, bcLr: 0.005, lr: 0.003, seed: 3 });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const team = await TeamTrainer.create(r.config, localHost);
    expect(team.singleModel).toBe('tiny'); // 3 x ~39k params is nearer tiny than small (~0.9M)
    const reports = [await team.step(), await team.step()];
    await team.dispose();
    const m = reports[1].metrics;
    for (const k of ['team/success', 'baseline/single/success', 'baseline/vote/success']) {
      expect(m[k], k).toBeGreaterThanOrEqual(0);
      expect(m[k], k).toBeLessThanOrEqual(1);
      expect(Number.isInteger(m[k] * 4), `${k} is a share of 4 episodes`).toBe(true);
    }
    for (const a of ['p1', 'p2', 'p3']) for (const k of AGENT_METRICS) expect(Number.isFinite(m[`agent/${a}/${k}`]), `agent/${a}/${k}`).toBe(true);
    const shares = ['p1', 'p2', 'p3'].map((a) => m[`agent/${a}/reward/share`]);
    expect(shares.every((s) => s === 0) || Math.abs(shares.reduce((x, y) => x + Math.abs(y), 0) - 1) < 1e-9).toBe(true);
    // the message log: every proposer twice (two rounds) on the first turn, each with a reward
    const log = reports[0].episode;
    expect(log.log.filter((x) => x.turn === 0).map((x) => `${x.agent}/${x.round}`)).toEqual(['p1/0', 'p2/0', 'p3/0', 'p1/1', 'p2/1', 'p3/1']);
    expect(Object.keys(log.rewards)).toEqual(['p1', 'p2', 'p3']);
  });

  it('a frozen agent acts and is credited but never trains', async () => {
    const r = validateConfig({ env: 'read-table', workflow: 'debate', model: 'tiny', backend: 'cpu', group: 2, tasks: 1, bcSteps: 1, seed: 2 });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    const agents = [
      { name: 'learner', role: 'proposer', model: 'tiny', trainable: true },
      { name: 'frozen', role: 'proposer', model: 'tiny', trainable: false },
    ] as const;
    const trains = vi.spyOn(AgentRunner.prototype, 'train');
    const team = await TeamTrainer.create(r.config, localHost, { shape: 'debate', agents: [...agents], edges: [], rounds: 1, aggregate: 'vote' });
    const { metrics, episode } = await team.step();
    await team.dispose();
    expect(trains).toHaveBeenCalledTimes(1);
    expect(Object.keys(metrics).filter((k) => k.startsWith('agent/frozen/'))).toEqual(['agent/frozen/reward/mean', 'agent/frozen/reward/share', 'agent/frozen/success']);
    expect(typeof metrics['agent/learner/loss/policy']).toBe('number');
    expect(episode.log.filter((m) => m.turn === 0).map((m) => `${m.agent}/${m.round}`)).toEqual(['learner/0', 'frozen/0', 'learner/1', 'frozen/1']);
    trains.mockRestore();
  });

  it('the CLI prints per-agent metrics, the team and both baselines', () => {
    const args = ['--preset', 'mixture', '--bcSteps', '2', '--updates', '2', '--group', '2', '--tasks', '1', '--json'];
    const r = spawnSync('npx', ['tsx', ...CLI, ...args], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/success over the last 2 updates: team \d\.\d{3}, single agent \(tiny\) \d\.\d{3}, majority vote \d\.\d{3}/);
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, number>);
    expect(lines.map((l) => l.update)).toEqual([0, 1]);
    for (const l of lines) {
      for (const k of TEAM_METRICS) expect(typeof l[k], k).toBe('number');
      for (const a of ['p1', 'p2', 'p3', 'aggregator']) for (const k of AGENT_METRICS) expect(typeof l[`agent/${a}/${k}`], `agent/${a}/${k}`).toBe('number');
    }
  });
});
