// Spec of the Policy on one backend: KV-cached generation agrees with full log-probs, training learns, seeds repeat
// bit for bit, and the backend's memory stays constant over steps.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/rng';
import type { CreatedPolicy } from '../../../src/model/create';
import type { StepHyper } from '../../../src/model/policy-api';
import { buildContext } from '../../../src/model/context';
import { ActionGrammar } from '../../../src/model/grammar';
import { ContentWords, END } from '../../../src/model/tokenizer';
import { TEXTS, makeBatch, tok } from '../fixtures';

export const CE: StepHyper = { objective: 'ce', lr: 1e-2, beta: 0, epsLow: 0.2, epsHigh: 0.2, gradClip: 1, weightDecay: 0, temperature: 1 };
export const GRPO: StepHyper = { ...CE, objective: 'grpo', beta: 0.05, lr: 3e-3 };

/** Context + action rows of a toy demonstration set. */
export function demoRows(window: number): { rows: number[][]; prompts: number[][] } {
  const goals = [TEXTS[0], TEXTS[5]];
  const actions = ['click(7)', 'fill(2, "bob")'];
  const contexts = goals.map((goal) => buildContext(tok, { goal, history: [], obs: TEXTS[1] }, window, 12));
  const prompts = contexts.map((c) => c.tokens);
  return { prompts, rows: contexts.map((c, i) => [...c.tokens, ...tok.encode(actions[i], ContentWords.of(c.words)), END]) };
}

export function policySpec(name: string, make: (seed: number) => Promise<CreatedPolicy>, steps = 30): void {
  describe(`policy on ${name}`, () => {
    it('generation with a KV cache gives the log-probs a full forward gives', async () => {
      const p = await make(1);
      const { prompts } = demoRows(p.window);
      const gen = await p.generate(prompts, { temperature: 1.3, topP: 1, maxNewTokens: 6, rng: Rng.fromSeed(5) });
      const seqs = prompts.map((pr, n) => [...pr, ...gen.tokens[n]]);
      const width = Math.max(...seqs.map((s) => s.length));
      const batch = makeBatch(seqs, prompts.map((x) => x.length), width);
      const lp = await p.logprobs(batch, 1.3);
      seqs.forEach((_, n) =>
        gen.logp[n].forEach((x, i) => expect(Math.abs(lp[n * width + prompts[n].length + i] - x)).toBeLessThan(2e-4)),
      );
      p.dispose();
    });

    it('grammar-constrained sampling only emits well-formed actions', async () => {
      const p = await make(2);
      const { prompts } = demoRows(p.window);
      const g = new ActionGrammar(tok, [{ verb: 'click', args: ['id'] }, { verb: 'fill', args: ['id', 'text'] }]);
      const context = buildContext(tok, { goal: TEXTS[5], history: [], obs: TEXTS[1] }, p.window, 12);
      const row = g.forRow({ goal: TEXTS[5], obs: TEXTS[1], words: context.words });
      const gen = await p.generate(prompts, { temperature: 1, topP: 0.95, maxNewTokens: 10, rng: Rng.fromSeed(6), allowed: (_n, so) => row(so) });
      for (const t of gen.tokens) if (t.at(-1) === END) expect(tok.decode(t, context.words)).toMatch(/^(click\(\d+\)|fill\(\d+, "[^"<]+"\))$/);
      p.dispose();
    });

    it(`behaviour cloning lowers the loss and the same seed repeats bit for bit (${steps} steps)`, async () => {
      const runs = [];
      for (let k = 0; k < 2; k++) {
        const p = await make(3);
        const { rows, prompts } = demoRows(p.window);
        const batch = makeBatch(rows, prompts.map((x) => x.length), Math.max(...rows.map((r) => r.length)));
        const losses = [];
        let bytes = 0;
        for (let s = 0; s < steps; s++) {
          losses.push((await p.trainStep(batch, CE)).loss);
          if (s === 1) bytes = p.bytesAllocated;
        }
        expect(p.bytesAllocated).toBe(bytes);
        runs.push({ losses, params: (await p.getState()).params });
        p.dispose();
      }
      expect(runs[0].losses.at(-1)).toBeLessThan(runs[0].losses[0] * 0.5);
      expect(runs[1].losses).toEqual(runs[0].losses);
      expect(Buffer.from(runs[1].params.buffer).equals(Buffer.from(runs[0].params.buffer))).toBe(true);
    });

    it('a GRPO step with KL runs and reports finite metrics; getState/setState round-trip', async () => {
      const p = await make(4);
      const { rows, prompts } = demoRows(p.window);
      const batch = makeBatch(rows, prompts.map((x) => x.length), Math.max(...rows.map((r) => r.length)));
      batch.oldLogp = await p.logprobs(batch, 1);
      batch.refLogp = batch.oldLogp.map((x) => x - 0.1);
      const m = await p.trainStep(batch, GRPO);
      for (const v of Object.values(m)) expect(Number.isFinite(v)).toBe(true);
      expect(m.kl).toBeGreaterThan(0);
      const s = await p.getState();
      const q = await make(5);
      await q.setState(s);
      expect(await q.logprobs(batch, 1)).toEqual(await p.logprobs(batch, 1));
      p.dispose();
      q.dispose();
    });
  });
}
