// The presets table as a whole (every preset and variant valid, named and described, the comparisons' variants
// telling apart what their docs say) and presetConfig's layering (preset, then variant, then overrides) and message.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/core/config-table';
import { getPreset, presetConfig, PRESETS, type Preset } from '../../src/rl/presets';

const preset = (name: string): Preset => {
  const p = getPreset(name);
  if (!p) throw new Error(`no preset ${name}`);
  return p;
};
const variantConfig = (name: string, variant: string) => {
  const p = preset(name);
  return presetConfig(p, p.variants?.find((v) => v.name === variant));
};

describe('the presets table', () => {
  it('every preset and every variant gives a valid config', () => {
    for (const p of PRESETS) {
      expect(() => presetConfig(p), p.name).not.toThrow();
      for (const v of p.variants ?? []) expect(() => presetConfig(p, v), `${p.name}/${v.name}`).not.toThrow();
    }
  });

  it('names are unique lower-case words joined by hyphens; every preset and variant has a one-line doc', () => {
    expect(new Set(PRESETS.map((p) => p.name)).size).toBe(PRESETS.length);
    for (const p of PRESETS) {
      expect(p.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(p.doc.length, p.name).toBeGreaterThan(20);
      expect(p.doc).not.toContain('\n');
      const names = (p.variants ?? []).map((v) => v.name);
      expect(new Set(names).size, p.name).toBe(names.length);
      for (const v of p.variants ?? []) {
        expect(v.name).toMatch(/^[A-Za-z0-9]+$/);
        expect(v.doc.length, `${p.name}/${v.name}`).toBeGreaterThan(10);
      }
    }
  });

  it('every preset names its task, model and length, and every variant what it changes: a new default changes no preset', () => {
    for (const p of PRESETS) {
      for (const key of ['env', 'model', 'updates'] as const) expect(p.config, `${p.name} ${key}`).toHaveProperty(key);
      for (const v of p.variants ?? []) expect(Object.keys(v.config).length, `${p.name}/${v.name}`).toBeGreaterThan(0);
    }
  });

  it('a comparison has at least two variants, and no two of its variants give the same config', () => {
    for (const p of PRESETS.filter((q) => q.variants !== undefined)) {
      const configs = (p.variants ?? []).map((v) => JSON.stringify(presetConfig(p, v)));
      expect(configs.length, p.name).toBeGreaterThanOrEqual(2);
      expect(new Set(configs).size, p.name).toBe(configs.length);
    }
  });

  it("each comparison's variants differ in what their docs say they compare", () => {
    expect([variantConfig('from-base', 'base').init, variantConfig('from-base', 'scratch').init]).toEqual(['base', 'scratch']);
    expect(variantConfig('bc-vs-zero', 'bc').bcSteps).toBeGreaterThan(0);
    expect(variantConfig('bc-vs-zero', 'zero').bcSteps).toBe(0);
    expect(variantConfig('bc-vs-zero', 'zero').updates).toBeGreaterThan(variantConfig('bc-vs-zero', 'bc').updates); // given at least BC+RL's time
    expect(variantConfig('outcome-vs-process', 'outcome').adv).toBe('group'); // outcome only
    expect(variantConfig('outcome-vs-process', 'process').adv).not.toBe('group'); // per-turn credit of some kind
    expect(['G2', 'G8', 'G16'].map((v) => variantConfig('group-size', v).group)).toEqual([2, 8, 16]);
    expect([variantConfig('skills-vs-plain', 'skills').skills, variantConfig('skills-vs-plain', 'plain').skills]).toEqual([true, false]);
  });

  it('the generalist trains on several distinct families; the team presets run their workflows', () => {
    const families = presetConfig(preset('generalist')).families;
    expect(families.length).toBeGreaterThan(1);
    expect(new Set(families).size).toBe(families.length);
    expect(['chain', 'debate', 'mixture'].map((n) => presetConfig(preset(n)).workflow)).toEqual(['chain', 'debate', 'mixture']);
  });
});

describe('getPreset and presetConfig', () => {
  it('getPreset finds a preset by its exact name only', () => {
    expect(getPreset('login')?.name).toBe('login');
    expect(getPreset('card-battler')?.name).toBe('card-battler');
    expect(getPreset('logi')).toBeUndefined();
    expect(getPreset('')).toBeUndefined();
  });

  it('layers the defaults, the preset, the variant and the overrides, each over the one before', () => {
    const p: Preset = { name: 'layers', doc: 'test', config: { env: 'login-user', lr: 0.002, group: 4, tasks: 3 }, variants: [{ name: 'v', doc: 'test', config: { lr: 0.005, group: 6 } }] };
    const c = presetConfig(p, p.variants?.[0], { group: 2 });
    expect([c.env, c.lr, c.group, c.tasks, c.seed]).toEqual(['login-user', 0.005, 2, 3, DEFAULT_CONFIG.seed]);
    expect(presetConfig(p).lr).toBe(0.002);
    expect(presetConfig(p, p.variants?.[0]).group).toBe(6);
  });

  it("a preset that does not validate throws an error naming the preset and what was wrong", () => {
    expect(() => presetConfig(preset('login'), undefined, { group: 0 })).toThrow(/^preset 'login': group='0': /);
  });
});
