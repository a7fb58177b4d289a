// The in-process team host: the single-agent baseline is a Trainer of its own (BC steps reported, its training
// success per step, its greedy-only evaluation), and spawn builds an AgentRunner with its info.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validateConfig } from '../../src/core/config';
import type { Config } from '../../src/core/config-table';
import { getEnvSpec } from '../../src/envs/registry';
import { localHost, singleBaseline } from '../../src/multi/local';
import { teamVocab } from '../../src/multi/language';
import { createTrainer } from '../../src/rl/setup';
import { Trainer } from '../../src/rl/trainer';

function config(over: Record<string, unknown> = {}): Config {
  const r = validateConfig({ env: 'click-button', model: 'tiny', backend: 'cpu', group: 2, tasks: 1, bcSteps: 2, evalTasks: 2, seed: 5, ...over });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.config;
}

afterEach(() => vi.restoreAllMocks());

describe('the local host', () => {
  it("single baseline: a trainer's BC steps, its training success per step, its greedy evaluation", async () => {
    const steps: number[] = [];
    const single = await singleBaseline(config(), (s, loss) => (expect(Number.isFinite(loss)).toBe(true), steps.push(s)));
    expect(steps).toEqual([0, 1]);
    const { trainer } = await createTrainer(config());
    const evaluations = vi.spyOn(Trainer.prototype, 'evaluate');
    expect(await single.step()).toBe((await trainer.step()).metrics['episode/success']);
    const greedy = await single.evaluate();
    expect(evaluations.mock.calls[0]).toEqual([{ sampled: false }]);
    expect(greedy).toBe((await trainer.evaluate({ sampled: false })).metrics['eval/success']);
    const disposed = vi.spyOn(Trainer.prototype, 'dispose');
    await single.dispose();
    expect(disposed).toHaveBeenCalledTimes(1);
    trainer.dispose();
  });

  it('spawns an agent (BC warm-up included) and reports its info', async () => {
    const { vocab, longestAction } = teamVocab(getEnvSpec('click-button'));
    const { member, info } = await localHost.spawn({ config: config(), node: { name: 'p1', role: 'proposer', model: 'tiny', trainable: true }, vocab, longestAction, peers: 0, turns: 1 });
    expect(info.backend).toBe('cpu');
    expect(info.parameterCount).toBeGreaterThan(1000);
    expect((await member.act([{ goal: 'Click on the "OK" button.', obs: { text: '', elements: [] }, past: [] }])).texts).toHaveLength(1);
    await member.dispose();
    const single = await localHost.single(config({ bcSteps: 0 }));
    expect(typeof (await single.step())).toBe('number');
    await single.dispose();
  });
});
