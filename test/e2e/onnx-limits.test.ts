// ONNX evaluation in the page cannot be held by a model: a Loop (10^15 iterations on main) is refused by the
// contract at once; a model that passes the contract but computes for ever (zeros through 1024 x 1024 products,
// added to its logits) is stopped at the panel's time limit, and Cancel stops it at once; the panel works again after.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Rng } from '../../src/core/rng';
import { getEnvSpec } from '../../src/envs/registry';
import { initParams, paramTable } from '../../src/model/params';
import { presetConfig } from '../../src/model/presets';
import { exportPolicy } from '../../src/onnx/export';
import { DT, onnx } from '../../src/onnx/graph';
import { vocabularyOf } from '../../src/rl/vocab';
import { openPage, startE2e, type E2eHarness } from '../support/e2e';

let h: E2eHarness;
beforeAll(async () => {
  h = await startE2e();
});
afterAll(async () => h?.close());

const N = 1024;
const PRODUCTS = 32;

/** An untrained tiny click-button policy with one change made to its decoded form. */
function policyWith(change: (m: InstanceType<typeof onnx.ModelProto>) => void): Buffer {
  const vocab = vocabularyOf(getEnvSpec('click-button')).toJSON();
  const config = presetConfig('tiny', vocab.length);
  const m = onnx.ModelProto.decode(exportPolicy(config, vocab, initParams(config, paramTable(config), Rng.fromSeed(1))));
  change(m);
  return Buffer.from(onnx.ModelProto.encode(m).finish());
}

/** Logits plus 0 times the sum of PRODUCTS (N, N) products, made from the input so nothing folds them away. */
const slow = () =>
  policyWith((m) => {
    const g = m.graph!;
    g.node!.find((n) => n.output![0] === 'logits')!.output = ['logits_raw'];
    g.initializer!.push({ name: 'big_shape', dims: [2], dataType: DT.INT64, int64Data: [N, N] }, { name: 'nought', dims: [], dataType: DT.FLOAT, floatData: [0] });
    const node = (opType: string, input: string[], output: string, attribute: { name: string; type: number; i: number }[] = []) => g.node!.push({ opType, input, output: [output], name: output, attribute });
    node('ReduceSum', ['input_ids'], 'id_sum');
    node('Cast', ['id_sum'], 'id_sum_f', [{ name: 'to', type: onnx.AttributeProto.AttributeType.INT, i: DT.FLOAT }]);
    node('Mul', ['id_sum_f', 'nought'], 'id_zero');
    node('Expand', ['id_zero', 'big_shape'], 'p0');
    for (let k = 1; k <= PRODUCTS; k++) node('MatMul', [`p${k - 1}`, `p${k - 1}`], `p${k}`);
    node('ReduceSum', [`p${PRODUCTS}`], 'total');
    node('Mul', ['total', 'nought'], 'still_zero');
    node('Add', ['logits_raw', 'still_zero'], 'logits');
  });

async function evaluate(page: Page, name: string, bytes: Buffer, seconds: number): Promise<void> {
  const form = page.getByTestId('onnx-eval');
  await form.getByLabel('ONNX policy file').setInputFiles({ name, mimeType: 'application/octet-stream', buffer: bytes });
  await form.getByLabel('time limit in seconds').fill(String(seconds));
  await form.getByRole('button', { name: 'Evaluate' }).click();
}

const error = (page: Page) => page.getByTestId('onnx-eval-error').innerText().catch(() => '');

describe('ONNX evaluation limits', () => {
  it('refuses a Loop, stops a model that runs for ever at the time limit, and cancels on request', async () => {
    const { page, problems } = await openPage(h);
    await page.getByTestId('onnx-eval-panel').locator('summary').click();

    await evaluate(page, 'loop.onnx', policyWith((m) => m.graph!.node!.push({ opType: 'Loop', name: 'forever', input: ['', ''], output: ['never'] })), 60);
    await expect.poll(() => error(page), { timeout: 30_000 }).toMatch(/loop\.onnx was not evaluated: node 'forever' is a Loop: control flow/);

    await evaluate(page, 'slow.onnx', slow(), 2);
    await expect.poll(() => error(page), { timeout: 60_000 }).toBe('Evaluation of slow.onnx stopped: it ran past the 2 s time limit.');
    expect(await page.getByRole('button', { name: 'Evaluate' }).isEnabled()).toBe(true);

    await evaluate(page, 'slow.onnx', slow(), 600);
    await page.getByTestId('onnx-cancel').click();
    await expect.poll(() => error(page), { timeout: 10_000 }).toBe('Evaluation of slow.onnx cancelled.');
    expect(await page.getByTestId('onnx-cancel').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
