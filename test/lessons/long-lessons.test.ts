// The claims of the lessons with longer runs (the three stages, skills as macro-actions, a team against one agent),
// checked on the seeds their links use: each test quotes the sentence it checks.
import { describe, expect, it } from 'vitest';
import { lessonConfig } from '../../src/lessons/lessons';
import { localHost } from '../../src/multi/local';
import { TeamTrainer } from '../../src/multi/team';
import { lesson, mean, says, stagesOf, train } from './claims';

describe('lesson three-stages', () => {
  const l = lesson('three-stages');

  it('marks all three stages in order within 40 updates; episodes are longer around exploration than at the start', async () => {
    says(l, 'On this run (seed 1) all three appear within the 40 updates, in order: skill acquisition, then exploration, then stabilisation.');
    says(l, 'Around the exploration marker, episodes take more turns on average than at the start.');
    const run = await train(l, 'enter-text', 40);
    const stages = stagesOf(run);
    expect(stages.map((s) => s.stage)).toEqual(['acquisition', 'exploration', 'stabilisation']);
    expect(stages[2].update).toBeLessThanOrEqual(40);
    const turns = run.metric('episode/turns');
    const at = stages[1].update - 1;
    expect(mean(turns.slice(Math.max(0, at - 3), at + 4))).toBeGreaterThan(mean(turns.slice(0, 3)));
  }, 300_000);
});

describe('lesson skills', () => {
  const l = lesson('skills');

  it('with skills: past 0.9 success within 10 updates, about one turn an episode; without: 0 and no signal', async () => {
    says(l, 'success passes 0.9 within its 10 updates, and episodes shrink to about one turn, one skill');
    says(l, 'success stays at 0 for all 10 updates, and every group has no signal');
    const withSkills = await train(l, 'with skills', 10);
    expect(Math.max(...withSkills.metric('episode/success'))).toBeGreaterThanOrEqual(0.9);
    expect(Math.min(...withSkills.metric('episode/turns'))).toBeLessThanOrEqual(1.1);
    const without = await train(l, 'without skills', 10);
    expect(without.metric('episode/success')).toEqual(new Array(10).fill(0));
    expect(without.metric('reward/frac_zero_std')).toEqual(new Array(10).fill(1));
  }, 300_000);
});

describe('lesson team', () => {
  const l = lesson('team');

  it('the single agent solves about twice as many tasks as the team over the last 5 updates; the team is no better than the vote', async () => {
    says(l, 'Over the last 5 of the 10 updates, the single agent solves about twice as many tasks as the team, and the team does no better than the plain vote.');
    const config = lessonConfig(l.runs[0]);
    expect(config.updates).toBe(10);
    const team = await TeamTrainer.create(config, localHost);
    const rows: Record<string, number>[] = [];
    for (let k = 0; k < config.updates; k++) rows.push((await team.step()).metrics);
    await team.dispose();
    const last = (key: string) => mean(rows.slice(-5).map((r) => r[key]));
    const ratio = last('baseline/single/success') / last('team/success');
    expect(ratio, `single ${last('baseline/single/success')}, team ${last('team/success')}`).toBeGreaterThan(1.6);
    expect(ratio).toBeLessThan(2.5);
    expect(last('team/success')).toBeLessThanOrEqual(last('baseline/vote/success'));
  }, 300_000);
});
