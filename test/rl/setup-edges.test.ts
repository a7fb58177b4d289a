// src/rl/setup.ts on the tiny CPU policy, without training: the model-side IO (generation budget, goal matches,
// history, actions round-tripped, the skill filter), the parts of a run (its vocabulary, a pinned one, the base
// policy and its two refusals), and a checkpoint whose config does not validate.
import { describe, expect, it } from 'vitest';
import type { Config } from '../../src/core/config-table';
import type { Observation } from '../../src/envs/api';
import { getEnvSpec } from '../../src/envs/registry';
import { buildTokenizer, END, MATCH, PREV, Tokenizer } from '../../src/model/tokenizer';
import type { Checkpoint } from '../../src/rl/checkpoint';
import type { BasePolicy } from '../../src/rl/pretrain';
import { agentIO, buildParts, evaluationIO, resumeTrainer } from '../../src/rl/setup';
import { trainingSpec } from '../../src/rl/skills';
import { longestActionTokens, structuralWords, vocabCorpus } from '../../src/rl/vocab';
import { discover } from '../../src/skills/discovery';
import { tinyConfig } from './helpers';

const SPEC = getEnvSpec('click-button');
const VOCAB = buildTokenizer(structuralWords([vocabCorpus(SPEC)])).toJSON();
const page = (): { goal: string; obs: Observation } => {
  const env = SPEC.create();
  const { obs } = env.reset({ seed: 3 });
  return { goal: env.goal, obs };
};

describe('agentIO', () => {
  it('gives two tokens of room past the longest expert action', () => {
    expect(agentIO(VOCAB, SPEC, 64, 5, false, false).maxActionTokens).toBe(7);
  });

  it('marks the elements the goal names only with match on, and puts the earlier actions in the context', () => {
    const { goal, obs } = page();
    const plain = agentIO(VOCAB, SPEC, 128, 5, false, false);
    const matched = agentIO(VOCAB, SPEC, 128, 5, false, true);
    expect(plain.prompt(goal, obs, []).tokens).not.toContain(MATCH);
    expect(matched.prompt(goal, obs, []).tokens).toContain(MATCH);
    const first = plain.prompt(goal, obs, []);
    const later = plain.prompt(goal, obs, ['click(1)']);
    expect(first.tokens).not.toContain(PREV);
    expect(later.tokens).toContain(PREV);
    const tok = Tokenizer.fromJSON(VOCAB);
    expect(tok.decode(later.tokens, later.words)).toContain('click(1)');
  });

  it('encodes an action in a context with END and decodes it back', () => {
    const { goal, obs } = page();
    const io = agentIO(VOCAB, SPEC, 128, 5, false, false);
    const context = io.prompt(goal, obs, []);
    const tokens = io.encodeAction('click(2)', context);
    expect(tokens.at(-1)).toBe(END);
    expect(io.decode(tokens, context)).toBe('click(2)');
  });

  it('with skills, skill is not offered on a page that lists none; without, the grammar row is left as it is', () => {
    const library = discover(getEnvSpec('enter-text'), { budget: 1500, seed: 1, now: 0 }).skills;
    const { spec } = trainingSpec(getEnvSpec('enter-text'), tinyConfig({ env: 'enter-text', skills: true }), library);
    const vocab = buildTokenizer(structuralWords([vocabCorpus(spec)])).toJSON();
    const skill = Tokenizer.fromJSON(vocab).id('skill');
    const obs: Observation = { elements: [{ id: 1, role: 'button', name: 'Submit' }], text: "[1] button 'Submit'" };
    const row = (skills: boolean) => {
      const io = agentIO(vocab, spec, 128, 5, skills, false);
      return Array.from(io.allowed('Submit', obs, io.prompt('Submit', obs, []))([]) ?? []);
    };
    expect(row(false)).toContain(skill);
    expect(row(true)).not.toContain(skill);
    expect(row(true)).toEqual(row(false).filter((t) => t !== skill));
  });

  it("evaluationIO: the env's own longest action plus two, no skill filter", () => {
    const io = evaluationIO(SPEC, VOCAB, 128, true);
    expect(io.maxActionTokens).toBe(longestActionTokens(Tokenizer.fromJSON(VOCAB), vocabCorpus(SPEC).actions) + 2);
    const { goal, obs } = page();
    expect(io.prompt(goal, obs, []).tokens).toContain(MATCH);
  });
});

describe('buildParts', () => {
  it("builds the vocabulary from the env's words, or keeps the one given; no skills key without skills", async () => {
    const config = tinyConfig();
    const parts = await buildParts(config);
    expect(parts.io.vocab).toEqual(VOCAB);
    expect(parts.policy.backend).toBe('cpu');
    expect(parts.note).toEqual(expect.any(String));
    expect('skills' in parts).toBe(false);
    const { goal, obs } = page();
    expect(parts.legalActions?.(goal, obs).length).toBeGreaterThan(0);
    const again = await parts.createPolicy?.();
    expect(again?.parameterCount).toBe(parts.policy.parameterCount);
    again?.dispose();
    const pinned = [...VOCAB, 'zebra'];
    const other = await buildParts(config, {}, pinned);
    expect(other.io.vocab).toEqual(pinned);
    parts.policy.dispose();
    other.policy.dispose();
  });

  it('init=base starts from the base policy given; without one, or of another model, it says which file or model', async () => {
    const scratch = await buildParts(tinyConfig());
    const params = (await scratch.policy.getParams()).map((x, i) => (i % 3 === 0 ? 0.125 : x));
    scratch.policy.dispose();
    // the same size of vocabulary as the run's own, told apart by its last word
    const base: BasePolicy = { model: 'tiny', vocab: [...VOCAB.slice(0, -1), 'zebra'], params, families: ['click-button'], steps: 1, lr: 0.001, seed: 1 };
    const withBase = tinyConfig({ init: 'base' });
    await expect(buildParts(withBase)).rejects.toThrow(/^init=base needs the pretrained base policy \(.*tiny.*, written by npm run base\)$/);
    await expect(buildParts(withBase, { base: { ...base, model: 'small' } })).rejects.toThrow('init=base: the base policy is a small model, the config asks for tiny');
    // a pinned vocabulary (a resumed run) does not read the base
    const resumed = await buildParts(withBase, {}, VOCAB);
    resumed.policy.dispose();
    const parts = await buildParts(withBase, { base });
    expect(parts.io.vocab).toEqual(base.vocab);
    expect(await parts.policy.getParams()).toEqual(params);
    parts.policy.dispose();
  });
});

describe('resumeTrainer', () => {
  it("refuses a checkpoint whose config does not validate, saying so", async () => {
    const config = { ...tinyConfig(), group: 0 } as Config;
    await expect(resumeTrainer({ config } as Checkpoint)).rejects.toThrow(/^checkpoint config: group='0'/);
  });
});
