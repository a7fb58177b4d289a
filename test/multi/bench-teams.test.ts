// The team bench's judge on made-up runs (met only when the trained team beats both baselines on every seed) and
// its configs (a team preset at 200 test tasks, evaluated once, after its last update; anything else named).
import { describe, expect, it } from 'vitest';
import { teamRunConfig, teamVerdict, TEAM_PRESETS, type TeamRun } from '../../cli/bench-teams';

const run = (seed: number, team: number, single: number, vote: number): TeamRun => ({
  preset: 'debate',
  seed,
  singleModel: 'tiny',
  parameters: { team: 3 },
  bc: { team: 0.5, single: 0.5, vote: 0.5 },
  trained: { team, single, vote },
  updates: 20,
  seconds: 1,
});

describe('team bench', () => {
  it('meets the target only when the team beats the single agent and the vote on every seed', () => {
    const won = teamVerdict('debate', [run(1, 0.9, 0.7, 0.3), run(2, 0.8, 0.79, 0.2)]);
    expect(won.met).toBe(true);
    expect(won.effect!.values.map((x) => +x.toFixed(2))).toEqual([0.2, 0.01]);
    expect(won.lines[1]).toBe('seed 2: after BC team 0.50 single 0.50 vote 0.50; after 20 updates team 0.80 single 0.79 vote 0.20 (margin 0.01)');
    expect(teamVerdict('debate', [run(1, 0.9, 0.7, 0.3), run(2, 0.8, 0.8, 0.2)]).met).toBe(false); // a tie is no win
    expect(teamVerdict('debate', [run(1, 0.9, 0.7, 0.95)]).met).toBe(false); // the vote wins
    expect(teamVerdict('debate', []).met).toBe(false);
  });

  it('runs each team preset at 200 test tasks, evaluated after its last update; names a preset that is not a team', () => {
    for (const p of TEAM_PRESETS) {
      const c = teamRunConfig(p, 2);
      expect([c.seed, c.backend, c.evalTasks, c.evalEvery, c.view, c.env]).toEqual([2, 'cpu', 200, c.updates, 'parts', 'long-page']);
    }
    expect(() => teamRunConfig('login', 1)).toThrow("--preset 'login': not a team preset (team presets: chain, debate, mixture)");
    expect(() => teamRunConfig('nope', 1)).toThrow(/--preset 'nope': not a team preset/);
  });
});
