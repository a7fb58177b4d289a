// The MCTS skill agent and the flat random baseline on a three-square line (line-env.ts), with the searches small
// enough to follow by hand: which skill each decision picks, the lookahead it spent, and the episode's end.

import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN, evaluateAgent, runMctsEpisode, runRandomEpisode, type EpisodeResult, type PlanOptions } from '../../src/skills/mcts';
import { clickLine, forkTask, lineSkill, lineTask, pairTask, winTask } from './line-env';

/** A plan of `simulations` simulations of `depth` skills; widen 10 lets every edge compete from the first visit. */
const plan = (simulations: number, depth: number, over: Partial<PlanOptions> = {}): PlanOptions => ({ ...DEFAULT_PLAN, simulations, depth, widen: 10, ...over });

const forward = lineSkill('forward', ['Forward'], 0.5);
const leap = lineSkill('leap', ['Leap'], 0.9);
const stay = lineSkill('stay', ['Stay'], 0.8);

describe('runMctsEpisode', () => {
  it('keeps its documented defaults', () => {
    expect(DEFAULT_PLAN).toEqual({ simulations: 256, depth: 8, c: 0.5, maxBranch: 48, gamma: 0.97, widen: 1 });
  });

  it('walks the only winning path: Forward three times', () => {
    const r = runMctsEpisode(lineTask, [forward, leap, stay], 1, plan(16, 4));
    expect(r).toMatchObject({ success: true, turns: 3, actions: ['click(2)', 'click(2)', 'click(2)'], chosen: ['forward', 'forward', 'forward'] });
    expect(r.lookahead).toBeGreaterThan(3);
  });

  it('values a failed episode at 0 whatever its progress (Leap reaches square 2, Forward square 1)', () => {
    // Each decision: leap first (fitness), then forward; leap's end is worth 0, forward's 0.97 * 0.9 * pos / 3 > 0.
    const r = runMctsEpisode(lineTask, [forward, leap], 1, plan(2, 1));
    expect(r).toMatchObject({ success: true, turns: 3, chosen: ['forward', 'forward', 'forward'], lookahead: 6 });
  });

  it('drops a skill that changes nothing, so an untried sibling is taken rather than it', () => {
    // One simulation a decision: it runs the fittest (stay), which leaves the page as it was and is dropped; forward,
    // next by fitness, is picked among the untried. Kept, stay (visited once) would win the tie and loop to the limit.
    const r = runMctsEpisode(lineTask, [lineSkill('stay', ['Stay'], 0.9), forward, lineSkill('leap', ['Leap'], 0.1)], 1, plan(1, 1, { widen: 1 }));
    expect(r).toMatchObject({ success: true, turns: 3, chosen: ['forward', 'forward', 'forward'], lookahead: 3 });
  });

  it('discounts by turns: Forward now beats Stay-then-Forward, which reaches the same square a turn later', () => {
    // stay-forward is expanded first (fitness) and kept (its sibling is not expanded yet); its value is
    // 0.97^2 * 0.3 = 0.282, forward's 0.97 * 0.3 = 0.291. Undiscounted (gamma 1) the two tie and the first wins.
    const skills = [lineSkill('stay-forward', ['Stay', 'Forward'], 0.9), forward];
    const r = runMctsEpisode(lineTask, skills, 1, plan(2, 1));
    expect(r).toMatchObject({ success: true, turns: 3, chosen: ['forward', 'forward', 'forward'], lookahead: 9 });
    const flat = runMctsEpisode(lineTask, skills, 1, plan(2, 1, { gamma: 1 }));
    expect(flat.chosen[0]).toBe('stay-forward');
  });

  it('expands at most maxBranch skills, the fittest', () => {
    const r = runMctsEpisode(lineTask, [forward, leap], 1, plan(2, 1, { maxBranch: 1 }));
    expect(r).toMatchObject({ success: false, turns: 1, chosen: ['leap'], lookahead: 1 });
  });

  it('treats the state of a skill that failed part-way as a dead end: the search goes no deeper', () => {
    // Forward runs, the missing button fails: the child (square 1) gets no edges, so 2 simulations of depth 2 cost
    // one lookahead step a decision; on square 2 Forward wins and the second step cannot run.
    const r = runMctsEpisode(lineTask, [lineSkill('forward-missing', ['Forward', 'Missing'], 0.9)], 1, plan(2, 2));
    expect(r).toMatchObject({ success: true, turns: 3, actions: ['click(2)', 'click(2)', 'click(2)'], chosen: ['forward-missing', 'forward-missing', 'forward-missing'], lookahead: 3 });
  });

  it('keeps a skill that ends the episode on an unchanged page (done differs from the start)', () => {
    const r = runMctsEpisode(winTask, [lineSkill('win', ['Win'], 0.5, 'win')], 1, plan(1, 1));
    expect(r).toMatchObject({ success: true, turns: 1, chosen: ['win'], lookahead: 1 });
  });

  it('keeps a sibling that reaches the same page and turn when one wins and the other fails', () => {
    // lose is expanded first (fitness); win ends on the same page in as many turns but succeeds, so it stays and wins.
    const skills = [lineSkill('lose', ['Lose'], 0.9, 'pair'), lineSkill('win', ['Win'], 0.5, 'pair')];
    const r = runMctsEpisode(pairTask, skills, 1, plan(2, 1));
    expect(r).toMatchObject({ success: true, turns: 1, chosen: ['win'], lookahead: 2 });
  });

  it('values a success at 1, above full progress without it (0.9)', () => {
    // full (fittest) reaches progress 1 on a new page: 0.97 * 0.9 + novelty; win succeeds on the start's page: 0.97.
    const skills = [lineSkill('full', ['Full'], 0.9, 'pair'), lineSkill('win', ['Win'], 0.5, 'pair')];
    expect(runMctsEpisode(pairTask, skills, 1, plan(2, 1))).toMatchObject({ success: true, turns: 1, chosen: ['win'], lookahead: 2 });
  });

  it('widens progressively: a node visited n times chooses among its ceil(widen * sqrt(n + 1)) fittest skills', () => {
    // Simulation 2 sees 1 visit: widen 1 gives ceil(sqrt 2) = 2 skills, so forward is tried; widen 0.5 gives 1, so
    // leap (fittest, worth 0) is searched twice and, the more searched of two worth 0, taken.
    const skills = [forward, leap];
    expect(runMctsEpisode(lineTask, skills, 1, plan(2, 1, { widen: 1 }))).toMatchObject({ success: true, chosen: ['forward', 'forward', 'forward'] });
    expect(runMctsEpisode(lineTask, skills, 1, plan(2, 1, { widen: 0.5 }))).toMatchObject({ success: false, turns: 1, chosen: ['leap'], lookahead: 1 });
  });

  it('runs a simulation depth skills deep: the first untried edge by UCT, then random ones', () => {
    // Forward only, 3 simulations of depth 2: the first expands squares 1 and 2 (2 steps), the others reuse them.
    // From square 1 the same: 2 steps; from square 2 the first simulation wins at once: 1 step. 2 + 2 + 1 = 5.
    const r = runMctsEpisode(lineTask, [forward], 1, plan(3, 2));
    expect(r).toMatchObject({ success: true, turns: 3, chosen: ['forward', 'forward', 'forward'], lookahead: 5 });
  });

  describe('between two skills that both lose (worth 0), one through a new page (novelty 0.05), one back on the start page', () => {
    const lose = lineSkill('lose', ['Lose'], 0.9, 'pair');
    const fullLose = lineSkill('full-lose', ['Full', 'Lose'], 0.5, 'pair');

    it('takes, searched equally, the more novel', () => {
      // One simulation each: equal best, equal visits; full-lose's novelty 0.05 beats lose's 0 (its page was seen).
      expect(runMctsEpisode(pairTask, [lose, fullLose], 1, plan(2, 1))).toMatchObject({ success: false, turns: 2, chosen: ['full-lose'], lookahead: 3 });
    });

    it('searches the more novel again (UCT: best + novelty / n + c sqrt(ln N / n)) and takes the more searched', () => {
      // Simulation 3: lose 0 + 0 + 0.5 sqrt(ln 3) = 0.524, full-lose 0 + 0.05 + 0.524 = 0.574; then full-lose has 2 visits.
      expect(runMctsEpisode(pairTask, [lose, fullLose], 1, plan(3, 1))).toMatchObject({ turns: 2, chosen: ['full-lose'], lookahead: 3 });
    });

    it('takes the more searched over the more novel', () => {
      // widen 0.5: 4 simulations see only lose (ceil(0.5 sqrt(n + 1)) = 1 up to n = 3), the fifth tries full-lose.
      expect(runMctsEpisode(pairTask, [lose, fullLose], 1, plan(5, 1, { widen: 0.5 }))).toMatchObject({ turns: 1, chosen: ['lose'], lookahead: 3 });
    });
  });

  it('ignores the skills of other families and falls back to atomic actions', () => {
    const other = lineSkill('forward', ['Forward'], 0.5, 'other');
    const r = runMctsEpisode(clickLine, [other], 4, plan(2, 1));
    expect(r.chosen.length).toBeGreaterThan(0);
    expect(r.chosen.every((c) => c === 'atomic')).toBe(true);
    expect(r.lookahead).toBe(0);
  });

  it('stops when no skill applies and the action language has no verb to write', () => {
    const r = runMctsEpisode({ ...lineTask, actions: [] }, [], 1, plan(2, 1));
    expect(r).toEqual({ success: false, turns: 0, actions: [], chosen: [], lookahead: 0 });
  });

  it('is deterministic for a seed', () => {
    const a = runMctsEpisode(clickLine, [], 7, plan(4, 2));
    expect(runMctsEpisode(clickLine, [], 7, plan(4, 2))).toEqual(a);
  });
});

