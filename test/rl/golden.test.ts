// A golden trajectory (llm.c's expected_losses): a seeded tiny run's first updates reproduce stored losses
// and rewards. After an intended change to the model, the envs or the trainer, regenerate the file with
//   GOLDEN_WRITE=1 npx vitest run --project node test/rl/golden.test.ts
// and say why in the commit.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createTrainer } from '../../src/rl/setup';
import type { MetricName } from '../../src/rl/metrics';
import { tinyConfig } from './helpers';

const FILE = new URL('./golden-first-updates.json', import.meta.url);
const KEYS: MetricName[] = ['reward/mean', 'reward/std', 'reward/frac_zero_std', 'episode/success', 'episode/length', 'loss/policy', 'loss/kl', 'policy/entropy', 'policy/clip_ratio', 'optim/grad_norm'];
const UPDATES = 3;

describe('golden trajectory', () => {
  it(`a seeded tiny run reproduces its first ${UPDATES} updates`, async () => {
    const { trainer } = await createTrainer(tinyConfig({ beta: 0.01, mu: 2 }));
    const got: Record<string, number>[] = [];
    for (let k = 0; k < UPDATES; k++) {
      const { metrics } = await trainer.step();
      got.push(Object.fromEntries(KEYS.map((key) => [key, metrics[key]])));
    }
    trainer.dispose();
    if (process.env.GOLDEN_WRITE || !existsSync(FILE)) writeFileSync(FILE, `${JSON.stringify(got, null, 2)}\n`);
    const want = JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, number>[];
    expect(got).toHaveLength(want.length);
    want.forEach((row, k) => {
      for (const key of KEYS) expect(got[k][key], `update ${k} ${key}`).toBeCloseTo(row[key], 5);
    });
    // The run must have learned something to compare: rewards vary and the loss is not trivially zero.
    expect(want.some((r) => r['optim/grad_norm'] > 0)).toBe(true);
  });
});
