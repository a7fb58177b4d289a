// Every preset and variant is described in plain words, free of the papers' vocabulary.
import { describe, expect, it } from 'vitest';
import { PRESETS } from '../../src/rl/presets';
import { PRESET_WORDS, VARIANT_WORDS } from '../../src/ui/train/preset-words';

const JARGON = /GRPO|R1-Zero|WebAgent|MARTI|\bBC\b|frac_zero_std|\bRL\b|advantage/;

describe('preset words', () => {
  it('describe every preset and variant without jargon', () => {
    for (const p of PRESETS) {
      expect(PRESET_WORDS[p.name], p.name).toBeDefined();
      expect(PRESET_WORDS[p.name]).not.toMatch(JARGON);
      for (const v of p.variants ?? []) {
        expect(VARIANT_WORDS[`${p.name}/${v.name}`], `${p.name}/${v.name}`).toBeDefined();
        expect(VARIANT_WORDS[`${p.name}/${v.name}`]).not.toMatch(JARGON);
      }
    }
  });
});
