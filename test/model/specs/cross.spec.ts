// One whole training step (forward, loss, backward, AdamW) of a seeded tiny model: the GPU backend equals the CPU twin
// within tolerance, for CE and for GRPO with KL; and the GPU buffer pool stays constant over 100 steps.
import { expect, it } from 'vitest';
import { createPolicy, type CreatedPolicy } from '../../../src/model/create';
import type { StepHyper, TrainBatch } from '../../../src/model/policy-api';
import { CE, GRPO, demoRows } from './policy.spec';
import { makeBatch, tok } from '../fixtures';

/**
 * Parameters after one step may differ by a quarter of one AdamW step (lr) between backends: f32 with different
 * reduction orders, and Adam's first step g / (|g| + eps) turns the float noise of near-zero gradients into
 * steps of up to ~0.15 lr (seen with the 1/sqrt(D) init). Log-probabilities and metrics must agree within 1e-4,
 * and a wrong gradient moves a parameter by up to 2 lr, so this still catches real differences.
 */
export const STEP_TOL = 0.25;
/** adamM (0.1 g after one step) below which a gradient counts as float noise. */
const GRAD_NOISE = 1e-7;

/** The toy demonstration batch, with old and reference log-probs a little off p's own. */
export async function batchFor(p: CreatedPolicy): Promise<TrainBatch> {
  const { rows, prompts } = demoRows(p.window);
  const b = makeBatch(rows, prompts.map((x) => x.length), Math.max(...rows.map((r) => r.length)));
  b.oldLogp = (await p.logprobs(b, 1)).map((x) => x + 0.05);
  b.refLogp = b.oldLogp.map((x) => x - 0.1);
  return b;
}

/**
 * One training step on each policy: metrics within 1e-4 (relative), parameters within STEP_TOL * lr, but for at most
 * one in 10,000 (a near-zero gradient whose sign float noise flipped moves by up to 2 lr the other way; f16 roundings
 * make that likelier). A wrong gradient moves far more parameters than that.
 */
export async function expectStepsAgree(got: CreatedPolicy, want: CreatedPolicy, b: TrainBatch, hyper: StepHyper): Promise<void> {
  const mG = await got.trainStep(b, hyper);
  const mW = await want.trainStep(b, hyper);
  for (const k of Object.keys(mW) as (keyof typeof mW)[]) expect(Math.abs(mG[k] - mW[k])).toBeLessThan(1e-4 * (1 + Math.abs(mW[k])));
  const [sG, sW] = [await got.getState(), await want.getState()];
  let worst = 0;
  let worstNoise = 0;
  sW.params.forEach((x, i) => {
    // A gradient that is float noise (the key bias's is zero in exact arithmetic) makes Adam's first step noise of
    // up to a whole lr: there, compare the gradients (adamM = 0.1 g after one step) instead of the steps.
    if (Math.abs(sW.adamM[i]) < GRAD_NOISE) worstNoise = Math.max(worstNoise, Math.abs(sG.adamM[i] - sW.adamM[i]));
    else worst = Math.max(worst, Math.abs(sG.params[i] - x));
  });
  expect(worst).toBeLessThan(STEP_TOL * hyper.lr);
  expect(worstNoise).toBeLessThan(GRAD_NOISE);
}

export function crossSpec(device: () => Promise<GPUDevice>): void {
  for (const hyper of [CE, GRPO])
    it(`one ${hyper.objective} training step equals the CPU twin's within ${STEP_TOL} lr`, async () => {
      const gpu = (await createPolicy({ model: 'tiny', vocab: tok.size, seed: 11, backend: 'webgpu', device: await device() })).policy;
      const cpu = (await createPolicy({ model: 'tiny', vocab: tok.size, seed: 11, backend: 'cpu' })).policy;
      const b = await batchFor(cpu);
      const lpG = await gpu.logprobs(b, 1);
      const lpC = await cpu.logprobs(b, 1);
      lpC.forEach((x, i) => expect(Math.abs(lpG[i] - x)).toBeLessThan(1e-4));
      await expectStepsAgree(gpu, cpu, b, hyper);
      gpu.dispose();
      cpu.dispose();
    });

  it('the GPU buffer pool is the same size over 100 steps (a 1-layer model, one short row, to keep it quick)', async () => {
    const model = { dim: 16, layers: 1, heads: 2, window: 16, pointer: 4 };
    const p = (await createPolicy({ model, vocab: tok.size, seed: 12, backend: 'webgpu', device: await device() })).policy;
    const b = makeBatch([tok.encode('fill(2, "Bob Smith")')], [3], 12);
    b.oldLogp = await p.logprobs(b, 1);
    b.refLogp = b.oldLogp.map((x) => x - 0.1);
    await p.trainStep(b, GRPO);
    const bytes = p.bytesAllocated;
    for (let s = 0; s < 100; s++) await p.trainStep(b, GRPO);
    expect(p.bytesAllocated).toBe(bytes);
    p.dispose();
  });
}
