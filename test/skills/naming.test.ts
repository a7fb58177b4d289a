// Skill names are short templates (verb, role, a label the skill always uses), never one episode's words; the
// episode a skill was found in is described apart, as its example.
import { describe, expect, it } from 'vitest';
import { getEnvSpec } from '../../src/envs/registry';
import { discover } from '../../src/skills/discovery';

describe('skill names', () => {
  for (const env of ['login-user', 'flight-booking', 'email-inbox']) {
    it(`on ${env}: templates without quoted episode text, the example apart`, () => {
      const { skills } = discover(getEnvSpec(env), { budget: 2000, seed: 1, now: 0 });
      expect(skills.length).toBeGreaterThan(0);
      for (const s of skills) {
        expect(s.name, s.name).not.toMatch(/"|'[^']*'/);
        expect(s.name.length, s.name).toBeLessThanOrEqual(80);
        expect(s.description, s.name).toMatch(/^e\.g\. .+ \(found at .+\)$/);
      }
    });
  }

  it('names a login skill in the words a person would use', () => {
    const names = discover(getEnvSpec('login-user'), { budget: 3000, seed: 1, now: 0 }).skills.map((s) => s.name);
    expect(names).toContain('fill Password then submit');
    expect(names).toContain('submit');
  });

  it('names a field without a label as such', () => {
    // Seed 4: of seeds 1-8 under enter-text's held-out layouts, 4 and 6 find this skill in 3,000 steps (a skill found
    // on a labelled field fills the unlabelled one too, refs.ts findElement, so most seeds keep the label's name).
    const names = discover(getEnvSpec('enter-text'), { budget: 3000, seed: 4, now: 0 }).skills.map((s) => s.name);
    expect(names).toContain('fill the unlabelled field');
  });
});
