// A test-sized team run reports the team's success next to both baselines (a single agent of about the team's size,
// and majority voting without interaction), whichever wins, on training episodes and, every evalEvery updates, on the
// test split; and the CLI prints it per update and in its summary.
import { spawnSync } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { validateConfig } from '../../src/core/config';
import { AgentRunner } from '../../src/multi/agent';
import { localHost } from '../../src/multi/local';
import { AGENT_METRICS, TEAM_EVAL_METRICS, TEAM_METRICS, TeamTrainer } from '../../src/multi/team';

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

  it('evaluates the team and both baselines greedily on the test split every evalEvery updates, leaving training as it was', async () => {
    const base = { env: 'long-page', view: 'parts', difficulty: 1, workflow: 'mixture', model: 'tiny', backend: 'cpu', group: 2, tasks: 2, bcSteps: 4, seed: 5, updates: 3, evalTasks: 6 } as const;
    const run = async (evalEvery: number) => {
      const r = validateConfig({ ...base, evalEvery });
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
      const team = await TeamTrainer.create(r.config, localHost);
      const rows = [];
      for (let k = 0; k < 3; k++) rows.push((await team.step()).metrics);
      const again = [await team.evaluate(), await team.evaluate()];
      await team.dispose();
      return { rows, again };
    };
    const every2 = await run(2);
    // after updates 2 and 3 (the last), not after 1
    expect(every2.rows.map((m) => TEAM_EVAL_METRICS.every((k) => typeof m[k] === 'number'))).toEqual([false, true, true]);
    for (const k of TEAM_EVAL_METRICS.filter((k) => k !== 'perf/eval_ms')) {
      const x = every2.rows[2][k];
      expect(x >= 0 && x <= 1 && Number.isInteger(Math.round(x * 6 * 1e9) / 1e9), `${k} = ${x} is a share of 6 tasks`).toBe(true);
    }
    // the same parameters score the same: evaluation draws from streams of its own
    const { 'perf/eval_ms': _a, ...first } = every2.again[0];
    const { 'perf/eval_ms': _b, ...second } = every2.again[1];
    expect(second).toEqual(first);
    // training never sees the evaluations: without them every training metric is the same
    const never = await run(0);
    const training = (m: Record<string, number>) => Object.fromEntries(Object.entries(m).filter(([k]) => !k.includes('eval') && !k.startsWith('perf/')));
    expect(never.rows.map((m) => TEAM_EVAL_METRICS.some((k) => k in m))).toEqual([false, false, false]);
    expect(never.rows.map(training)).toEqual(every2.rows.map(training));
  }, 120_000);

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
