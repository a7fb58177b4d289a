// src/rl/rollout-service.ts without training: RolloutPlayer over scripted parts (buildParts mocked to hand back the
// PressOne env and a ScriptedPolicy), the f16 refusal case by case, and what collect() plays with, at which level, and
// the sampling stream it hands back.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Rng } from '../../src/core/rng';
import { RolloutPlayer, type RolloutRequest } from '../../src/rl/rollout-service';
import * as setup from '../../src/rl/setup';
import { config, CLICK1, parts, PressOne, ScriptedPolicy } from './scripted';

vi.mock('../../src/rl/setup', () => ({ buildParts: vi.fn() }));

const buildParts = vi.mocked(setup.buildParts);

/** A scripted policy that says it runs at `precision`; its dispose calls are counted. */
function policyAt(precision: 'f32' | 'f16') {
  const policy = new ScriptedPolicy();
  Object.defineProperty(policy, 'precision', { value: precision });
  return { policy, dispose: vi.spyOn(policy, 'dispose') };
}

function handBack(policy: ScriptedPolicy) {
  buildParts.mockResolvedValue({ ...parts(policy), note: 'scripted' });
}

beforeEach(() => {
  buildParts.mockReset();
  PressOne.resets = [];
});

describe('RolloutPlayer.create', () => {
  it("builds the trainer's parts from the config, the vocabulary, the skills and the device given", async () => {
    const { policy } = policyAt('f32');
    handBack(policy);
    const c = config();
    const device = {} as GPUDevice;
    const skills = [{ id: 's1' }] as unknown as Parameters<typeof RolloutPlayer.create>[2];
    await RolloutPlayer.create(c, ['a', 'b'], skills, device);
    expect(buildParts).toHaveBeenCalledTimes(1);
    expect(buildParts.mock.calls[0]).toEqual([c, { device, skills }, ['a', 'b']]);
    expect(buildParts.mock.calls[0][1]?.device).toBe(device);
  });

  it('refuses a WebGPU f16 run on a device whose policy came out f32, and disposes that policy', async () => {
    const { policy, dispose } = policyAt('f32');
    handBack(policy);
    await expect(RolloutPlayer.create(config({ backend: 'webgpu', f16: true }), [])).rejects.toThrow(
      "this device has no shader-f16 but the trainer's runs f16, so their rollouts would differ",
    );
    expect(dispose).toHaveBeenCalledTimes(1);
  });

  it('accepts an f16 policy for an f16 run, an f32 run on WebGPU, and f16 asked of the CPU (which runs f32)', async () => {
    for (const [over, precision] of [
      [{ backend: 'webgpu', f16: true }, 'f16'],
      [{ backend: 'webgpu', f16: false }, 'f32'],
      [{ backend: 'cpu', f16: true }, 'f32'],
    ] as const) {
      const { policy, dispose } = policyAt(precision);
      handBack(policy);
      const player = await RolloutPlayer.create(config(over), []);
      expect(dispose).not.toHaveBeenCalled();
      player.dispose();
      expect(dispose).toHaveBeenCalledTimes(1);
    }
  });
});

describe('RolloutPlayer.collect', () => {
  const request = (params: number[], sample: RolloutRequest['sample']): RolloutRequest => ({
    config: config({ group: 2, tasks: 2 }), params: Float32Array.from(params), seeds: [5, 9], level: 2, sample,
  });

  it("plays the request's seeds, G each, at its level with its parameters, and hands back the sampling stream moved on", async () => {
    const { policy } = policyAt('f32');
    handBack(policy);
    const player = await RolloutPlayer.create(config(), []);
    const sample = Rng.fromSeed(11).getState();
    // P(click(1)) = 1: every episode wins at its first turn; the version 4 shows in each log-prob (-1 - 4)
    const won = await player.collect(request([4, 1], sample));
    expect(PressOne.resets).toEqual([5, 5, 9, 9].map((seed) => ({ seed, options: { n: 2 }, split: 'train' })));
    expect(won.episodes.map((e) => [e.seed, e.success, e.turns.length, e.turns[0].action[0], e.turns[0].logp[0]])).toEqual([5, 5, 9, 9].map((seed) => [seed, true, 1, CLICK1, -5]));
    expect(won.stats).toEqual({ tokens: 8, envSteps: 4 });
    // one draw per episode: four draws from the stream given
    const moved = new Rng('any');
    moved.setState(sample);
    for (let k = 0; k < 4; k++) moved.next();
    expect(won.sample).toEqual(moved.getState());
    // P(click(1)) = 0: every episode misses three times; 12 draws
    const lost = await player.collect(request([0, 0], sample));
    expect(lost.episodes.map((e) => [e.success, e.turns.length, e.truncated])).toEqual(Array(4).fill([false, 3, true]));
    for (let k = 4; k < 12; k++) moved.next();
    expect(lost.sample).toEqual(moved.getState());
  });
});
