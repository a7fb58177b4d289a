// Behaviour-cloning demonstrations for each role of a team, from the env's scripted expert, with the context the
// agent will see in the team: a planner writes the expert's plan; an executor acts with that plan in its context;
// a proposer acts from the goal alone or, in a debate, with others' proposals (some right, some wrong); an aggregator
// picks the expert's action among proposals.
import { Rng } from '../core/rng';
import type { EnvOptions, EnvSpec } from '../envs/api';
import { demonstrate, type Demonstrator } from '../rl/bc';
import type { AgentIO, EpisodeRecord } from '../rl/rollout';
import { expertPlan, withMessages } from './language';
import type { Role } from './workflow';

/** Words of a plan (the planner's budget in tokens, PLAN_TOKENS, also bounds it). */
export const PLAN_WORDS = 16;

export interface DemoSetup {
  spec: EnvSpec;
  envOptions: EnvOptions;
  io: AgentIO;
  maxTurns: number;
  role: Role;
  /** Proposals an aggregator reads, or the other proposers a debater reads (0: it reads none). */
  peers: number;
  /** Encodes a plan: its tokens, cut to the planner's budget, END included. */
  encodePlan(plan: string): number[];
}

/** The expert's first action on another task instance: a plausible wrong proposal. */
function decoy(d: DemoSetup, rng: Rng): string {
  const env = d.spec.create();
  env.reset({ seed: rng.nextU32(), options: d.envOptions, split: 'train' });
  return d.spec.expert(env);
}

/** The demonstrator of a role; each episode's messages come from a stream derived from its seed. */
export function roleDemonstrator(d: DemoSetup): Demonstrator {
  const { spec, envOptions, io, maxTurns } = d;
  switch (d.role) {
    case 'planner':
      return (seed) => {
        const env = spec.create();
        const { obs, info } = env.reset({ seed, options: envOptions, split: 'train' });
        const plan = expertPlan(spec, env, obs, PLAN_WORDS);
        const action = d.encodePlan(plan);
        const turn = { prompt: io.prompt(env.goal, obs, []), action, logp: [], entropy: [], text: io.decode(action) };
        const e: EpisodeRecord = { task: 0, member: 0, seed, goal: env.goal, turns: [turn], success: info.success, progress: info.progress, truncated: false, envReturn: 0 };
        return e;
      };
    case 'executor':
      return (seed) => {
        const env = spec.create();
        const { obs } = env.reset({ seed, options: envOptions, split: 'train' });
        const plan = io.decode(d.encodePlan(expertPlan(spec, env, obs, PLAN_WORDS)));
        return demonstrate(spec, envOptions, io, seed, maxTurns, { context: () => withMessages('', [plan], []) });
      };
    case 'proposer':
    case 'aggregator':
      return (seed) => {
        const rng = Rng.fromSeed(seed).split('messages');
        const heard = d.role === 'aggregator' || d.peers === 0 ? d.peers : rng.chance(0.5) ? d.peers : 0;
        return demonstrate(spec, envOptions, io, seed, maxTurns, {
          context: (env) => {
            const right = spec.expert(env.clone());
            const proposals = Array.from({ length: heard }, () => (rng.chance(0.6) ? right : decoy(d, rng)));
            return withMessages('', [], proposals);
          },
        });
      };
  }
}
