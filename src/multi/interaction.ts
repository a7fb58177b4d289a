// The central interaction loop: B task instances x G team episodes played in lockstep. Each environment turn, the
// planners write (first turn only), the proposers propose and debate for the workflow's rounds, the actor (executor
// or aggregator) or the proposers' vote picks the action, and the env steps. Every output is scored on a copy of the
// env, and each agent's own turns are kept as its own token rows: others' text sits in its context, outside its loss.
// Each agent reads the page its workflow's view gives it (view.ts): the whole page, or its part and what it is told.
import type { Env, EnvOptions, EnvSpec, Observation, UiElement } from '../envs/api';
import { plainObservation } from '../envs/observation';
import type { Split } from '../envs/split';
import { Rng } from '../core/rng';
import type { EpisodeRecord, TurnRecord } from '../rl/rollout';
import type { Acted, ActRow } from './agent';
import { proposalScore, type AgentOutputs } from './allocate';
import { withMessages } from './language';
import { attached, partOf, readersOf, viewOf, type Readers } from './view';
import { actor, MARTI_READ, upstream, type Workflow } from './workflow';

/** What the loop needs from an agent: one batched generation (in-process, or a worker's proxy); greedy for evaluation. */
export interface AgentHandle {
  act(rows: ActRow[], greedy?: boolean): Promise<Acted>;
}

/** One agent output, for the message log. */
export interface TeamMessage {
  agent: string;
  turn: number; // environment turn
  round: number; // debate round (0 outside debates)
  text: string;
  score: number | null; // proposalScore of an action; null for a plan
}

export interface TeamEpisode {
  task: number;
  member: number;
  seed: number;
  goal: string;
  success: boolean;
  progress: number;
  truncated: boolean;
  envReturn: number; // the sum of the env's rewards
  actions: string[]; // the actions the env took
  log: TeamMessage[];
  /** Each agent's own turns (prompt ++ its tokens), keyed by agent name. */
  records: Record<string, EpisodeRecord>;
  /** Each agent's scored outputs, for reward allocation. */
  outputs: Record<string, AgentOutputs>;
}

export interface PlayOptions {
  spec: EnvSpec;
  envOptions: EnvOptions;
  /** The task pool the episodes are drawn from. */
  split: Split;
  maxTurns: number;
  /** Every agent generates greedily (evaluation) instead of sampling. */
  greedy?: boolean;
  /** In view 'parts', who reads which part (default: the workflow's readers in order, see view.ts readersOf). */
  readers?: Readers;
}

interface Live {
  env: Env;
  obs: Observation;
  ep: TeamEpisode;
  plans: Map<string, string>;
  /** The elements each planner's plan names, as the planner saw them (shown to its readers in view 'parts'). */
  planShows: Map<string, UiElement[]>;
  done: boolean;
  /** Shuffles the proposals an agent reads (seeded by the episode). */
  rng: Rng;
}

/** The majority of the texts; a tie goes to the text proposed first. */
export function majority(texts: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const t of texts) counts.set(t, (counts.get(t) ?? 0) + 1);
  let best = texts[0];
  for (const t of texts) if (counts.get(t)! > counts.get(best)!) best = t;
  return best;
}

