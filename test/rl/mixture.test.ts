// The generalist's mixture of families: each seed plays one family's own task (its split and level), the expert
// solves it, the vocabulary covers every family, and bad mixtures are refused with a message.
import { describe, expect, it } from 'vitest';
import { validateConfig } from '../../src/core/config';
import { expertRollout } from '../../src/envs/harness';
import { getEnvSpec } from '../../src/envs/registry';
import { familyIndex, mixtureSpec, runSpec } from '../../src/rl/mixture';
import { envOptionsFor } from '../../src/rl/rollout';
import { buildParts } from '../../src/rl/setup';
import { tinyConfig } from './helpers';

const FAMILIES = ['click-button', 'enter-text', 'login-user'] as const;
const specs = FAMILIES.map(getEnvSpec);

describe('a mixture of families', () => {
  it('spreads task seeds evenly over the families', () => {
    const counts = [0, 0, 0];
    for (let seed = 0; seed < 3000; seed++) counts[familyIndex(seed * 7919 + 13, 3)]++;
    for (const c of counts) expect(c).toBeGreaterThan(900);
  });

  it("each seed plays its family's task as that family would, on the split and level asked for", () => {
    const mix = mixtureSpec(specs);
    for (let seed = 0; seed < 30; seed++) {
      for (const split of ['train', 'test'] as const) {
        const got = mix.create().reset({ seed, split, options: { level: 1 } });
        const family = specs[familyIndex(seed, 3)];
        const want = family.create().reset({ seed, split, options: envOptionsFor(family, 1) });
        expect(got.obs.text).toBe(want.obs.text);
      }
    }
  });

  it('its expert solves every family; its actions are the union of theirs; a bad option is named', () => {
    const mix = mixtureSpec(specs);
    for (let seed = 0; seed < 20; seed++) expect(expertRollout(mix, seed, undefined, 'test').success, `seed ${seed}`).toBe(true);
    expect(mix.actions.map((a) => a.verb).sort()).toEqual([...new Set(specs.flatMap((s) => s.actions.map((a) => a.verb)))].sort());
    expect(() => mix.create().reset({ seed: 1, options: { buttons: 3 } })).toThrow(/unknown option 'buttons' \(options: level\)/);
  });

  it('refuses games, a single family, teams and skills, naming what is wrong', () => {
    expect(() => mixtureSpec([getEnvSpec('click-button'), getEnvSpec('grid-world')])).toThrow(/'grid-world' is a game/);
    const one = validateConfig({ families: ['click-button'] });
    expect(one.ok || one.errors[0].message).toMatch(/at least two families/);
    const team = validateConfig({ families: ['click-button', 'login-user'], workflow: 'debate' });
    expect(team.ok || team.errors[0].message).toMatch(/single agent without skills/);
  });

  it("a trainer's vocabulary and grammar cover every family", async () => {
    const config = tinyConfig({ families: [...FAMILIES] });
    const parts = await buildParts(config);
    expect(parts.spec).toBe(runSpec(config));
    for (const family of specs) {
      const env = family.create();
      const { obs } = env.reset({ seed: 3, split: 'test' });
      const action = family.expert(env);
      const context = parts.io.prompt(env.goal, obs, []);
      expect(parts.io.decode(parts.io.encodeAction(action, context).slice(0, -1), context), family.id).toBe(action);
      expect(context.tokens.length).toBeGreaterThan(3);
    }
    parts.policy.dispose();
  });
});
