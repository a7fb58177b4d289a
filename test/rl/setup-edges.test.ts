// src/rl/setup.ts on the tiny CPU policy, without training: the model-side IO (generation budget, the prompt, goal
// matches, history, actions round-tripped, the skill filter), the parts of a run (its vocabulary, a generalist's, a
// pinned one, the base policy and its two refusals), a run started and resumed, and a checkpoint whose config does
// not validate.
import { describe, expect, it } from 'vitest';
import type { Config } from '../../src/core/config-table';
import type { Observation } from '../../src/envs/api';
import { getEnvSpec } from '../../src/envs/registry';
import { buildContext, goalMatches } from '../../src/model/context';
import { buildTokenizer, END, MATCH, PREV, Tokenizer } from '../../src/model/tokenizer';
import type { Checkpoint } from '../../src/rl/checkpoint';
import type { BasePolicy } from '../../src/rl/pretrain';
import { agentIO, buildParts, createTrainer, evaluationIO, resumeTrainer } from '../../src/rl/setup';
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

  it("prompts with buildContext: the goal, the page, earlier actions with no page of their own, the action's room kept", () => {
    // A 40-token window is too small for this page, so the window and the room (5 + 2) decide where it is cut.
    const { goal, obs } = page();
    const past = ['click(1)', 'click(2)'];
    for (const match of [false, true]) {
      const input = { goal, obs: obs.text, matches: match ? goalMatches(goal, obs.elements) : undefined, history: past.map((action) => ({ obs: '', action })) };
      expect(agentIO(VOCAB, SPEC, 40, 5, false, match).prompt(goal, obs, past)).toEqual(buildContext(Tokenizer.fromJSON(VOCAB), input, 40, 7));
    }
    expect(agentIO(VOCAB, SPEC, 40, 5, false, false).prompt(goal, obs, past).tokens.length).toBeLessThan(agentIO(VOCAB, SPEC, 128, 5, false, false).prompt(goal, obs, past).tokens.length);
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
    // evaluationIO filters nothing: a policy evaluated off its training env keeps the grammar's row.
    const evaluation = evaluationIO(spec, vocab, 128, false);
    expect(Array.from(evaluation.allowed('Submit', obs, evaluation.prompt('Submit', obs, []))([]) ?? [])).toEqual(row(false));
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

  it("filters skill out of the first token only in a run with skills, on a page that lists none", async () => {
    const { goal, obs } = page();
    const firstTokens = async (config: Config, skills?: ReturnType<typeof discover>['skills']) => {
      const parts = await buildParts(config, { skills });
      parts.policy.dispose();
      const tok = Tokenizer.fromJSON(parts.io.vocab);
      const row = Array.from(parts.io.allowed(goal, obs, parts.io.prompt(goal, obs, []))([]) ?? []);
      return { row, skill: tok.id('skill'), click: tok.id('click') };
    };
    const plain = await firstTokens(tinyConfig());
    expect(plain.row).toContain(plain.click);
    const withSkills = await firstTokens(tinyConfig({ skills: true }), discover(SPEC, { budget: 40, seed: 1, now: 0 }).skills);
    expect(withSkills.row).toContain(withSkills.click);
    expect(withSkills.row).not.toContain(withSkills.skill);
  });

  it("a generalist's vocabulary: each family's structural words, and room for the longest action of any", async () => {
    // (These two were picked because the mixture's own corpus would give another vocabulary.)
    const families = ['login-user', 'use-autocomplete'] as const;
    const parts = await buildParts(tinyConfig({ families }));
    const corpora = families.map((id) => vocabCorpus(getEnvSpec(id)));
    const tok = buildTokenizer(structuralWords(corpora));
    expect(parts.io.vocab).toEqual(tok.toJSON());
    expect(parts.io.maxActionTokens).toBe(longestActionTokens(tok, corpora.flatMap((c) => c.actions)) + 2);
    parts.policy.dispose();
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

describe('createTrainer and resumeTrainer', () => {
  it("start a run on the config's parts, and resume one on the checkpoint's config, vocabulary and skills", async () => {
    const library = discover(SPEC, { budget: 40, seed: 1, now: 0 }).skills;
    const config = tinyConfig({ bcSteps: 0, skills: true });
    const { trainer, note } = await createTrainer(config, { skills: library });
    expect(note).toMatch(/^cpu/);
    expect(trainer.currentConfig).toEqual(config);
    const saved = await trainer.checkpoint();
    trainer.dispose();
    expect(saved.skills?.length).toBeGreaterThan(0);
    // The same size of vocabulary told apart by its last word: the resumed run keeps the checkpoint's.
    const vocab = [...saved.vocab.slice(0, -1), 'zebra'];
    const resumed = await resumeTrainer({ ...saved, vocab });
    const again = await resumed.trainer.checkpoint();
    resumed.trainer.dispose();
    expect(resumed.note).toMatch(/^cpu/);
    expect(again.config).toEqual(config);
    expect(again.vocab).toEqual(vocab);
    expect(again.skills).toEqual(saved.skills);
  });


  it("refuses a checkpoint whose config does not validate, saying so", async () => {
    const config = { ...tinyConfig(), group: 0 } as Config;
    await expect(resumeTrainer({ config } as Checkpoint)).rejects.toThrow(/^checkpoint config: group='0'/);
  });
});
