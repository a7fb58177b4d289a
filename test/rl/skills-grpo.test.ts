// Skills as macro-actions for GRPO: on login-user (multi-turn: type the username, type the password, press Login)
// skill-augmented GRPO learns where plain GRPO does not, the vocabulary covers the skill listing, and a run with
// skills (a given library) resumes bit-identically from a checkpoint that holds them.

import { describe, expect, it } from 'vitest';
import { getEnvSpec } from '../../src/envs/registry';
import { ContentWords, UNK, Tokenizer } from '../../src/model/tokenizer';
import { decodeCheckpoint, encodeCheckpoint } from '../../src/rl/checkpoint';
import { buildParts, createTrainer, resumeTrainer } from '../../src/rl/setup';
import { SKILL_MAX } from '../../src/rl/skills';
import { discover } from '../../src/skills/discovery';
import { macroSkills } from '../../src/skills/macro';
import { numbers, tinyConfig } from './helpers';

const UPDATES = 10;
const LAST = 3;

/** Mean episode/success over the last LAST of UPDATES GRPO updates. */
async function lateSuccess(skills: boolean): Promise<number> {
  const { trainer } = await createTrainer(tinyConfig({ env: 'login-user', group: 8, tasks: 2, bcSteps: 0, lr: 0.01, seed: 7, skills }));
  const success: number[] = [];
  for (let u = 0; u < UPDATES; u++) success.push((await trainer.step()).metrics['episode/success']);
  trainer.dispose();
  return success.slice(-LAST).reduce((a, b) => a + b, 0) / LAST;
}

describe('GRPO with skills as macro-actions', () => {
  // R1-Zero (bcSteps 0), so that only exploration and GRPO differ: BC demonstrations come from the atomic expert
  // and would teach both runs the same atomic actions. Plain GRPO must copy two goal words into fill(...) actions
  // by chance and never succeeds in 10 updates; with skills (discovered from zero from the seed, 3000 env steps)
  // one sampled skill(k) types both goal words or logs in, and GRPO reinforces it. Measured (tiny model, CPU,
  // seed 7, lr 0.01, 2 tasks x 8 episodes): success per update without skills 0 throughout; with skills
  // 0.06 0.38 0.88 1.00 0.94 1.00 1.00 1.00 1.00 1.00, so the last three average 0 vs 1.00 (seed 3: 0 vs 1.00).
  // Under the previous parameter initialisation seed 7 also gave 0 vs 1.00, while seed 3 rose to 0.69 and then
  // collapsed: R1-Zero is unstable, as WebAgent-R1 reports, so the test pins one seed.
  it('reaches higher success on login-user than plain GRPO with the same seeds and updates', async () => {
    const plain = await lateSuccess(false);
    const withSkills = await lateSuccess(true);
    expect(withSkills).toBeGreaterThanOrEqual(0.8);
    expect(withSkills).toBeGreaterThan(plain + 0.5);
  }, 120_000);

  it('builds the vocabulary from the skill-augmented env: the skill listing has no unknown words', async () => {
    const parts = await buildParts(tinyConfig({ env: 'login-user', skills: true }));
    expect(parts.skills?.length).toBe(SKILL_MAX);
    expect(parts.spec.actions.map((a) => a.verb)).toContain('skill');
    const env = parts.spec.create();
    const { obs } = env.reset({ seed: 12345 });
    expect(obs.text).toContain('skills:\nskill(0): ');
    // Each name's words are in the vocabulary or read as the context's placeholders: none is unknown.
    const context = parts.io.prompt(env.goal, obs, []);
    expect(context.tokens).not.toContain(UNK);
    const tok = Tokenizer.fromJSON(parts.io.vocab);
    for (const s of parts.skills ?? []) expect(tok.encode(s.name, ContentWords.of(context.words)), s.name).not.toContain(UNK);
    parts.policy.dispose();
  });

  it('uses a given library and resumes bit-identically without it: the checkpoint holds the skills', async () => {
    const library = discover(getEnvSpec('login-user'), { budget: 1000, seed: 99, now: 0 }).skills;
    const config = tinyConfig({ env: 'login-user', skills: true, updates: 3 });
    const straight = await createTrainer(config, { skills: library });
    const interrupted = await createTrainer(config, { skills: library });
    const a = [];
    const b = [];
    for (let k = 0; k < 3; k++) a.push(numbers(await straight.trainer.step()));
    b.push(numbers(await interrupted.trainer.step()));
    const checkpoint = decodeCheckpoint(encodeCheckpoint(await interrupted.trainer.checkpoint()));
    expect(checkpoint.skills).toEqual(macroSkills(getEnvSpec('login-user'), library, SKILL_MAX));
    interrupted.trainer.dispose();
    const resumed = await resumeTrainer(checkpoint);
    for (let k = 1; k < 3; k++) b.push(numbers(await resumed.trainer.step()));
    expect(b).toEqual(a);
    const params = async (t: typeof straight.trainer) => Buffer.from((await t.checkpoint()).policy.params.buffer);
    expect((await params(resumed.trainer)).equals(await params(straight.trainer))).toBe(true);
    straight.trainer.dispose();
    resumed.trainer.dispose();
  });
});
