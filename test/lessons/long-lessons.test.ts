// The claims of the lessons with longer runs (the three stages, skills as macro-actions, a team against one agent:
// it loses on click-button, it wins on the long page, a quick config of the chain preset evaluated on the test split),
// checked on the seeds their links use: each test quotes the sentence it checks.
import { describe, expect, it } from 'vitest';
import { lessonConfig } from '../../src/lessons/lessons';
import { localHost } from '../../src/multi/local';
import { TeamTrainer } from '../../src/multi/team';
import { lesson, mean, says, stagesOf, train } from './claims';

describe('lesson three-stages', () => {
  const l = lesson('three-stages');

  it('marks all three stages in order within 60 updates; longer episodes at exploration; entropy falls, rises a little, settles lowest', async () => {
    says(l, 'On this run (seed 30) all three appear within the 60 updates, in order: skill acquisition, then exploration, then stabilisation.');
    says(l, 'At the exploration marker, success has stopped climbing and episodes take more turns than in the 5 updates before it.');
    says(l, 'On this run entropy falls most of the way during skill acquisition, rises a little in the updates after the exploration marker, and is lowest in stabilisation.');
    const run = await train(l, 'enter-text', 60);
    const stages = stagesOf(run);
    expect(stages.map((s) => s.stage)).toEqual(['acquisition', 'exploration', 'stabilisation']);
    expect(stages[2].update).toBeLessThanOrEqual(60);
    // 0-based indices of the exploration and stabilisation starts.
    const [explore, settle] = [stages[1].update - 1, stages[2].update - 1];
    const turns = run.metric('episode/turns');
    const before = (xs: number[]) => mean(xs.slice(explore - 5, explore));
    const after = (xs: number[]) => mean(xs.slice(explore, explore + 5));
    expect(after(turns), `turns ${turns}`).toBeGreaterThan(before(turns));
    const entropy = run.metric('policy/entropy');
    expect(before(entropy), 'entropy before exploration, against its first value').toBeLessThan(entropy[0] / 4);
    expect(after(entropy), `entropy ${entropy}`).toBeGreaterThan(before(entropy));
    expect(mean(entropy.slice(settle))).toBeLessThan(mean(entropy.slice(explore, settle)));
    expect(mean(entropy.slice(settle))).toBeLessThan(mean(entropy.slice(stages[0].update - 1, explore)));
  }, 300_000);
});

describe('lesson skills', () => {
  const l = lesson('skills');

  it('with skills: past 0.9 success within 10 updates, episodes from over 3 turns to under 1.5, mostly one skill; without: 0 and no signal', async () => {
    says(l, 'success passes 0.9 within its 10 updates, and episodes shrink from over 3 turns to under 1.5, most of them a single skill');
    says(l, 'success stays at 0 for all 10 updates, and every group has no signal');
    const withSkills = await train(l, 'with skills', 10);
    expect(Math.max(...withSkills.metric('episode/success'))).toBeGreaterThanOrEqual(0.9);
    const turns = withSkills.metric('episode/turns');
    expect(mean(turns.slice(0, 2)), `turns ${turns}`).toBeGreaterThan(3);
    expect(Math.max(...turns.slice(-5)), `turns ${turns}`).toBeLessThan(1.5);
    const last = withSkills.reports[9].episodes;
    const oneSkill = last.filter((e) => e.turns.length === 1 && /^skill\(\d+\)$/.test(e.turns[0].text));
    expect(oneSkill.length / last.length, 'episodes of the last update that are a single skill').toBeGreaterThan(0.5);
    const without = await train(l, 'without skills', 10);
    expect(without.metric('episode/success')).toEqual(new Array(10).fill(0));
    expect(without.metric('reward/frac_zero_std')).toEqual(new Array(10).fill(1));
  }, 300_000);
});

describe('lesson team', () => {
  const l = lesson('team');

  /** The run's team, single-agent and vote eval success (test split, greedy) after its second update. */
  async function evalAfterTwo(k: number, view: 'whole' | 'parts'): Promise<[number, number, number]> {
    const config = lessonConfig(l.runs[k]);
    expect([config.env, config.view, config.workflow, config.updates, config.evalTasks, config.seed]).toEqual(['long-page', view, 'chain', 2, 40, 1]);
    const team = await TeamTrainer.create(config, localHost);
    await team.step();
    const m = (await team.step()).metrics;
    await team.dispose();
    return [m['team/eval/success'], m['baseline/single/eval/success'], m['baseline/vote/eval/success']];
  }

  it('reading the same part, the team solves exactly as many test tasks as the single agent', async () => {
    says(l, 'the team solves 0.55 of the 40 test tasks, exactly as many as the single agent, and the vote none.');
    const [t, single, vote] = await evalAfterTwo(0, 'whole');
    expect(t, `team ${t}, single ${single}`).toBe(single);
    expect(t).toBeCloseTo(0.55, 2);
    expect(vote, 'vote').toBe(0);
  }, 300_000);

  it('each reading its own part, the team solves every test task, well past the single agent and the vote', async () => {
    says(l, 'the team solves all 40 test tasks, the single agent 0.55 and the vote 0.4.');
    const [t, single, vote] = await evalAfterTwo(1, 'parts');
    expect(t, 'team').toBe(1);
    expect(single, 'single agent').toBeCloseTo(0.55, 2);
    expect(vote, 'vote').toBeCloseTo(0.4, 2);
  }, 300_000);
});
