// How agents read proposals (MARTI's max_others, shuffle_responses, contain_self): fake agents that record the
// messages in their goals show what each debater and the aggregator read, and that the shuffle is seeded.
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/core/config';
import { getEnvSpec } from '../../src/envs/registry';
import type { Acted, ActRow } from '../../src/multi/agent';
import { playTeam, type AgentHandle } from '../../src/multi/interaction';
import { MARTI_READ, type ReadRules, type Workflow } from '../../src/multi/workflow';

/** A proposer k always proposes `click(k)`; every goal it is given is kept, per agent. */
function fakeTeam(names: string[]): { agents: Map<string, AgentHandle>; heard: Map<string, string[]> } {
  const heard = new Map<string, string[]>(names.map((n) => [n, []]));
  const agents = new Map<string, AgentHandle>(
    names.map((name, k) => [
      name,
      {
        async act(rows: ActRow[]): Promise<Acted> {
          heard.get(name)!.push(...rows.map((r) => r.goal));
          const texts = rows.map(() => `click(${k + 1})`);
          return { prompts: rows.map(() => [1]), tokens: rows.map(() => [2]), logp: rows.map(() => [0]), entropy: rows.map(() => [0]), texts };
        },
      },
    ]),
  );
  return { agents, heard };
}

const play = { spec: getEnvSpec('click-button'), envOptions: { buttons: 6 }, split: 'train' as const, maxTurns: 1 };
const debate = (read: ReadRules): Workflow => ({
  shape: 'debate',
  agents: ['p1', 'p2', 'p3'].map((name) => ({ name, role: 'proposer', model: 'tiny', trainable: true })),
  edges: [],
  rounds: 1,
  aggregate: 'vote',
  read,
});
/** The proposals part of a goal: `click(2) ; click(3)`. */
const proposals = (goal: string) => goal.split(' proposals : ')[1] ?? '';

describe('reading proposals', () => {
  it("MARTI's defaults: 5 others at most, shuffled, one's own included", () => {
    expect(MARTI_READ).toEqual({ maxOthers: 5, shuffle: true, containSelf: true });
    const r = validateConfig({ workflow: 'debate' });
    if (!r.ok) throw new Error('config');
    expect([r.config.maxOthers, r.config.shuffleResponses, r.config.containSelf]).toEqual([5, true, true]);
  });

  it('without shuffle, a debater reads the others in order, itself only with containSelf, at most maxOthers', async () => {
    const a = fakeTeam(['p1', 'p2', 'p3']);
    await playTeam(debate({ maxOthers: 5, shuffle: false, containSelf: false }), a.agents, [7], 1, play);
    // round 0 goals carry no proposals; round 1: each reads the other two
    expect(a.heard.get('p1')!.map(proposals)).toEqual(['', 'click(2) ; click(3)']);
    expect(a.heard.get('p3')!.map(proposals)).toEqual(['', 'click(1) ; click(2)']);
    const b = fakeTeam(['p1', 'p2', 'p3']);
    await playTeam(debate({ maxOthers: 2, shuffle: false, containSelf: true }), b.agents, [7], 1, play);
    expect(b.heard.get('p3')!.map(proposals)).toEqual(['', 'click(1) ; click(2)']);
    expect(b.heard.get('p1')!.map(proposals)).toEqual(['', 'click(1) ; click(2)']);
  });

  it('the shuffle is seeded by the episode: the same seed reads the same order, other episodes other orders', async () => {
    const orders = async (seeds: number[]) => {
      const t = fakeTeam(['p1', 'p2', 'p3']);
      await playTeam(debate({ maxOthers: 3, shuffle: true, containSelf: true }), t.agents, seeds, 4, play);
      return t.heard.get('p2')!.map(proposals).filter((s) => s !== '');
    };
    const first = await orders([1, 2, 3, 4, 5]);
    expect(await orders([1, 2, 3, 4, 5])).toEqual(first);
    for (const o of first) expect(o.split(' ; ').sort()).toEqual(['click(1)', 'click(2)', 'click(3)']);
    expect(new Set(first).size).toBeGreaterThan(1);
  });

  it('each member of a task reads in its own seeded order', async () => {
    const t = fakeTeam(['p1', 'p2', 'p3']);
    await playTeam(debate({ maxOthers: 3, shuffle: true, containSelf: true }), t.agents, [1], 6, play);
    const orders = t.heard.get('p2')!.map(proposals).filter((s) => s !== '');
    expect(orders).toHaveLength(6);
    expect(new Set(orders).size).toBeGreaterThan(1);
  });

  it("an aggregator reads at most maxOthers proposals and its Q is the mean score of those it read", async () => {
    const names = ['p1', 'p2', 'p3', 'agg'];
    const t = fakeTeam(names);
    const mixture: Workflow = {
      shape: 'mixture',
      agents: names.map((name) => ({ name, role: name === 'agg' ? 'aggregator' : 'proposer', model: 'tiny', trainable: true })),
      edges: ['p1', 'p2', 'p3'].map((from) => ({ from, to: 'agg' })),
      rounds: 0,
      aggregate: 'agent',
      read: { maxOthers: 1, shuffle: false, containSelf: true },
    };
    const [episode] = await playTeam(mixture, t.agents, [7], 1, play);
    expect(t.heard.get('agg')!.map(proposals)).toEqual(['click(1)']);
    expect(episode.outputs.agg.inputs).toEqual([episode.outputs.p1.scores[0][0]]);
  });
});
