// Behaviour-cloning demonstrations for each role of a team, from the env's scripted expert, with the context the
// agent will see in the team: a planner writes the expert's plan; an executor acts with that plan in its context;
// a proposer acts from the goal alone or, in a debate, with others' proposals (some right, some wrong); an aggregator
// picks the expert's action among proposals. In view 'parts' each agent reads its part of the page and what the
// others' parts would tell it, and only the turns where it can see what the expert acts on are kept.
import { Rng } from '../core/rng';
import type { EnvOptions, EnvSpec, UiElement } from '../envs/api';
import { demonstrate, type Demonstrator } from '../rl/bc';
import type { Context } from '../model/context';
import type { AgentIO, EpisodeRecord } from '../rl/rollout';
import { actionWords, expertPlan, withMessages } from './language';
import { attached, namedIds, partOf, viewOf, type PartsOfAgent } from './view';
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
  /** Encodes a plan in the planner's context: its tokens, cut to the planner's budget, END included. */
  encodePlan(plan: string, context: Context): number[];
  /** View 'parts': the part the agent reads and the parts its messages come from (absent: it reads the whole page). */
  parts?: PartsOfAgent;
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
  if (d.parts) return partsDemonstrator(d, d.parts);
  switch (d.role) {
    case 'planner':
      return (seed) => {
        const env = spec.create();
        const { obs, info } = env.reset({ seed, options: envOptions, split: 'train' });
        const plan = expertPlan(spec, env, obs, PLAN_WORDS);
        const context = io.prompt(env.goal, obs, []);
        const action = d.encodePlan(plan, context);
        const turn = { prompt: context.tokens, action, logp: [], entropy: [], text: io.decode(action, context) };
        const e: EpisodeRecord = { task: 0, member: 0, seed, goal: env.goal, turns: [turn], success: info.success, progress: info.progress, truncated: false, envReturn: 0 };
        return e;
      };
    case 'executor':
      return (seed) => {
        const env = spec.create();
        const { obs } = env.reset({ seed, options: envOptions, split: 'train' });
        const context = io.prompt(env.goal, obs, []); // as the planner reads the task
        const plan = io.decode(d.encodePlan(expertPlan(spec, env, obs, PLAN_WORDS), context), context);
        return demonstrate(spec, envOptions, io, seed, maxTurns, { context: () => withMessages('', [plan], []) });
      };
    case 'proposer':
    case 'aggregator':
      return (seed) => {
        const rng = Rng.fromSeed(seed).split('messages');
        // Stryker disable next-line ConditionalExpression: with no peers, the coin decides between 0 and 0 (and no draw follows)
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

/** A message from one part of the page and the elements it shows its readers. */
interface Told {
  text: string;
  shows: UiElement[];
}

/**
 * View 'parts': the expert plays the episode. A planner whose part holds what the expert's first action names plans
 * that action (`click 17`), else nothing; a proposer from such a part proposes the expert's action, one from another
 * part an action on some element of its own part. Each turn the agent reads its part, the plans and (an aggregator
 * always, a debater half of the time) the proposals with the elements they name; a turn is kept only when the agent
 * sees every element the expert's action names, so BC never teaches pointing at what is not there.
 */
function partsDemonstrator(d: DemoSetup, p: PartsOfAgent): Demonstrator {
  const { spec, envOptions, io, maxTurns } = d;
  return (seed) => {
    const rng = Rng.fromSeed(seed).split('messages');
    const env = spec.create();
    let { obs, info } = env.reset({ seed, options: envOptions, split: 'train' });
    const e: EpisodeRecord = { task: 0, member: 0, seed, goal: env.goal, turns: [], success: info.success, progress: info.progress, truncated: false, envReturn: 0 };
    let plans: Told[] = [];
    const past: string[] = [];
    let done = false;
    for (let turn = 0; !done && turn < maxTurns; turn++) {
      const action = spec.expert(env);
      const ids = namedIds(action);
      const holds = (els: readonly UiElement[]) => ids.every((id) => els.some((x) => x.id === id));
      // Stryker disable next-line ConditionalExpression: partOf(-1) is empty too (a slice from below 0 to 0)
      const part = (k: number) => (k < 0 ? [] : partOf(obs.elements, k, p.of));
      if (turn === 0) plans = p.plans.map((k) => (holds(part(k)) ? { text: actionWords(action), shows: attached(action, part(k)) } : { text: '', shows: [] }));
      if (d.role === 'planner') {
        const goal = withMessages(env.goal, plans.map((x) => x.text), []);
        const context = io.prompt(goal, viewOf(obs, [part(p.own), ...plans.map((x) => x.shows)]), []);
        const plan = d.encodePlan(holds(part(p.own)) ? actionWords(action) : '', context);
        e.turns.push({ prompt: context.tokens, action: plan, logp: [], entropy: [], text: io.decode(plan, context) });
        break; // a planner speaks once
      }
      const proposal = (k: number): Told => {
        if (holds(part(k))) return { text: action, shows: attached(action, part(k)) };
        const other = part(k).length > 0 ? rng.pick(part(k)).id : 0;
        const text = action.replace(/\d+/, String(other));
        return { text, shows: attached(text, part(k)) };
      };
      const heard = d.role === 'aggregator' || rng.chance(0.5) ? p.proposals.map(proposal) : [];
      const view = viewOf(obs, [part(p.own), ...plans.map((x) => x.shows), ...heard.map((x) => x.shows)]);
      if (holds(view.elements)) {
        const goal = withMessages(env.goal, plans.map((x) => x.text), heard.map((x) => x.text));
        const context = io.prompt(goal, view, past);
        e.turns.push({ prompt: context.tokens, action: io.encodeAction(action, context), logp: [], entropy: [], text: action });
      }
      const step = env.step(action);
      past.push(action);
      ({ obs, info } = step);
      done = step.terminated || step.truncated;
      e.truncated = !step.terminated && !step.info.success; // as in a rollout: out of turns without success
    }
    e.success = info.success;
    e.progress = info.progress;
    return e;
  };
}
