// View 'parts': each reader reads its own part of a long page and a message shows its readers the elements it names.
// Fake agents that click what the goal names when they can see it (else the first element they see) show what each
// role reads, and that with such readers talking pays: the debate, the mixture and the chain solve every task, while
// the same readers voting without talking solve only the tasks whose target the first voter's part holds.
import { describe, expect, it } from 'vitest';
import type { Observation } from '../../src/envs/api';
import { getEnvSpec } from '../../src/envs/registry';
import type { Acted, ActRow } from '../../src/multi/agent';
import { playTeam, type AgentHandle, type PlayOptions } from '../../src/multi/interaction';
import { attached, namedIds, partOf, partsOfAgent, readersOf, viewOf } from '../../src/multi/view';
import { workflowOf, type Workflow } from '../../src/multi/workflow';
import { DEFAULT_CONFIG } from '../../src/core/config-table';
import { envOptionsFor } from '../../src/rl/rollout';

const spec = getEnvSpec('long-page');
const play: PlayOptions = { spec, envOptions: envOptionsFor(spec, 3), split: 'train', maxTurns: 1 }; // 48 buttons
const SEEDS = Array.from({ length: 12 }, (_, i) => 100 + i);

/** Readers that click (or, planning, name) the button the goal names when they see it, else the first one they see. */
function readers(names: string[], planner = ''): { agents: Map<string, AgentHandle>; seen: Map<string, Observation[]> } {
  const seen = new Map<string, Observation[]>(names.map((n) => [n, []]));
  const agents = new Map<string, AgentHandle>(
    names.map((name) => [
      name,
      {
        async act(rows: ActRow[]): Promise<Acted> {
          seen.get(name)!.push(...rows.map((r) => r.obs));
          const texts = rows.map((r) => {
            const target = r.obs.elements.find((e) => r.goal.includes(`"${e.name}"`));
            if (name === planner) return target ? `click ${target.id}` : '';
            return `click(${(target ?? r.obs.elements[0]).id})`;
          });
          return { prompts: rows.map(() => [1]), tokens: rows.map(() => [2]), logp: rows.map(() => [0]), entropy: rows.map(() => [0]), texts };
        },
      },
    ]),
  );
  return { agents, seen };
}

const ids = (o: Observation) => o.elements.map((e) => e.id);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const rate = (eps: { success: boolean }[]) => eps.filter((e) => e.success).length / eps.length;
const parts = (c: Partial<typeof DEFAULT_CONFIG>): Workflow => workflowOf({ ...DEFAULT_CONFIG, ...c, view: 'parts', shuffleResponses: false });

