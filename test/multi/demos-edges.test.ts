// Each role's demonstrations in view 'whole' on login-user (three expert turns) and long-page (one), through an IO
// that records what every prompt was given: the planner's one turn (the expert's plan, encoded in its context), the
// executor's turns with that plan after the goal, and the proposals a debater or an aggregator hears, drawn from the
// seed's own messages stream (the right action or another instance's, a decoy).
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng';
import type { EnvOptions, Observation } from '../../src/envs/api';
import { getEnvSpec } from '../../src/envs/registry';
import { PLAN_WORDS, roleDemonstrator, type DemoSetup } from '../../src/multi/demos';
import { expertPlan } from '../../src/multi/language';
import type { PartsOfAgent } from '../../src/multi/view';
import type { Role } from '../../src/multi/workflow';
import { envOptionsFor } from '../../src/rl/rollout';
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

function setup(role: Role, spec = login, peers = 0, parts?: PartsOfAgent, maxTurns = 6, envOptions: EnvOptions = {}) {
  const { io, read } = recordingIO();
  const plans: string[] = [];
  const d: DemoSetup = { spec, envOptions, io, maxTurns, role, peers, encodePlan: (plan, context) => (plans.push(plan), [40, context.tokens[0]]), ...(parts ? { parts } : {}) };
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

describe('roleDemonstrator, view parts', () => {
  // login-user seed 7: fill(2, "caterina"), fill(4, "clqs"), click(5); one part (of 1) is the whole page.
  const whole = (over: Partial<PartsOfAgent> = {}): PartsOfAgent => ({ own: 0, of: 1, proposals: [], plans: [], ...over });
  const ACTIONS = ['fill(2, "caterina")', 'fill(4, "clqs")', 'click(5)'];

  it("an executor keeps every turn it can see, with the earlier actions and the first turn's plan", () => {
    const { demo, read } = setup('executor', login, 0, whole({ plans: [0] }));
    const e = demo(7);
    expect(e.turns.map((t) => t.text)).toEqual(ACTIONS);
    expect(read.map((r) => r.past)).toEqual([[], ACTIONS.slice(0, 1), ACTIONS.slice(0, 2)]);
    const goal = start(login, 7).env.goal;
    expect(read.map((r) => r.goal)).toEqual(Array(3).fill(`${goal} plan : fill 2 caterina`));
    expect([e.success, e.progress, e.truncated]).toEqual([true, 1, false]);
    const cut = setup('executor', login, 0, whole({ plans: [0] }), 2).demo(7);
    expect(cut.turns.map((t) => t.text)).toEqual(ACTIONS.slice(0, 2));
    expect([cut.success, cut.truncated]).toEqual([false, true]); // out of turns without success, as in a rollout
  });

  it('a planner speaks once, reading its part and the plans sent to it, with no proposals and no past', () => {
    const { demo, read, plans } = setup('planner', login, 0, whole());
    const e = demo(7);
    expect(read).toEqual([{ goal: start(login, 7).env.goal, ids: [1, 2, 3, 4, 5, 6], past: [] }]);
    expect(plans).toEqual(['fill 2 caterina']);
    expect(e.turns).toHaveLength(1);
    expect(e.truncated).toBe(false);
  });

  it('keeps the turns of an action naming no element (a move), which every part sees', () => {
    const grid = getEnvSpec('grid-world');
    const e = setup('proposer', grid, 0, { own: 0, of: 2, proposals: [], plans: [] }).demo(3);
    expect(e.turns.length).toBeGreaterThan(0);
    for (const t of e.turns) expect(t.text).toMatch(/^move\((up|down|left|right)\)$/);
  });

  it("a debater hears the proposals when its seed's messages stream says so", () => {
    const options = envOptionsFor(longPage, 3); // 48 buttons in 3 parts of 16
    for (let seed = 0; seed < 12; seed++) {
      const { demo, read } = setup('proposer', longPage, 2, { own: 1, of: 3, proposals: [0, 1, 2], plans: [] }, 3, options);
      demo(seed);
      const heard = read.some((r) => r.goal.includes(' proposals : '));
      expect(heard, `seed ${seed}`).toBe(Rng.fromSeed(seed).split('messages').chance(0.5));
    }
  });

  it('a proposal from an empty part names element 0', () => {
    const options = envOptionsFor(longPage, 3);
    for (let seed = 0; seed < 6; seed++) {
      // 48 buttons in 60 parts: part 0 is empty; part 59 holds the last button.
      const { demo, read } = setup('aggregator', longPage, 2, { own: -1, of: 60, proposals: [0, 59], plans: [] }, 3, options);
      expect(() => demo(seed)).not.toThrow();
      for (const r of read) expect(r.goal).toMatch(/ proposals : click\(0\) ; /);
    }
  });
});
