// src/rl/skills.ts without training: trainingSpec's three cases (no skills, a given library, discovery from the
// run's seed) and listedSkillsOnly's narrowing of the allowed next tokens, by hand on a small vocabulary.
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/core/config';
import type { Config } from '../../src/core/config-table';
import type { Observation } from '../../src/envs/api';
import { getEnvSpec } from '../../src/envs/registry';
import { buildTokenizer } from '../../src/model/tokenizer';
import { envOptionsFor } from '../../src/rl/rollout';
import { listedSkillsOnly, SKILL_BUDGET, SKILL_MAX, trainingSpec } from '../../src/rl/skills';
import { discover } from '../../src/skills/discovery';
import { macroSkills } from '../../src/skills/macro';

function configOf(over: Partial<Config>): Config {
  const r = validateConfig({ env: 'enter-text', ...over });
  if (!r.ok) throw new Error('bad test config');
  return r.config;
}

describe('trainingSpec', () => {
  const base = getEnvSpec('enter-text');

  it('without config.skills: the base spec itself and no skills', () => {
    const got = trainingSpec(base, configOf({ skills: false }), discover(base, { budget: 200, seed: 1, now: 0 }).skills);
    expect(got.spec).toBe(base);
    expect(got).toEqual({ spec: base });
  });

  it("with a library: its family's fittest SKILL_MAX skills become skill(0..), and the spec gains the verb skill", () => {
    const library = discover(base, { budget: 1500, seed: 1, now: 0 }).skills;
    expect(library.length).toBeGreaterThan(SKILL_MAX); // so that the cut shows
    const got = trainingSpec(base, configOf({ skills: true, seed: 99 }), library);
    expect(got.skills).toEqual(macroSkills(base, library, SKILL_MAX));
    expect(got.skills).toHaveLength(SKILL_MAX);
    expect(got.spec.actions.map((a) => a.verb)).toEqual([...base.actions.map((a) => a.verb), 'skill']);
    const { obs } = got.spec.create().reset({ seed: 5 });
    expect(obs.text).toContain('skill(0): ');
  });

  it("without a library: discovery from zero with the run's seed, level, split and selection rule; the same config finds the same skills", () => {
    const config = configOf({ skills: true, seed: 7, difficulty: 1, split: 'test', skillSelect: 'uct-argmax' });
    const got = trainingSpec(base, config);
    const found = discover(base, { budget: SKILL_BUDGET, seed: 7, select: 'uct-argmax', envOptions: envOptionsFor(base, 1), split: 'test', now: 0 }).skills;
    expect(got.skills).toEqual(macroSkills(base, found, SKILL_MAX));
    expect(got.skills?.length).toBeGreaterThan(0);
    expect(trainingSpec(base, config).skills).toEqual(got.skills);
  });
});

describe('listedSkillsOnly', () => {
  const tok = buildTokenizer(['skill', 'click', '(', ')', ':']);
  const id = (w: string) => tok.id(w) as number;
  const [SKILL, CLICK, OPEN, CLOSE] = ['skill', 'click', '(', ')'].map(id);
  const EVERY = [SKILL, CLICK, OPEN, CLOSE, id('0'), id('1'), id('2'), id('12')];
  const everything = () => [...EVERY];
  const page = (text: string): Observation => ({ elements: [], text });
  const listing = page("[1] textbox 'Name'\nskills:\nskill(0): type the name\nskill(12): press submit\nnot skill(2): at a line's start");

  it('after skill( only the numbers the observation lists at the start of a line (any number of digits)', () => {
    const allowed = listedSkillsOnly(tok, listing, everything);
    expect(allowed([SKILL, OPEN])).toEqual([id('0'), id('12')]);
  });

  it('anywhere else the grammar row passes unchanged: the first token, another verb, another second token, later tokens', () => {
    const allowed = listedSkillsOnly(tok, listing, everything);
    expect(allowed([])).toEqual(EVERY);
    expect(allowed([SKILL])).toEqual(EVERY);
    expect(allowed([CLICK, OPEN])).toEqual(EVERY);
    expect(allowed([SKILL, CLOSE])).toEqual(EVERY);
    expect(allowed([SKILL, OPEN, id('0')])).toEqual(EVERY);
  });

  it('with no skill listed the verb skill is not offered as the first token (and nothing else is taken away)', () => {
    const allowed = listedSkillsOnly(tok, page("[1] button 'Submit'\nskill(3) is not a listing line"), everything);
    expect(allowed([])).toEqual(EVERY.filter((t) => t !== SKILL));
    expect(allowed([CLICK])).toEqual(EVERY);
    expect(allowed([SKILL, OPEN])).toEqual([]);
  });

  it('reads the grammar row it narrows for each prefix', () => {
    const seen: number[][] = [];
    const allowed = listedSkillsOnly(tok, listing, (g) => (seen.push([...g]), [SKILL, id('1'), id('12')]));
    expect(allowed([SKILL, OPEN])).toEqual([id('12')]);
    expect(seen).toEqual([[SKILL, OPEN]]);
  });
});
