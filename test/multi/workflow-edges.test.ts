// Workflow validation message by message: every field's bound and type, every graph rule with the agent or edge it
// names, the shapes built from a config with their read rules, and the helpers upstream and actor.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/core/config-table';
import { actor, checkedWorkflow, MARTI_READ, upstream, validateWorkflow, workflowOf, type AgentNode, type Workflow } from '../../src/multi/workflow';

const node = (name: string, role: AgentNode['role'], over: Partial<AgentNode> = {}): AgentNode => ({ name, role, model: 'tiny', trainable: true, ...over });
const debate = (n: number, over: Partial<Workflow> = {}): Workflow => ({
  shape: 'debate',
  agents: Array.from({ length: n }, (_, i) => node(`p${i + 1}`, 'proposer')),
  edges: [],
  rounds: 1,
  aggregate: 'vote',
  ...over,
});
const errorsOf = (input: unknown): string[] => {
  const r = validateWorkflow(input);
  return r.ok ? [] : r.errors.map((e) => `${e.field}: ${e.message}`);
};

describe('workflow fields', () => {
  it('names each bad field with what it must be', () => {
    const w = debate(2);
    expect(errorsOf({ ...w, shape: 'swarm' })).toEqual(['shape: must be one of: chain, debate, mixture']);
    expect(errorsOf({ ...w, view: 'tiles' })).toEqual(['view: must be one of: whole, parts']);
    expect(errorsOf({ ...w, view: 'parts' })).toEqual([]);
    expect(errorsOf({ ...w, agents: 'p1' })).toEqual(['agents: must be a list of agents']);
    expect(errorsOf({ ...w, agents: [] })).toEqual(['agents: needs at least one agent']);
    expect(errorsOf({ ...w, edges: 'none' })).toEqual(['edges: must be a list of edges']);
    expect(errorsOf({ ...w, edges: [{ from: 1, to: 'p1' }] })).toEqual(['edges[0].from: must be an agent name']);
    expect(errorsOf({ ...w, edges: [{ from: 'p1', to: null }] })).toEqual(['edges[0].to: must be an agent name']);
    expect(errorsOf({ ...w, rounds: '1' })).toEqual(['rounds: must be a number']);
    expect(errorsOf({ ...w, rounds: 1.5 })).toEqual(['rounds: must be an integer']);
    expect(errorsOf({ ...w, rounds: -1 })).toEqual(['rounds: must be from 0 to 3']);
    expect(errorsOf({ ...w, rounds: 4 })).toEqual(['rounds: must be from 0 to 3']);
    expect(errorsOf({ ...w, aggregate: 'best' })).toEqual(['aggregate: must be vote or agent']);
    expect(errorsOf(null)).toHaveLength(1);
    expect(errorsOf(null)[0]).toMatch(/^workflow: /);
  });

  it('takes 1 to 7 agents and rounds 0 to 3', () => {
    expect(errorsOf(debate(7))).toEqual([]);
    expect(errorsOf(debate(8))).toEqual(['agents: allows at most 7 agents']);
    expect(errorsOf(debate(2, { rounds: 0 }))).toEqual([]);
    expect(errorsOf(debate(2, { rounds: 3 }))).toEqual([]);
    expect(errorsOf({ shape: 'chain', agents: [node('solo', 'executor')], edges: [], rounds: 0, aggregate: 'agent' })).toEqual([]);
  });

  it("checks each agent's name, role, model, trainable and policy", () => {
    const bad = (over: Record<string, unknown>) => errorsOf(debate(2, { agents: [{ ...node('p1', 'proposer'), ...over } as AgentNode, node('p2', 'proposer')] }));
    const nameRule = 'agents[0].name: must be 1-12 lower-case letters or digits, starting with a letter';
    for (const name of ['P1', '1p', '', 'p-1', 'a'.repeat(13), ' p1']) expect(bad({ name })).toEqual([nameRule]);
    expect(bad({ name: 'a'.repeat(12) })).toEqual([]);
    expect(bad({ name: 'z9' })).toEqual([]);
    expect(bad({ name: 5 })).toEqual(['agents[0].name: must be a string']);
    expect(bad({ role: 'judge' })).toEqual(['agents[0].role: must be one of: planner, executor, proposer, aggregator']);
    expect(bad({ model: 'huge' })).toEqual(['agents[0].model: must be one of: tiny, small, base']);
    expect(bad({ trainable: 'yes' })).toEqual(['agents[0].trainable: must be true or false']);
    expect(bad({ policy: [1, 2] })).toEqual(['agents[0].policy: must be the bytes of a checkpoint']);
    expect(bad({ policy: new Uint8Array([1]), trainable: false })).toEqual([]);
    expect(bad({ policy: new Uint8Array([1]) })).toEqual(["agents[0].policy: 'p1' is trainable: only a frozen agent acts with a saved policy"]);
  });

  it('checks the read rules: maxOthers 1 to 6, two switches', () => {
    const read = (over: Record<string, unknown>) => errorsOf(debate(2, { read: { ...MARTI_READ, ...over } as Workflow['read'] }));
    expect(read({})).toEqual([]);
    expect(read({ maxOthers: 1 })).toEqual([]);
    expect(read({ maxOthers: 6 })).toEqual([]);
    expect(read({ maxOthers: 0 })).toEqual(['read.maxOthers: must be from 1 to 6']);
    expect(read({ maxOthers: 7 })).toEqual(['read.maxOthers: must be from 1 to 6']);
    expect(read({ maxOthers: 2.5 })).toEqual(['read.maxOthers: must be an integer']);
    expect(read({ maxOthers: '2' })).toEqual(['read.maxOthers: must be a number']);
    expect(read({ shuffle: 1 })).toEqual(['read.shuffle: must be true or false']);
    expect(read({ containSelf: 'no' })).toEqual(['read.containSelf: must be true or false']);
  });
});

