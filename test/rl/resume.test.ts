// Resuming from a checkpoint (through its binary form) continues bit-identically, sync and async.
import { describe, expect, it } from 'vitest';
import { decodeCheckpoint, encodeCheckpoint } from '../../src/rl/checkpoint';
import { createTrainer, resumeTrainer } from '../../src/rl/setup';
import { forgeFormat1 } from './checkpoint-forge';
import { numbers, tinyConfig } from './helpers';

async function run(config: ReturnType<typeof tinyConfig>, total: number, splitAt: number | null) {
  let { trainer } = await createTrainer(config);
  const out = [];
  for (let k = 0; k < total; k++) {
    if (k === splitAt) {
      const bytes = encodeCheckpoint(await trainer.checkpoint());
      trainer.dispose();
      ({ trainer } = await resumeTrainer(decodeCheckpoint(bytes)));
    }
    out.push(numbers(await trainer.step()));
  }
  const params = (await trainer.checkpoint()).policy.params;
  trainer.dispose();
  return { out, params };
}

describe('checkpoint and resume', () => {
  for (const async of [false, true]) {
    it(`a resumed run equals an uninterrupted one (async ${async})`, async () => {
      const config = tinyConfig({ async, beta: 0.01, updates: 4 });
      const straight = await run(config, 4, null);
      const resumed = await run(config, 4, 2);
      expect(resumed.out).toEqual(straight.out);
      expect(Buffer.from(resumed.params.buffer).equals(Buffer.from(straight.params.buffer))).toBe(true);
    });
  }

  it('a checkpoint saved before the f16 key resumes at f32; one that has the key keeps it', async () => {
    const { trainer } = await createTrainer(tinyConfig({ f16: true, updates: 2 }));
    const saved = await trainer.checkpoint();
    trainer.dispose();
    const { f16: _, ...older } = saved.config;
    for (const [config, f16] of [[older, false], [saved.config, true]] as const) {
      const bytes = encodeCheckpoint({ ...saved, config: config as typeof saved.config });
      const { trainer: resumed } = await resumeTrainer(decodeCheckpoint(bytes));
      expect(resumed.currentConfig.f16).toBe(f16);
      resumed.dispose();
    }
  });

  it('refuses a checkpoint whose vocabulary has another set of special tokens (an older version), saying so', async () => {
    const { trainer } = await createTrainer(tinyConfig({ updates: 1 }));
    const saved = await trainer.checkpoint();
    trainer.dispose();
    const older = forgeFormat1({ ...saved, vocab: saved.vocab.filter((w) => w !== '<match>') });
    expect(() => decodeCheckpoint(older)).toThrow(/saved by an older Greenhouse/);
  });

  it('rejects bytes that are not a checkpoint', () => {
    expect(() => decodeCheckpoint(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]))).toThrow(/not a Greenhouse checkpoint/);
  });
});
