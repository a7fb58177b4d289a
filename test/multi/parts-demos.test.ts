// Behaviour cloning in view 'parts': each role's demonstrations read what that role reads in the team (its part, the
// plan, the proposals and the elements they name), and a turn is kept only when the expert's element is in sight.
import { describe, expect, it } from 'vitest';
import type { Observation } from '../../src/envs/api';
import { getEnvSpec } from '../../src/envs/registry';
import { roleDemonstrator } from '../../src/multi/demos';
import type { PartsOfAgent } from '../../src/multi/view';
import type { Role } from '../../src/multi/workflow';
import { envOptionsFor, type AgentIO } from '../../src/rl/rollout';

const spec = getEnvSpec('long-page');
const envOptions = envOptionsFor(spec, 3); // 48 buttons
const SEEDS = Array.from({ length: 40 }, (_, i) => 500 + i);

/** An IO that keeps each prompt's goal and observation and encodes nothing. */
function recordingIO(): { io: AgentIO; read: { goal: string; ids: number[] }[] } {
  const read: { goal: string; ids: number[] }[] = [];
  const io: AgentIO = {
    vocab: [],
    maxActionTokens: 8,
    prompt(goal: string, obs: Observation) {
      read.push({ goal, ids: obs.elements.map((e) => e.id) });
      return { tokens: [1], words: [] };
    },
    decode: () => '',
    encodeAction: () => [2],
    allowed: () => () => null,
  };
  return { io, read };
}

function demos(role: Role, parts: PartsOfAgent) {
  const { io, read } = recordingIO();
  const plans: string[] = [];
  const demo = roleDemonstrator({ spec, envOptions, io, maxTurns: 3, role, peers: parts.proposals.length, parts, encodePlan: (p) => (plans.push(p), [2]) });
  const episodes = SEEDS.map((seed) => {
    const env = spec.create();
    env.reset({ seed, options: envOptions, split: 'train' });
    const target = Number(/\d+/.exec(spec.expert(env))![0]);
    return { target, episode: demo(seed) };
  });
  return { episodes, read, plans };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('demonstrations in view parts', () => {
  it('a planner of the first half plans the expert click when its half holds the target, else nothing', () => {
    const { episodes, read, plans } = demos('planner', { own: 0, of: 2, proposals: [], plans: [] });
    episodes.forEach(({ target }, i) => {
      expect(read[i].ids).toEqual(range(1, 24));
      expect(plans[i]).toBe(target <= 24 ? `click ${target}` : '');
    });
    expect(plans.filter((p) => p === '').length).toBeGreaterThan(5);
  });

  it("an executor reads the second half, the plan and the plan's element, and always sees the target", () => {
    const { episodes, read } = demos('executor', { own: 1, of: 2, proposals: [], plans: [0] });
    episodes.forEach(({ target, episode }, i) => {
      expect(episode.turns.map((t) => t.text)).toEqual([`click(${target})`]);
      const planned = target <= 24 ? [target] : [];
      expect(read[i].ids).toEqual([...planned, ...range(25, 48)]);
      expect(read[i].goal.endsWith(` plan : ${planned.map((t) => `click ${t}`).join('')}`)).toBe(true);
    });
  });

  it('a debater keeps only the turns where it sees the target: in its part, or named by a proposal', () => {
    const { episodes, read } = demos('proposer', { own: 1, of: 3, proposals: [0, 1, 2], plans: [] });
    let k = 0;
    let heard = 0;
    for (const { target, episode } of episodes) {
      const own = target >= 17 && target <= 32;
      if (episode.turns.length === 0) {
        expect(own, `seed of target ${target}`).toBe(false);
        continue;
      }
      const { goal, ids } = read[k++];
      expect(ids).toContain(target);
      expect(ids.filter((id) => id < 17 || id > 32).length).toBeLessThanOrEqual(2); // at most the others' proposals
      if (goal.includes('proposals :')) heard++;
      else expect(own).toBe(true);
    }
    expect(heard).toBeGreaterThan(5);
    expect(k).toBeLessThan(episodes.length); // some seeds gave no turn: the target unseen and no proposals heard
  });

  it("an aggregator reads no part: only one proposal's element per part, the target's among them", () => {
    const { episodes, read } = demos('aggregator', { own: -1, of: 3, proposals: [0, 1, 2], plans: [] });
    episodes.forEach(({ target, episode }, i) => {
      expect(episode.turns).toHaveLength(1);
      expect(read[i].ids).toContain(target);
      expect(read[i].ids).toHaveLength(3);
      expect(read[i].ids.map((id) => Math.floor((id - 1) / 16))).toEqual([0, 1, 2]);
    });
  });
});