/** Plays G team episodes of each seed; episodes come back grouped: index b * G + i. */
export async function playTeam(
  w: Workflow,
  agents: ReadonlyMap<string, AgentHandle>,
  seeds: readonly number[],
  G: number,
  o: PlayOptions,
): Promise<TeamEpisode[]> {
  const live: Live[] = [];
  seeds.forEach((seed, task) => {
    for (let member = 0; member < G; member++) {
      const env = o.spec.create();
      const { obs, info } = env.reset({ seed, options: o.envOptions, split: o.split });
      const records: Record<string, EpisodeRecord> = {};
      const outputs: Record<string, AgentOutputs> = {};
      for (const a of w.agents) {
        // Stryker disable next-line BooleanLiteral: placeholders; the loop's end copies the episode's success and truncated into every record
        records[a.name] = { task, member, seed, goal: env.goal, turns: [], success: false, progress: 0, truncated: false, envReturn: 0 };
        outputs[a.name] = { scores: [], inputs: [] };
      }
      const ep: TeamEpisode = { task, member, seed, goal: env.goal, success: info.success, progress: info.progress, truncated: false, envReturn: 0, actions: [], log: [], records, outputs };
      live.push({ env, obs, ep, plans: new Map(), planShows: new Map(), done: false, rng: Rng.fromSeed(seed).split(`read/${member}`) });
    }
  });
  const proposers = w.agents.filter((a) => a.role === 'proposer');
  const planners = w.agents.filter((a) => a.role === 'planner');
  const acting = actor(w);
  const sent = (l: Live, name: string) => upstream(w, name).filter((u) => l.plans.has(u.name));
  const plansFor = (l: Live, name: string) => sent(l, name).map((u) => l.plans.get(u.name)!);
  const rules = w.read ?? MARTI_READ;
  /** The indices of the proposals an agent reads: shuffled when the rules say so, at most maxOthers of them. */
  const readable = (l: Live, indices: number[]): number[] => (rules.shuffle ? l.rng.shuffle(indices) : indices).slice(0, rules.maxOthers);
  const parts = w.view === 'parts' ? (o.readers ?? readersOf(w)) : null;
  /** What agent `name` reads of the page: all of it, or its part with the elements the messages it reads name. */
  const sight = (l: Live, name: string, told: readonly (readonly UiElement[])[]): Observation => {
    if (!parts) return plainObservation(l.obs);
    const k = parts.part.get(name);
    const own = k === undefined ? [] : partOf(l.obs.elements, k, parts.of);
    return viewOf(l.obs, [own, ...sent(l, name).map((u) => l.planShows.get(u.name)!), ...told]);
  };

  /** One agent's generation for the active episodes (agents run in parallel; recording happens in a fixed order). */
  const act = (name: string, active: Live[], goals: string[], views: Observation[]): Promise<Acted> =>
    agents.get(name)!.act(
      active.map((l, i) => ({ goal: goals[i], obs: views[i], past: [...l.ep.actions] })),
      o.greedy,
    );
  /** The elements each output names, of those its agent saw. */
  const shows = (texts: readonly string[], views: readonly Observation[]) => texts.map((t, i) => attached(t, views[i].elements));
  /** Records an agent's turns (scored on a copy of the env when they are actions); returns its texts. */
  const record = (name: string, active: Live[], out: Acted, turn: number, round: number, scored: boolean): string[] => {
    active.forEach((l, i) => {
      const t: TurnRecord = { prompt: out.prompts[i], action: out.tokens[i], logp: out.logp[i], entropy: out.entropy[i], text: out.texts[i] };
      l.ep.records[name].turns.push(t);
      let score: number | null = null;
      if (scored) {
        const step = l.env.clone().step(out.texts[i]);
        score = proposalScore({ success: step.info.success, progress: step.info.progress, error: step.info.lastActionError });
        const s = l.ep.outputs[name].scores;
        if (round === 0) s.push([score]);
        else s[s.length - 1].push(score);
      }
      l.ep.log.push({ agent: name, turn, round, text: out.texts[i], score });
    });
    return out.texts;
  };

  for (let turn = 0; turn < o.maxTurns; turn++) {
    const active = live.filter((l) => !l.done);
    if (active.length === 0) break;
    if (turn === 0) {
      for (const p of planners) {
        // a planner reads its upstream planners' plans (a chain of several)
        const goals = active.map((l) => withMessages(l.ep.goal, plansFor(l, p.name), []));
        const views = active.map((l) => sight(l, p.name, []));
        const texts = record(p.name, active, await act(p.name, active, goals, views), turn, 0, false);
        const named = shows(texts, views);
        active.forEach((l, i) => {
          l.plans.set(p.name, texts[i]);
          l.planShows.set(p.name, named[i]);
        });
      }
    }
    // proposals, then debate rounds: each proposer reads the others' proposals of the round before
    let last: string[][] = []; // (proposers, active)
    let lastShows: UiElement[][][] = []; // (proposers, active, named elements)
    // Stryker disable next-line ConditionalExpression,EqualityOperator: without proposers a round does nothing (no one proposes)
    const rounds = proposers.length > 0 ? w.rounds + 1 : 0;
    for (let round = 0; round < rounds; round++) {
      const [prev, prevShows] = [last, lastShows];
      const views: Observation[][] = [];
      const outs = await Promise.all(
        proposers.map((p, k) => {
          const others = proposers.map((_, j) => j).filter((j) => rules.containSelf || j !== k);
          const read = active.map((l) => (round === 0 ? [] : readable(l, others)));
          const goals = active.map((l, i) => withMessages(l.ep.goal, plansFor(l, p.name), read[i].map((j) => prev[j][i])));
          views[k] = active.map((l, i) => sight(l, p.name, read[i].map((j) => prevShows[j][i])));
          return act(p.name, active, goals, views[k]);
        }),
      );
      last = proposers.map((p, k) => record(p.name, active, outs[k], turn, round, true));
      lastShows = last.map((texts, k) => shows(texts, views[k]));
    }
    let actions: string[];
    if (acting) {
      const heard = proposers.flatMap((p, k) => (upstream(w, acting.name).includes(p) ? [k] : []));
      const read = active.map((l) => readable(l, heard));
      const goals = active.map((l, i) => withMessages(l.ep.goal, plansFor(l, acting.name), read[i].map((k) => last[k][i])));
      const views = active.map((l, i) => sight(l, acting.name, read[i].map((k) => lastShows[k][i])));
      if (heard.length > 0) {
        active.forEach((l, i) => {
          const scores = read[i].map((k) => l.ep.outputs[proposers[k].name].scores.at(-1)!.at(-1)!);
          l.ep.outputs[acting.name].inputs.push(scores.reduce((a, b) => a + b, 0) / scores.length);
        });
      }
      actions = record(acting.name, active, await act(acting.name, active, goals, views), turn, 0, true);
    } else {
      actions = active.map((_, i) => majority(last.map((x) => x[i])));
    }
    // the env takes the team's action
    active.forEach((l, i) => {
      const step = l.env.step(actions[i]);
      l.ep.actions.push(actions[i]);
      l.ep.envReturn += step.reward;
      l.obs = step.obs;
      l.ep.success = step.info.success;
      l.ep.progress = step.info.progress;
      l.done = step.terminated || step.truncated || l.ep.actions.length >= o.maxTurns;
      l.ep.truncated = l.done && !step.terminated && !step.info.success;
    });
  }
  for (const l of live) {
    for (const r of Object.values(l.ep.records)) {
      r.success = l.ep.success;
      r.progress = l.ep.progress;
      r.truncated = l.ep.truncated;
      r.envReturn = l.ep.envReturn;
    }
  }
  return live.map((l) => l.ep);
}
