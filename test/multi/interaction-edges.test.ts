// The team interaction loop with scripted agents on a toy page whose actions score 1 (Win), 0.25 (Half), 0 (Noop,
// or malformed) and end in failure (Lose): episode layout, votes and ties, scores on copies of the env, debate
// rounds, planners, aggregators and whom they read, termination against truncation, and what each agent is shown.
import { describe, expect, it } from 'vitest';
import type { Acted, ActRow } from '../../src/multi/agent';
import { majority, playTeam, type AgentHandle, type PlayOptions } from '../../src/multi/interaction';
import type { AgentNode, Workflow } from '../../src/multi/workflow';
import { defineWebTask } from '../../src/envs/web/page';
import { inSplit } from '../../src/envs/split';

const toy = defineWebTask<{ progress: number; seed: number }>({
  id: 'toy-team',
  description: 'Win, half-way, nothing or lose.',
  maxTurns: 3,
  options: [],
  init: (rng) => {
    const seed = rng.int(100);
    return { goal: `Press Win ${seed}`, state: { progress: 0, seed } };
  },
  draw(s, page) {
    page.add('button', 'Win', undefined, { click: () => page.end(true) });
    page.add('button', 'Half', undefined, { click: () => void (s.progress = 0.5) });
    page.add('button', 'Noop', undefined, { click: () => undefined });
    page.add('button', 'Lose', undefined, { click: () => page.end(false) });
  },
  progress: (s) => s.progress,
  expert: () => 'click(1)',
});
const WIN = 'click(1)';
const HALF = 'click(2)';
const NOOP = 'click(3)';
const LOSE = 'click(4)';

/** An agent whose text for each row comes from `script(row, call)`; every row it is shown is kept. */
function scripted(script: (row: ActRow, call: number) => string) {
  const rows: ActRow[][] = [];
  const handle: AgentHandle = {
    async act(batch: ActRow[]): Promise<Acted> {
      const call = rows.length;
      rows.push(batch);
      const texts = batch.map((r) => script(r, call));
      return { prompts: batch.map((_, i) => [call, i]), tokens: batch.map(() => [7, 8]), logp: batch.map(() => [-0.5, -0.25]), entropy: batch.map(() => [0.75, 0.125]), texts };
    },
  };
  return { handle, rows };
}

const node = (name: string, role: AgentNode['role']): AgentNode => ({ name, role, model: 'tiny', trainable: true });
const play = (maxTurns = 3): PlayOptions => ({ spec: toy, envOptions: {}, split: 'train', maxTurns });
const noShuffle = { maxOthers: 5, shuffle: false, containSelf: true };

describe('majority', () => {
  it('takes the most proposed text, the first proposed among ties', () => {
    expect(majority(['a'])).toBe('a');
    expect(majority(['a', 'b', 'b'])).toBe('b');
    expect(majority(['b', 'a', 'a', 'b'])).toBe('b');
    expect(majority(['c', 'a', 'b'])).toBe('c');
    expect(majority(['a', 'b', 'c', 'c', 'b', 'b'])).toBe('b');
  });
});