describe('view parts', () => {
  it('splits a page into contiguous parts; a message names ids; a view keeps page order, each element once', () => {
    const env = spec.create();
    const page = env.reset({ seed: 1, options: play.envOptions }).obs;
    const split = [0, 1, 2].map((k) => partOf(page.elements, k, 3));
    expect(split.map((p) => p.length)).toEqual([16, 16, 16]);
    expect(split.flat().map((e) => e.id)).toEqual(range(1, 48));
    expect(namedIds('click(17)')).toEqual([17]);
    expect(namedIds('fill(4, "a 12")')).toEqual([4]);
    expect(namedIds('click 17 fill 4')).toEqual([17, 4]);
    expect(namedIds('click(')).toEqual([]);
    expect(attached('click(30)', split[0])).toEqual([]); // not what its sender saw
    expect(attached('click(3)', split[0])).toEqual([page.elements[2]]);
    const view = viewOf(page, [split[1].slice(0, 2), [page.elements[40], page.elements[17]]]);
    expect(ids(view)).toEqual([17, 18, 41]);
    expect(view.text).toBe(`[17] button '${page.elements[16].name}'\n[18] button '${page.elements[17].name}'\n[41] button '${page.elements[40].name}'`);
  });

  it('gives each built-in shape its readers and what they hear', () => {
    const debate = parts({ workflow: 'debate', agents: 3, rounds: 1 });
    expect(readersOf(debate)).toEqual({ of: 3, part: new Map([['p1', 0], ['p2', 1], ['p3', 2]]) });
    expect(partsOfAgent(debate, 'p2')).toEqual({ own: 1, of: 3, proposals: [0, 1, 2], plans: [] }); // containSelf
    expect(partsOfAgent({ ...debate, read: { maxOthers: 5, shuffle: false, containSelf: false } }, 'p2')?.proposals).toEqual([0, 2]);
    expect(partsOfAgent(parts({ workflow: 'mixture', agents: 3 }), 'aggregator')).toEqual({ own: -1, of: 3, proposals: [0, 1, 2], plans: [] });
    const chain = parts({ workflow: 'chain' });
    expect(partsOfAgent(chain, 'planner')).toEqual({ own: 0, of: 2, proposals: [], plans: [] });
    expect(partsOfAgent(chain, 'executor')).toEqual({ own: 1, of: 2, proposals: [], plans: [0] });
    expect(partsOfAgent(workflowOf({ ...DEFAULT_CONFIG, workflow: 'chain' }), 'executor')).toBeNull();
  });

  it('debate: each reads its part, then also what the others proposed; talking solves every task, voting alone does not', async () => {
    const t = readers(['p1', 'p2', 'p3']);
    const episodes = await playTeam(parts({ workflow: 'debate', agents: 3, rounds: 1 }), t.agents, SEEDS, 1, play);
    expect(rate(episodes)).toBe(1);
    const [first, revised] = t.seen.get('p2')!.filter((_, i) => i % SEEDS.length === 0); // seed 100, rounds 0 and 1
    expect(ids(first)).toEqual(range(17, 32));
    const proposed = ['p1', 'p2', 'p3'].map((p) => namedIds(episodes[0].log.find((m) => m.agent === p && m.round === 0)!.text)[0]);
    expect(ids(revised)).toEqual([...new Set([...range(17, 32), ...proposed])].sort((a, b) => a - b));
    // the same readers without talking: a three-way tie goes to p1, right only when p1's part holds the target
    const alone = await playTeam(parts({ workflow: 'debate', agents: 3, rounds: 0 }), readers(['p1', 'p2', 'p3']).agents, SEEDS, 1, play);
    const inFirstPart = SEEDS.map((seed) => {
      const env = spec.create();
      env.reset({ seed, options: play.envOptions });
      return /click\((\d+)\)/.exec(spec.expert(env))![1];
    }).filter((id) => Number(id) <= 16).length;
    expect(rate(alone)).toBe(inFirstPart / SEEDS.length);
    expect(rate(alone)).toBeLessThan(0.7);
  });

  it('mixture: the aggregator reads only the elements the proposals name', async () => {
    const t = readers(['p1', 'p2', 'p3', 'aggregator']);
    const episodes = await playTeam(parts({ workflow: 'mixture', agents: 3 }), t.agents, SEEDS, 1, play);
    expect(rate(episodes)).toBe(1);
    t.seen.get('aggregator')!.forEach((o, i) => {
      const proposed = episodes[i].log.filter((m) => m.agent !== 'aggregator').map((m) => namedIds(m.text)[0]);
      expect(ids(o)).toEqual([...new Set(proposed)].sort((a, b) => a - b));
    });
  });

  it('chain: the planner reads the first half and names the target when it sees it; the executor reads the rest and the plan', async () => {
    const t = readers(['planner', 'executor'], 'planner');
    const episodes = await playTeam(parts({ workflow: 'chain' }), t.agents, SEEDS, 1, play);
    expect(rate(episodes)).toBe(1);
    episodes.forEach((e, i) => {
      expect(ids(t.seen.get('planner')![i])).toEqual(range(1, 24));
      const plan = e.log.find((m) => m.agent === 'planner')!.text;
      expect(ids(t.seen.get('executor')![i])).toEqual([...namedIds(plan), ...range(25, 48)]);
    });
    expect(episodes.some((e) => e.log[0].text === '') && episodes.some((e) => e.log[0].text !== '')).toBe(true);
  });

  it("view 'whole' gives every agent the whole page", async () => {
    const t = readers(['p1', 'p2']);
    await playTeam(workflowOf({ ...DEFAULT_CONFIG, workflow: 'debate', agents: 2, rounds: 1 }), t.agents, SEEDS.slice(0, 2), 1, play);
    for (const o of t.seen.get('p2')!) expect(ids(o)).toEqual(range(1, 48));
  });
});
