// Workflows as data: the built-in shapes from a config, validation messages that name the bad field, the vote, and
// the team keys carried by a share link.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/core/config-table';
import { decodeLink, encodeLink } from '../../src/core/share-link';
import { majority } from '../../src/multi/interaction';
import { validateWorkflow, workflowOf, type Workflow } from '../../src/multi/workflow';

const chain: Workflow = workflowOf({ ...DEFAULT_CONFIG, workflow: 'chain' });

function errorsOf(input: unknown): string[] {
  const r = validateWorkflow(input);
  return r.ok ? [] : r.errors.map((e) => `${e.field}: ${e.message}`);
}

describe('workflow', () => {
  it('builds the three shapes from the config', () => {
    expect(chain.agents.map((a) => `${a.name}:${a.role}`)).toEqual(['planner:planner', 'executor:executor']);
    expect(chain.edges).toEqual([{ from: 'planner', to: 'executor' }]);
    const debate = workflowOf({ ...DEFAULT_CONFIG, workflow: 'debate', agents: 4, rounds: 2 });
    expect(debate.agents.map((a) => a.name)).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect([debate.rounds, debate.aggregate, debate.edges.length]).toEqual([2, 'vote', 0]);
    const judged = workflowOf({ ...DEFAULT_CONFIG, workflow: 'debate', aggregate: 'agent', leadModel: 'small' });
    expect(judged.agents.at(-1)).toEqual({ name: 'judge', role: 'aggregator', model: 'small', trainable: true });
    const mixture = workflowOf({ ...DEFAULT_CONFIG, workflow: 'mixture', agents: 2 });
    expect(mixture.edges).toEqual([{ from: 'p1', to: 'aggregator' }, { from: 'p2', to: 'aggregator' }]);
    expect(mixture.rounds).toBe(0);
  });

  it('names the bad field: types, unknown agents, duplicates, cycles, no actor', () => {
    expect(errorsOf({ ...chain, agents: [{ ...chain.agents[0], model: 'huge' }, chain.agents[1]] })).toEqual(['agents[0].model: must be one of: tiny, small, base']);
    expect(errorsOf({ ...chain, edges: [{ from: 'planner', to: 'nobody' }] })).toEqual(["edges[0].to: unknown agent 'nobody'"]);
    expect(errorsOf({ ...chain, agents: [chain.agents[0], { ...chain.agents[1], name: 'planner' }] })[0]).toBe("agents[1].name: 'planner' is used by agents[0] too");
    const loop = { ...chain, edges: [...chain.edges, { from: 'executor', to: 'planner' }] };
    expect(errorsOf(loop)).toContain('edges: cycle planner -> executor -> planner: a workflow is acyclic (debate rounds are not edges)');
    expect(errorsOf({ ...chain, agents: [chain.agents[0]], edges: [] })).toEqual([
      'agents: no one acts: add an executor or an aggregator, or at least two proposers with aggregate = vote',
      "agents[0]: planner 'planner' sends its plan to no one",
    ]);
    expect(errorsOf({ ...chain, rounds: 9 })).toEqual(['rounds: must be from 0 to 3']);
    expect(() => workflowOf(DEFAULT_CONFIG)).toThrow(/single/);
  });

  it('votes by majority, ties to the earliest proposal', () => {
    expect(majority(['a', 'b', 'b'])).toBe('b');
    expect(majority(['c', 'a', 'a', 'c'])).toBe('c');
  });

  it('a share link carries the team', () => {
    const config = { ...DEFAULT_CONFIG, workflow: 'debate', agents: 4, rounds: 2, alloc: 'gain', aggregate: 'agent', leadModel: 'small' } as const;
    const link = encodeLink(config);
    expect(link).toContain('workflow=debate');
    expect(decodeLink(link)).toEqual({ ok: true, config, warnings: [] });
    const bad = decodeLink('#workflow=swarm&rounds=7');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors.map((e) => e.key).sort()).toEqual(['rounds', 'workflow']);
  });
});
