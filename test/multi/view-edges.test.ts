// Who reads which proposals in view 'parts' (src/multi/view.ts partsOfAgent) where the built-in tests do not look: a
// proposer without debate rounds, and a workflow given in code whose planner feeds two debating proposers.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/core/config-table';
import { partsOfAgent } from '../../src/multi/view';
import { checkedWorkflow, workflowOf } from '../../src/multi/workflow';

describe('partsOfAgent', () => {
  it('a mixture proposer (no rounds) reads no proposals', () => {
    const mixture = workflowOf({ ...DEFAULT_CONFIG, workflow: 'mixture', agents: 3, view: 'parts' });
    expect(partsOfAgent(mixture, 'p1')).toEqual({ own: 0, of: 3, proposals: [], plans: [] });
  });

  it('in debate rounds a proposer reads the proposers only, and a planner reads no proposals', () => {
    // lead plans for p1 and p2, who debate one round and vote; lead reads part 0, p1 part 1, p2 part 2.
    const w = checkedWorkflow({
      shape: 'debate',
      agents: [
        { name: 'lead', role: 'planner', model: 'tiny', trainable: true },
        { name: 'p1', role: 'proposer', model: 'tiny', trainable: true },
        { name: 'p2', role: 'proposer', model: 'tiny', trainable: true },
      ],
      edges: [{ from: 'lead', to: 'p1' }, { from: 'lead', to: 'p2' }],
      rounds: 1,
      aggregate: 'vote',
      view: 'parts',
    });
    expect(partsOfAgent(w, 'lead')).toEqual({ own: 0, of: 3, proposals: [], plans: [] });
    expect(partsOfAgent(w, 'p1')).toEqual({ own: 1, of: 3, proposals: [1, 2], plans: [0] });
    expect(partsOfAgent({ ...w, read: { maxOthers: 5, shuffle: true, containSelf: false } }, 'p2')).toEqual({ own: 2, of: 3, proposals: [1], plans: [0] });
  });
});