describe('playTeam', () => {
  const vote = (n: number, rounds = 0): Workflow => ({
    shape: 'debate',
    agents: Array.from({ length: n }, (_, i) => node(`p${i + 1}`, 'proposer')),
    edges: [],
    rounds,
    aggregate: 'vote',
    read: noShuffle,
  });

  it('lays episodes out task by task, G each, with their seeds and goals', async () => {
    const a = scripted(() => NOOP);
    const b = scripted(() => NOOP);
    const agents = new Map([['p1', a.handle], ['p2', b.handle]]);
    const eps = await playTeam(vote(2), agents, [10, 20], 2, play(1));
    expect(eps.map((e) => [e.task, e.member, e.seed])).toEqual([[0, 0, 10], [0, 1, 10], [1, 0, 20], [1, 1, 20]]);
    const env = toy.create();
    env.reset({ seed: 20 });
    expect(eps[3].goal).toBe(env.goal);
    expect(eps[3].records.p1).toMatchObject({ task: 1, member: 1, seed: 20, goal: env.goal });
    expect(a.rows[0]).toHaveLength(4);
  });

  it('plays the vote, scores each proposal on a copy of the env, and truncates at maxTurns', async () => {
    const p = [scripted(() => NOOP), scripted(() => HALF), scripted(() => NOOP)];
    const agents = new Map(p.map((s, i) => [`p${i + 1}`, s.handle]));
    const [ep] = await playTeam(vote(3), agents, [1], 1, play());
    expect(ep.actions).toEqual([NOOP, NOOP, NOOP]);
    expect(ep.outputs.p1.scores).toEqual([[0], [0], [0]]);
    expect(ep.outputs.p2.scores).toEqual([[0.25], [0.25], [0.25]]); // the copy moved half-way; the env did not
    expect([ep.success, ep.progress, ep.truncated]).toEqual([false, 0, true]);
    expect(ep.records.p2).toMatchObject({ success: false, progress: 0, truncated: true });
    expect(ep.records.p2.turns).toHaveLength(3);
    expect(ep.records.p2.turns[0]).toEqual({ prompt: [0, 0], action: [7, 8], logp: [-0.5, -0.25], entropy: [0.75, 0.125], text: HALF });
    expect(ep.log.slice(0, 3)).toEqual([
      { agent: 'p1', turn: 0, round: 0, text: NOOP, score: 0 },
      { agent: 'p2', turn: 0, round: 0, text: HALF, score: 0.25 },
      { agent: 'p3', turn: 0, round: 0, text: NOOP, score: 0 },
    ]);
  });

  it('scores a malformed proposal 0 and a losing one 0, and a vote that loses ends the episode', async () => {
    const p = [scripted(() => 'push(1)'), scripted(() => LOSE), scripted(() => LOSE)];
    const agents = new Map(p.map((s, i) => [`p${i + 1}`, s.handle]));
    const [ep] = await playTeam(vote(3), agents, [1], 1, play());
    expect(ep.outputs.p1.scores).toEqual([[0]]);
    expect(ep.outputs.p2.scores).toEqual([[0]]);
    expect(ep.actions).toEqual([LOSE]);
    expect([ep.success, ep.truncated]).toEqual([false, false]);
  });

  it('stops playing an episode once it is won, and stops calling agents once all are done', async () => {
    // Member 0 wins on turn 0; member 1 waits (Noop) on turn 0 and wins on turn 1.
    const memberOf = (row: ActRow, call: number, rows: ActRow[][]) => rows[call].indexOf(row);
    const p = [1, 2, 3].map(() => {
      const s = scripted((row, call) => (call === 0 && memberOf(row, call, s.rows) === 1 ? NOOP : WIN));
      return s;
    });
    const p1 = p[0];
    const agents = new Map(p.map((s, i) => [`p${i + 1}`, s.handle]));
    const eps = await playTeam(vote(3), agents, [1], 2, play());
    expect(p1.rows.map((r) => r.length)).toEqual([2, 1]);
    expect(eps[0]).toMatchObject({ actions: [WIN], success: true, truncated: false, progress: 1 });
    expect(eps[1]).toMatchObject({ actions: [NOOP, WIN], success: true, truncated: false, progress: 1 });
    expect(eps[0].records.p3.turns).toHaveLength(1);
    expect(eps[1].records.p3).toMatchObject({ success: true, progress: 1, truncated: false });
  });

  it('passes each agent the plain observation and a copy of the actions so far', async () => {
    const p = [scripted(() => NOOP), scripted(() => HALF)];
    const agents = new Map(p.map((s, i) => [`p${i + 1}`, s.handle]));
    await playTeam({ ...vote(2), aggregate: 'vote' }, agents, [1], 1, play(2));
    const [first, second] = p[0].rows;
    expect(first[0].past).toEqual([]);
    expect(second[0].past).toEqual([NOOP]);
    expect(Object.getPrototypeOf(first[0].obs)).toBe(Object.prototype);
    expect(first[0].obs.text).toContain("[1] button 'Win'");
    expect(first[0].obs.elements).toHaveLength(4);
  });

  it('holds debate rounds: each round scored, the others read from the round before', async () => {
    const p1 = scripted((_, call) => (call % 2 === 0 ? NOOP : HALF));
    const p2 = scripted(() => WIN);
    const agents = new Map([['p1', p1.handle], ['p2', p2.handle]]);
    const [ep] = await playTeam(vote(2, 1), agents, [1], 1, play(1));
    expect(ep.outputs.p1.scores).toEqual([[0, 0.25]]);
    expect(ep.outputs.p2.scores).toEqual([[1, 1]]);
    expect(p1.rows[1][0].goal).toMatch(/ proposals : click\(3\) ; click\(1\)$/);
    expect(p1.rows[0][0].goal).not.toContain('proposals');
    expect(ep.log.map((m) => [m.agent, m.round])).toEqual([['p1', 0], ['p2', 0], ['p1', 1], ['p2', 1]]);
    expect(ep.actions).toEqual([HALF]); // the tie HALF / WIN goes to p1's
  });

  it("sends a planner's plan once, to the agents it points to, and never scores it", async () => {
    const planner = scripted(() => 'press win');
    const executor = scripted((_, call) => (call === 0 ? NOOP : WIN));
    const w: Workflow = { shape: 'chain', agents: [node('pl', 'planner'), node('ex', 'executor')], edges: [{ from: 'pl', to: 'ex' }], rounds: 0, aggregate: 'agent' };
    const [ep] = await playTeam(w, new Map([['pl', planner.handle], ['ex', executor.handle]]), [3], 1, play());
    expect(planner.rows).toHaveLength(1);
    expect(planner.rows[0][0].goal).toBe(ep.goal);
    expect(executor.rows.map((r) => r[0].goal)).toEqual([`${ep.goal} plan : press win`, `${ep.goal} plan : press win`]);
    expect(ep.log[0]).toEqual({ agent: 'pl', turn: 0, round: 0, text: 'press win', score: null });
    expect(ep.outputs.pl).toEqual({ scores: [], inputs: [] });
    expect(ep.outputs.ex.scores).toEqual([[0], [1]]);
    expect(ep.records.pl.turns).toHaveLength(1);
    expect(ep.actions).toEqual([NOOP, WIN]);
    expect(ep).toMatchObject({ success: true, truncated: false });
  });

  it('lets an aggregator read only the proposers pointing to it, its Q their mean score, its text the action', async () => {
    const p1 = scripted(() => HALF);
    const p2 = scripted(() => WIN);
    const p3 = scripted(() => NOOP);
    const agg = scripted(() => LOSE);
    const w: Workflow = {
      shape: 'mixture',
      agents: [node('p1', 'proposer'), node('p2', 'proposer'), node('p3', 'proposer'), node('agg', 'aggregator')],
      edges: [{ from: 'p1', to: 'agg' }, { from: 'p2', to: 'agg' }],
      rounds: 0,
      aggregate: 'agent',
      read: noShuffle,
    };
    const agents = new Map([['p1', p1.handle], ['p2', p2.handle], ['p3', p3.handle], ['agg', agg.handle]]);
    const [ep] = await playTeam(w, agents, [4], 1, play());
    expect(agg.rows[0][0].goal).toBe(`${ep.goal} proposals : ${HALF} ; ${WIN}`);
    expect(ep.outputs.agg.inputs).toEqual([(0.25 + 1) / 2]);
    expect(ep.outputs.agg.scores).toEqual([[0]]);
    expect(ep.actions).toEqual([LOSE]);
    expect(ep.success).toBe(false);
  });

  it('gives an executor with no proposers to read no inputs', async () => {
    const ex = scripted(() => WIN);
    const w: Workflow = { shape: 'chain', agents: [node('ex', 'executor')], edges: [], rounds: 0, aggregate: 'agent' };
    const [ep] = await playTeam(w, new Map([['ex', ex.handle]]), [1], 1, play());
    expect(ep.outputs.ex).toEqual({ scores: [[1]], inputs: [] });
    expect(ex.rows[0][0].goal).toBe(ep.goal);
  });

  it('ends at the loop maxTurns even when the env allows more, truncated', async () => {
    const ex = scripted(() => NOOP);
    const w: Workflow = { shape: 'chain', agents: [node('ex', 'executor')], edges: [], rounds: 0, aggregate: 'agent' };
    const [ep] = await playTeam(w, new Map([['ex', ex.handle]]), [1], 1, play(2));
    expect(ep.actions).toHaveLength(2);
    expect(ep.truncated).toBe(true);
    expect(ex.rows).toHaveLength(2);
  });

  it("sums the env's rewards into the episode's and every record's envReturn, and numbers the log's turns", async () => {
    const won = new Map([['p1', scripted(() => WIN).handle], ['p2', scripted(() => WIN).handle]]);
    const [ep] = await playTeam(vote(2), won, [1], 1, play());
    expect(ep.envReturn).toBe(1);
    expect([ep.records.p1.envReturn, ep.records.p2.envReturn]).toEqual([1, 1]);
    const waited = new Map([['p1', scripted(() => NOOP).handle], ['p2', scripted(() => NOOP).handle]]);
    const [idle] = await playTeam(vote(2), waited, [1], 1, play(2));
    expect(idle.log.map((m) => m.turn)).toEqual([0, 0, 1, 1]);
    expect(idle.envReturn).toBe(0);
  });

  it('plays nothing with maxTurns 0: no agent called, no action, an episode that never started', async () => {
    const a = scripted(() => WIN);
    const [ep] = await playTeam(vote(2), new Map([['p1', a.handle], ['p2', scripted(() => WIN).handle]]), [1], 1, play(0));
    expect(a.rows).toEqual([]);
    expect(ep).toMatchObject({ actions: [], log: [], success: false, truncated: false, envReturn: 0 });
    expect(ep.records.p1).toMatchObject({ turns: [], success: false, truncated: false });
  });

  it('draws every episode from the split it is given', async () => {
    // The goal names a random 6-letter word drawn from the split's pool.
    const worded = defineWebTask<{ word: string }>({
      id: 'toy-split',
      description: 'Press Win.',
      maxTurns: 1,
      options: [],
      expert: () => 'click(1)',
      init: (rng, _o, pools) => {
        const word = pools.string(rng, 6, 6);
        return { goal: `Press Win ${word}`, state: { word } };
      },
      draw: (_s, page) => void page.add('button', 'Win', undefined, { click: () => page.end(true) }),
      progress: () => 0,
    });
    const agents = new Map([['p1', scripted(() => WIN).handle]]);
    for (const split of ['train', 'test'] as const) {
      const eps = await playTeam(vote(1), agents, [1, 2, 3, 4], 1, { spec: worded, envOptions: {}, split, maxTurns: 1 });
      for (const ep of eps) expect(inSplit(ep.goal.slice('Press Win '.length), split)).toBe(true);
    }
  });
});
