// Each role's demonstrations in view 'whole' on login-user (three expert turns) and long-page (one), through an IO
// that records what every prompt was given: the planner's one turn (the expert's plan, encoded in its context), the
// executor's turns with that plan after the goal, and the proposals a debater or an aggregator hears, drawn from the
// seed's own messages stream (the right action or another instance's, a decoy).
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng';
import type { Observation } from '../../src/envs/api';
import { getEnvSpec } from '../../src/envs/registry';
import { PLAN_WORDS, roleDemonstrator, type DemoSetup } from '../../src/multi/demos';
import { expertPlan } from '../../src/multi/language';
import type { Role } from '../../src/multi/workflow';
import type { AgentIO } from '../../src/rl/rollout';

const login = getEnvSpec('login-user');
const longPage = getEnvSpec('long-page');

/** Prompts of the goal's length; a plan decodes to `decoded <its tokens>`; every prompt's goal, element ids and past kept. */
function recordingIO() {
  const read: { goal: string; ids: number[]; past: string[] }[] = [];
  const io: AgentIO = {
    vocab: [],
    maxActionTokens: 8,
    prompt(goal: string, obs: Observation, past: readonly string[]) {
      read.push({ goal, ids: obs.elements.map((e) => e.id), past: [...past] });
      return { tokens: [goal.length], words: [] };
    },
    decode: (tokens) => `decoded ${tokens.join(' ')}`,
    encodeAction: () => [2],
    allowed: () => () => null,
  };
  return { io, read };
}

function setup(role: Role, spec = login, peers = 0) {
  const { io, read } = recordingIO();
  const plans: string[] = [];
  const d: DemoSetup = { spec, envOptions: {}, io, maxTurns: 6, role, peers, encodePlan: (plan, context) => (plans.push(plan), [40, context.tokens[0]]) };
  return { demo: roleDemonstrator(d), read, plans };
}

/** The env at a seed's train-split start, its first observation and the expert's first action. */
function start(spec: typeof login, seed: number) {
  const env = spec.create();
  const { obs } = env.reset({ seed, options: {}, split: 'train' });
  return { env, obs, action: spec.expert(env.clone()) };
}

describe('roleDemonstrator, view whole', () => {
  it("a planner's one turn: the expert's plan of at most PLAN_WORDS words, encoded in the context of the goal and page", () => {
    const { demo, read, plans } = setup('planner');
    const { env, obs } = start(login, 7);
    const e = demo(7);
    const plan = expertPlan(login, env, obs, PLAN_WORDS);
    expect(plan.split(' ')).toHaveLength(8); // fill <user> fill <password> click login... as named on the page
    expect(plans).toEqual([plan]);
    expect(read).toEqual([{ goal: env.goal, ids: obs.elements.map((x) => x.id), past: [] }]);
    expect(e).toEqual({
      task: 0, member: 0, seed: 7, goal: env.goal, success: false, progress: 0, truncated: false, envReturn: 0,
      turns: [{ prompt: [env.goal.length], action: [40, env.goal.length], logp: [], entropy: [], text: `decoded 40 ${env.goal.length}` }],
    });
  });

  it("an executor plays the expert with the planner's decoded plan after the goal at every turn", () => {
    const { demo, read, plans } = setup('executor');
    const { env, obs } = start(login, 7);
    const e = demo(7);
    expect(plans).toEqual([expertPlan(login, env, obs, PLAN_WORDS)]);
    const goal = `${env.goal} plan : decoded 40 ${env.goal.length}`;
    expect(read.map((r) => r.goal)).toEqual([env.goal, goal, goal, goal]); // the planner's reading, then three turns
    expect(read.map((r) => r.past.length)).toEqual([0, 0, 1, 2]);
    expect(e.turns).toHaveLength(3);
    expect(e.success).toBe(true);
  });

  it('a proposer with no peers hears nothing; with peers, half the seeds hear them all; an aggregator always does', () => {
    const quiet = setup('proposer', longPage, 0);
    for (const seed of [1, 2, 3, 4]) quiet.demo(seed);
    expect(quiet.read.map((r) => r.goal)).toEqual([1, 2, 3, 4].map((seed) => start(longPage, seed).env.goal));
    const count = (role: Role) => {
      const s = setup(role, longPage, 3);
      for (let seed = 0; seed < 40; seed++) s.demo(seed);
      return s.read.map((r) => (r.goal.split(' proposals : ')[1]?.split(' ; ') ?? []).length);
    };
    const debater = count('proposer');
    expect(new Set(debater)).toEqual(new Set([0, 3]));
    expect(debater.filter((n) => n === 3).length).toBeGreaterThan(10);
    expect(debater.filter((n) => n === 0).length).toBeGreaterThan(10);
    expect(count('aggregator')).toEqual(Array(40).fill(3));
  });

  it("draws the proposals from the seed's messages stream: the right action, or a decoy from another train instance", () => {
    for (const seed of [11, 12, 13]) {
      const { demo, read } = setup('aggregator', longPage, 4);
      const { env, action } = start(longPage, seed);
      const rng = Rng.fromSeed(seed).split('messages');
      const expected = Array.from({ length: 4 }, () => (rng.chance(0.6) ? action : start(longPage, rng.nextU32()).action));
      expect(new Set(expected).size).toBeGreaterThan(1); // a decoy differs from the right action here
      demo(seed);
      expect(read[0].goal).toBe(`${env.goal} proposals : ${expected.join(' ; ')}`);
    }
  });
});
