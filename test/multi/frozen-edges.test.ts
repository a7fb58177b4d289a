// frozenPolicy and withFrozen on hand-made checkpoints (no training): the policy a valid one gives, and each refusal
// naming the agent: bytes that do not decode, parameters that do not fit the model, an action the saved env lacks.
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/core/config';
import type { Config } from '../../src/core/config-table';
import type { EnvSpec } from '../../src/envs/api';
import { getEnvSpec } from '../../src/envs/registry';
import { paramTable } from '../../src/model/params';
import { presetConfig } from '../../src/model/presets';
import { frozenPolicy, withFrozen } from '../../src/multi/frozen';
import { workflowOf } from '../../src/multi/workflow';
import { SAVED_VOCAB, savedPolicyBytes } from './saved-policy';

function config(over: Record<string, unknown>): Config {
  const r = validateConfig({ env: 'read-table', model: 'tiny', backend: 'cpu', ...over });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.config;
}
const readTable = getEnvSpec('read-table');

describe('frozenPolicy', () => {
  it("gives the saved model, its context switches, vocabulary and parameters", () => {
    const p = frozenPolicy('p3', savedPolicyBytes(config({ match: false, pointer: false })), readTable);
    expect([p.model, p.match, p.pointer, p.vocab]).toEqual(['tiny', false, false, SAVED_VOCAB]);
    expect(p.params.length).toBe(paramTable(presetConfig('tiny', SAVED_VOCAB.length, false)).total);
    expect(p.params[0]).toBe(0.25);
    const pointed = frozenPolicy('p3', savedPolicyBytes(config({ match: true, pointer: true })), readTable);
    expect([pointed.match, pointed.pointer]).toEqual([true, true]);
  });

  it('refuses bytes that do not decode, naming the agent and why', () => {
    expect(() => frozenPolicy('judge', new Uint8Array(20), readTable)).toThrow("agent 'judge': its saved policy cannot be read (checkpoint: not a Greenhouse checkpoint)");
  });

  it("refuses parameters that do not fit the saved model and vocabulary", () => {
    const n = paramTable(presetConfig('tiny', SAVED_VOCAB.length, config({}).pointer)).total;
    expect(() => frozenPolicy('p1', savedPolicyBytes(config({}), 1), readTable)).toThrow(
      `agent 'p1': its saved policy has ${n + 1} parameter values; a tiny model over its ${SAVED_VOCAB.length} words has ${n}`,
    );
  });

  it("refuses a team env with an action the saved env lacks (verb and arguments alike), and takes one with fewer", () => {
    const grid = savedPolicyBytes(config({ env: 'grid-world' }));
    expect(() => frozenPolicy('p2', grid, readTable)).toThrow(
      'agent \'p2\': its saved policy was trained on grid-world, whose actions lack click(id), fill(id, "text"), select(id, "text"), check(id), back(), answer("text"): it cannot play read-table',
    );
    const textClick: EnvSpec = { ...readTable, id: 'text-click', actions: [{ verb: 'click', args: ['text'] }] };
    expect(() => frozenPolicy('p2', savedPolicyBytes(config({})), textClick)).toThrow("agent 'p2': its saved policy was trained on read-table, whose actions lack click(\"text\"): it cannot play text-click");
    const clickOnly: EnvSpec = { ...readTable, id: 'click-only', actions: [{ verb: 'click', args: ['id'] }] };
    expect(frozenPolicy('p2', savedPolicyBytes(config({})), clickOnly).model).toBe('tiny');
  });
});

describe('withFrozen', () => {
  const debate = workflowOf(config({ workflow: 'debate', agents: 3, rounds: 1 }));

  it('freezes the named agents onto their bytes and leaves the others as they were', () => {
    const bytes = new Uint8Array([1, 2]);
    const w = withFrozen(debate, new Map([['p2', bytes]]));
    expect(w.agents.map((a) => [a.name, a.trainable, a.policy])).toEqual([['p1', true, undefined], ['p2', false, bytes], ['p3', true, undefined]]);
    expect(w.agents[0]).toBe(debate.agents[0]);
    expect({ ...w, agents: [] }).toEqual({ ...debate, agents: [] });
    expect(withFrozen(debate, new Map())).toEqual(debate);
  });

  it('names an agent the team does not have, with the agents it has', () => {
    expect(() => withFrozen(debate, new Map([['p9', new Uint8Array(1)]]))).toThrow("no agent 'p9' in the debate team (agents: p1, p2, p3)");
  });
});
