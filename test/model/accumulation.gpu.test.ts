// Micro-batched gradient accumulation on WebGPU in Node (Dawn on SwiftShader): the same TransformerPolicy code drives
// it, so 3 micro-batches (one submit each, as writes flush recorded work) give the one-batch step's gradient.
import { expect, it } from 'vitest';
import { acquireDevice } from '../../src/gpu/device';
import { GpuOps } from '../../src/gpu/ops';
import { UNLIMITED } from '../../src/model/memory';
import { expectSameStep, limitsFor, randomBatch, step } from './accumulation-fixtures';

it('3 micro-batches give the one-batch gradient and metrics on WebGPU', async () => {
  const got = await acquireDevice();
  if (got.kind !== 'webgpu') throw new Error(`no WebGPU device: ${got.reason}`);
  const b = randomBatch(7, 3);
  const one = await step(new GpuOps(got.device), UNLIMITED, b);
  const three = await step(new GpuOps(got.device), limitsFor(3, b.width), b);
  expect([one.parts, three.parts]).toEqual([1, 3]);
  expectSameStep(three, one);
});
