// The GPU caches stay bounded over varying batch shapes (issue 16: the bind-group cache grew with every new shape
// because its key held tensor sizes). A tiny model trains and samples on batches of many row counts and widths;
// once one shape of each kind has been seen (row counts by their residues mod 16, which pick kernel variants, and
// the largest batch, which sizes the buffers), new shapes add no pipeline, bind group, buffer or byte.
import { expect, it } from 'vitest';
import { Rng } from '../../src/core/rng';
import { TransformerPolicy } from '../../src/model/policy';
import { GpuOps } from '../../src/gpu/ops';
import { randomBatch, HYPER } from '../bench/measure';
import { sharedDevice } from './layouts';

const MODEL = { vocab: 40, dim: 16, layers: 1, heads: 2, window: 16 };

async function stepAndSample(p: TransformerPolicy<unknown, unknown>, rows: number, width: number, seed: number): Promise<void> {
  await p.trainStep(randomBatch(MODEL.vocab, rows, width, seed), HYPER);
  const r = Rng.fromSeed(seed);
  const prompts = Array.from({ length: rows }, (_, n) => Array.from({ length: Math.max(1, width - 4 - n) }, () => 8 + r.int(MODEL.vocab - 8)));
  await p.generate(prompts, { temperature: 1, topP: 0.9, maxNewTokens: 3, rng: r });
}

it('pipelines, bind groups and the buffer pool stay the same size over new batch shapes', async () => {
  const ops = new GpuOps(await sharedDevice());
  const p = new TransformerPolicy(ops, MODEL, Rng.fromSeed(3));
  // The largest batch first (it sizes the buffers), then rows*width of every kind: a multiple of 16, of 4 only, odd.
  const seen: [number, number][] = [[4, 16], [3, 15], [2, 14], [1, 13], [2, 8]];
  for (const [i, [rows, width]] of seen.entries()) await stepAndSample(p, rows, width, i);
  const settled = ops.ctx.cacheSizes();
  const fresh: [number, number][] = [[4, 12], [3, 11], [2, 10], [1, 9], [3, 8], [4, 7], [2, 6], [3, 13], [1, 16], [4, 5]];
  for (const [i, [rows, width]] of fresh.entries()) {
    await stepAndSample(p, rows, width, 100 + i);
    expect(ops.ctx.cacheSizes(), `after ${rows} rows of ${width}`).toEqual(settled);
  }
  expect(settled.bindGroups).toBeLessThan(300);
  p.dispose();
});

it('a training step records all its work into one command buffer: one submit, one readback', async () => {
  const ops = new GpuOps(await sharedDevice());
  const p = new TransformerPolicy(ops, MODEL, Rng.fromSeed(4));
  const batch = randomBatch(MODEL.vocab, 3, 12, 1);
  await p.trainStep(batch, HYPER); // pipelines and buffers made
  const queue = ops.device.queue;
  const submit = queue.submit;
  let buffers = 0;
  queue.submit = (commands: Iterable<GPUCommandBuffer>) => {
    buffers += [...commands].length;
    submit.call(queue, commands);
  };
  try {
    await p.trainStep(batch, HYPER);
  } finally {
    queue.submit = submit;
  }
  expect(buffers).toBe(1);
  p.dispose();
});