describe('workflow graph', () => {
  it('names unknown senders and receivers, self-edges, and duplicate names, before any cycle', () => {
    const w = debate(2, { agents: [node('p1', 'proposer'), node('p2', 'proposer'), node('j', 'aggregator')] });
    expect(errorsOf({ ...w, edges: [{ from: 'x', to: 'j' }, { from: 'p1', to: 'y' }, { from: 'p2', to: 'p2' }, { from: 'p1', to: 'j' }] })).toEqual([
      "edges[0].from: unknown agent 'x'",
      "edges[1].to: unknown agent 'y'",
      "edges[2]: 'p2' cannot send to itself",
    ]);
    expect(errorsOf({ ...w, agents: [...w.agents, node('p1', 'proposer')], edges: [{ from: 'p1', to: 'j' }] })).toEqual([
      "agents[3].name: 'p1' is used by agents[0] too",
    ]);
  });

  it('finds a cycle anywhere in the graph and names it from where it starts', () => {
    const agents = [node('a', 'planner'), node('b', 'planner'), node('c', 'planner'), node('x', 'executor')];
    const edges = [{ from: 'a', to: 'x' }, { from: 'b', to: 'c' }, { from: 'c', to: 'b' }];
    expect(errorsOf({ shape: 'chain', agents, edges, rounds: 0, aggregate: 'agent' })).toEqual([
      'edges: cycle b -> c -> b: a workflow is acyclic (debate rounds are not edges)',
    ]);
    // A diamond (two paths to one agent) is no cycle.
    const diamond = [{ from: 'a', to: 'b' }, { from: 'a', to: 'c' }, { from: 'b', to: 'x' }, { from: 'c', to: 'x' }];
    expect(errorsOf({ shape: 'chain', agents, edges: diamond, rounds: 0, aggregate: 'agent' })).toEqual([]);
    const long = [{ from: 'a', to: 'b' }, { from: 'b', to: 'c' }, { from: 'c', to: 'a' }, { from: 'c', to: 'x' }];
    expect(errorsOf({ shape: 'chain', agents, edges: long, rounds: 0, aggregate: 'agent' })).toEqual([
      'edges: cycle a -> b -> c -> a: a workflow is acyclic (debate rounds are not edges)',
    ]);
    // Reached from a, the cycle is named from b, and x, a dead end explored before it, is not in it.
    const deadEndFirst = [{ from: 'a', to: 'b' }, { from: 'b', to: 'x' }, { from: 'b', to: 'c' }, { from: 'c', to: 'b' }];
    expect(errorsOf({ shape: 'chain', agents, edges: deadEndFirst, rounds: 0, aggregate: 'agent' })).toEqual([
      'edges: cycle b -> c -> b: a workflow is acyclic (debate rounds are not edges)',
    ]);
  });

  it('wants exactly one actor, or at least two voting proposers', () => {
    const two = [node('e', 'executor'), node('g', 'aggregator'), node('p1', 'proposer')];
    expect(errorsOf({ shape: 'mixture', agents: two, edges: [{ from: 'p1', to: 'g' }], rounds: 0, aggregate: 'agent' })).toEqual([
      'agents: one agent acts in the environment; e and g both would',
    ]);
    const noOne = 'agents: no one acts: add an executor or an aggregator, or at least two proposers with aggregate = vote';
    expect(errorsOf(debate(1, { rounds: 0 }))).toEqual([noOne]);
    expect(errorsOf(debate(2, { aggregate: 'agent' }))).toEqual([noOne]);
    expect(errorsOf(debate(2))).toEqual([]);
  });

  it('wants a planner to send and an aggregator to read a proposer', () => {
    const agents = [node('pl', 'planner'), node('p1', 'proposer'), node('p2', 'proposer'), node('g', 'aggregator')];
    expect(errorsOf({ shape: 'mixture', agents, edges: [{ from: 'pl', to: 'g' }], rounds: 0, aggregate: 'agent' })).toEqual([
      "agents[3]: aggregator 'g' reads no proposer",
    ]);
    expect(errorsOf({ shape: 'mixture', agents, edges: [{ from: 'p2', to: 'g' }], rounds: 0, aggregate: 'agent' })).toEqual([
      "agents[0]: planner 'pl' sends its plan to no one",
    ]);
    expect(errorsOf({ shape: 'mixture', agents, edges: [{ from: 'pl', to: 'p1' }, { from: 'p1', to: 'g' }], rounds: 0, aggregate: 'agent' })).toEqual([]);
  });

  it('wants two proposers for debate rounds', () => {
    const w = { shape: 'chain', agents: [node('p1', 'proposer'), node('e', 'executor')], edges: [], aggregate: 'agent' };
    expect(errorsOf({ ...w, rounds: 1 })).toEqual(['rounds: debate rounds need at least two proposers']);
    expect(errorsOf({ ...w, rounds: 0 })).toEqual([]);
  });

  it('throws every problem at once from checkedWorkflow', () => {
    expect(() => checkedWorkflow(debate(1, { aggregate: 'agent' }))).toThrow(
      'workflow: agents: no one acts: add an executor or an aggregator, or at least two proposers with aggregate = vote; rounds: debate rounds need at least two proposers',
    );
    const ok = debate(3);
    expect(checkedWorkflow(ok)).toEqual(ok);
  });
});

