// A seeded two-agent chain (planner -> executor on flight-booking): two runs are equal, and each agent's GRPO batch puts
// loss weight only on its own generated tokens, with the other agent's text (the plan) in its context at weight 0.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validateConfig } from '../../src/core/config';
import type { Config } from '../../src/core/config-table';
import type { StepHyper, TrainBatch } from '../../src/model/policy-api';
import { TransformerPolicy } from '../../src/model/policy';
import { AgentRunner } from '../../src/multi/agent';
import { localHost } from '../../src/multi/local';
import { TeamTrainer, type TeamReport } from '../../src/multi/team';
import type { EpisodeRecord } from '../../src/rl/rollout';
import { getEnvSpec } from '../../src/envs/registry';
import { Tokenizer } from '../../src/model/tokenizer';
import { teamVocab } from '../../src/multi/language';

function chainConfig(): Config {
  const r = validateConfig({ env: 'flight-booking', workflow: 'chain', model: 'tiny', backend: 'cpu', group: 2, tasks: 1, bcSteps: 2, maxTurns: 4, beta: 0.01, seed: 5 });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.config;
}

async function run(updates: number): Promise<TeamReport[]> {
  const team = await TeamTrainer.create(chainConfig(), localHost);
  const out: TeamReport[] = [];
  for (let u = 0; u < updates; u++) out.push(await team.step());
  await team.dispose();
  return out;
}

const deterministic = (r: TeamReport) => ({ ...r, metrics: Object.fromEntries(Object.entries(r.metrics).filter(([k]) => !k.startsWith('perf/'))) });

/** Is `part` a contiguous run inside `whole`? */
function contains(whole: readonly number[], part: readonly number[]): boolean {
  return whole.some((_, i) => part.every((t, j) => whole[i + j] === t));
}

afterEach(() => vi.restoreAllMocks());

describe('chain team', () => {
  it("is deterministic, and puts each agent's loss weight only on its own tokens", async () => {
    const trains = vi.spyOn(AgentRunner.prototype, 'train');
    const steps = vi.spyOn(TransformerPolicy.prototype, 'trainStep');
    const [a, b] = [await run(2), await run(2)];
    expect(a.map(deterministic)).toEqual(b.map(deterministic));
    expect(a[0].episode.log.map((m) => m.agent)).toContain('planner');
    expect(Object.keys(a[0].metrics)).toEqual(expect.arrayContaining(['agent/planner/loss/policy', 'agent/executor/policy/entropy', 'team/success']));

    const grpo = steps.mock.calls.filter(([, hyper]: [TrainBatch, StepHyper]) => hyper.objective === 'grpo').map(([batch]) => batch);
    const agentCalls = trains.mock.calls.map(([episodes]) => episodes as readonly EpisodeRecord[]);
    expect(agentCalls).toHaveLength(8); // planner, executor (in workflow order) x 2 updates x 2 runs
    const [planner, executor] = agentCalls;
    for (const episodes of agentCalls) {
      const rows = episodes.flatMap((e) => e.turns);
      // the batch trained on for these episodes: the one whose rows are their turns, in order (beta > 0 keeps every row)
      const batch = grpo.find((x) => x.rows === rows.length && rows.every((t, n) => t.prompt.concat(t.action).every((tok, j) => x.tokens[n * x.width + j] === tok)));
      expect(batch, 'a GRPO batch for this agent').toBeDefined();
      rows.forEach((t, n) => {
        for (let j = 0; j < batch!.width; j++) {
          const own = j >= t.prompt.length && j < t.prompt.length + t.action.length;
          expect(batch!.weight[n * batch!.width + j] > 0, `row ${n} position ${j}`).toBe(own);
        }
      });
    }
    expect(planner.every((e) => e.turns.length === 1)).toBe(true); // one plan per episode
    // the plan without END; content words read as each context's own placeholders, so those compare as a class
    const tok = Tokenizer.fromJSON(teamVocab(getEnvSpec('flight-booking')).vocab);
    const shape = (ts: readonly number[]) => ts.map((t) => (tok.isPlaceholder(t) ? -1 : t));
    executor.forEach((e, i) => {
      const plan = planner[i].turns[0].action.slice(0, -1);
      expect(contains(shape(e.turns[0].prompt), shape(plan)), 'the plan sits in the executor context').toBe(true);
    });
  });
});