describe('runRandomEpisode', () => {
  it('takes the first action of the best rollout: Forward, found among 40 one-step rollouts each time', () => {
    // A one-step rollout clicks one of the 3 buttons; Forward's value (0.9 * (pos + 1) / 3 + 0.05, or 1.05 when it
    // wins) beats Stay's (no novelty) and Leap's (a failure: 0). 3 decisions of 40 rollouts of 1 step: 120 steps.
    const r = runRandomEpisode(clickLine, 1, 40, 1);
    expect(r).toEqual({ success: true, turns: 3, actions: ['click(2)', 'click(2)', 'click(2)'], chosen: ['atomic', 'atomic', 'atomic'], lookahead: 120 });
  });

  it('values a one-step rollout by its novelty, none for a failure: There (0.05) over Here and Drop (0)', () => {
    // Seed 9's four rollouts draw Drop before There: worth as much, Drop (a new page, but a failure) would be taken.
    expect(runRandomEpisode(forkTask, 9, 4, 1)).toEqual({ success: false, turns: 1, actions: ['click(2)'], chosen: ['atomic'], lookahead: 4 });
  });

  it('ends a rollout when its episode ends', () => {
    // Every click on the one-button task wins: 4 rollouts of at most 3 steps spend 1 step each.
    expect(runRandomEpisode(winTask, 1, 4, 3)).toEqual({ success: true, turns: 1, actions: ['click(1)'], chosen: ['atomic'], lookahead: 4 });
  });

  it('stops when the action language has no verb to write', () => {
    expect(runRandomEpisode({ ...lineTask, actions: [] }, 1, 4, 2)).toEqual({ success: false, turns: 0, actions: [], chosen: [], lookahead: 0 });
  });
});

describe('evaluateAgent', () => {
  const result = (success: boolean, turns: number, lookahead: number): EpisodeResult => ({ success, turns, actions: [], chosen: [], lookahead });

  it('averages successes, turns and lookahead over the seeds', () => {
    const bySeed: Record<number, EpisodeResult> = { 1: result(true, 2, 10), 2: result(false, 6, 30), 3: result(true, 4, 20), 4: result(false, 4, 0) };
    expect(evaluateAgent([1, 2, 3, 4], (s) => bySeed[s])).toEqual({ episodes: 4, successes: 2, successRate: 0.5, meanTurns: 4, meanLookahead: 15 });
  });

  it('gives zeros, not NaN, over no seeds', () => {
    expect(evaluateAgent([], () => result(true, 1, 1))).toEqual({ episodes: 0, successes: 0, successRate: 0, meanTurns: 0, meanLookahead: 0 });
  });
});