describe('workflow helpers and shapes', () => {
  it('lists upstream agents in declaration order and finds the actor', () => {
    const w: Workflow = {
      shape: 'mixture',
      agents: [node('p1', 'proposer'), node('p2', 'proposer'), node('p3', 'proposer'), node('g', 'aggregator')],
      edges: [{ from: 'p3', to: 'g' }, { from: 'p1', to: 'g' }],
      rounds: 0,
      aggregate: 'agent',
    };
    expect(upstream(w, 'g').map((a) => a.name)).toEqual(['p1', 'p3']);
    expect(upstream(w, 'p1')).toEqual([]);
    expect(actor(w)?.name).toBe('g');
    expect(actor(debate(3))).toBeNull();
    expect(actor({ ...w, agents: [node('e', 'executor'), ...w.agents.slice(0, 3)] })?.name).toBe('e');
  });

  it("builds each shape with the config's models and read rules", () => {
    const c = { ...DEFAULT_CONFIG, model: 'small', leadModel: 'tiny', agents: 3, rounds: 2, maxOthers: 2, shuffleResponses: false, containSelf: false } as const;
    const read = { maxOthers: 2, shuffle: false, containSelf: false };
    const chain = workflowOf({ ...c, workflow: 'chain' });
    expect(chain).toEqual({
      shape: 'chain',
      agents: [node('planner', 'planner', { model: 'tiny' }), node('executor', 'executor', { model: 'small' })],
      edges: [{ from: 'planner', to: 'executor' }],
      rounds: 0,
      aggregate: 'agent',
      view: 'whole',
    });
    expect(workflowOf({ ...c, workflow: 'chain', view: 'parts' }).view).toBe('parts');
    expect(workflowOf({ ...c, workflow: 'debate', aggregate: 'vote' })).toEqual({
      shape: 'debate',
      agents: ['p1', 'p2', 'p3'].map((n) => node(n, 'proposer', { model: 'small' })),
      edges: [],
      rounds: 2,
      aggregate: 'vote',
      read,
      view: 'whole',
    });
    const judged = workflowOf({ ...c, workflow: 'debate', aggregate: 'agent' });
    expect(judged).toMatchObject({ shape: 'debate', rounds: 2, aggregate: 'agent', read });
    expect(judged.edges).toEqual(['p1', 'p2', 'p3'].map((from) => ({ from, to: 'judge' })));
    const mixture = workflowOf({ ...c, workflow: 'mixture' });
    expect(mixture).toMatchObject({ shape: 'mixture', rounds: 0, aggregate: 'agent', read });
    expect(mixture.agents.map((a) => `${a.name}:${a.role}:${a.model}`)).toEqual(['p1:proposer:small', 'p2:proposer:small', 'p3:proposer:small', 'aggregator:aggregator:tiny']);
    expect(MARTI_READ).toEqual({ maxOthers: 5, shuffle: true, containSelf: true });
  });
});
