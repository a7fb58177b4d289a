// A GPU device destroyed in the middle of an update (the update's error arrives before device.lost) and one
// destroyed while idle: the session recovers from its last checkpoint on a new device and the run ends exactly as
// an uninterrupted one (resuming from a checkpoint is bit-identical). WebGPU in Node: Dawn on SwiftShader.
import { describe, expect, it } from 'vitest';
import { acquireDevice } from '../../src/gpu/device';
import type { UpdateReport } from '../../src/rl/trainer';
import type { TrainingStatus } from '../../src/workers/protocol';
import { TrainingSession } from '../../src/workers/training-session';
import { numbers, tinyConfig } from '../rl/helpers';

const CONFIG = tinyConfig({ backend: 'webgpu', group: 2, tasks: 2, bcSteps: 1, updates: 3, checkpointEvery: 1 });

async function device(): Promise<GPUDevice> {
  const got = await acquireDevice();
  if (got.kind !== 'webgpu') throw new Error(got.reason);
  return got.device;
}

/** A session on a fresh device; `byUpdate` keeps each update's latest report (a recovery replays some). */
async function open() {
  const statuses: TrainingStatus[] = [];
  const byUpdate = new Map<number, UpdateReport>();
  const devices: GPUDevice[] = [];
  const s = await TrainingSession.start({ kind: 'new', config: CONFIG }, { onStatus: (x) => statuses.push(x), onUpdate: (r) => byUpdate.set(r.update, r) }, {
    db: null,
    device: async () => {
      devices.push(await device());
      return devices[devices.length - 1];
    },
  });
  return { s, statuses, byUpdate, devices };
}

describe('device loss', () => {
  it('recovers from a loss in the middle of an update and from one while idle, ending as an uninterrupted run', async () => {
    const clean = await open();
    await clean.s.play();
    const expected = [...clean.byUpdate.values()].map(numbers);
    await clean.s.close();

    const lossy = await open();
    expect(await lossy.s.step()).toEqual({ ok: true });
    expect(lossy.s.loseDevice('next-update')).toEqual({ ok: true });
    expect(await lossy.s.step()).toEqual({ ok: true });
    const recovered = lossy.statuses.filter((x) => x.kind === 'recovered');
    expect(recovered).toEqual([{ kind: 'recovered', update: 1, message: expect.stringMatching(/^The GPU device was lost; training continues from update 1 on webgpu: fits: /) }]);
    expect(lossy.statuses.some((x) => x.kind === 'failed')).toBe(false);

    // Lost while idle: recovery starts at once; Train waits for it (refused while it runs), then plays to the end.
    expect(lossy.s.loseDevice('now')).toEqual({ ok: true });
    await expect.poll(() => lossy.statuses.filter((x) => x.kind === 'recovered').length, { timeout: 60_000 }).toBe(2);
    expect(await lossy.s.play()).toEqual({ ok: true });
    expect(lossy.statuses.at(-1)).toEqual({ kind: 'done' });
    expect(lossy.devices).toHaveLength(3);
    expect([...lossy.byUpdate.values()].sort((a, b) => a.update - b.update).map(numbers)).toEqual(expected);
    await lossy.s.close();
  });
});
