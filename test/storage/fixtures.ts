// Small skill records for storage tests (Node with fake-indexeddb and the real IndexedDB in Chromium).

import type { SkillRecord } from '../../src/storage/schema';

export function skillRecord(id: string, over: Partial<SkillRecord> = {}): SkillRecord {
  return {
    id,
    name: `skill ${id}`,
    description: `clicks ${id}`,
    family: 'click-tab',
    precondition: { cluster: 'link,tab' },
    steps: [{ verb: 'click', args: [{ kind: 'ref', role: 'tab', name: { kind: 'literal', value: id } }] }],
    fitness: 0.5,
    uses: 2,
    successes: 1,
    parents: [],
    agent: 'a0',
    createdAt: 1,
    ...over,
  };
}
