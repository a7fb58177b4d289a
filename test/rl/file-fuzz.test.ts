// A small sample of `npm run fuzz`'s file mutations in CI: mutated checkpoints (signed again or not) and skill
// library files are each accepted (and then round-trip) or refused with a message; none crashes or hangs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeCheckpoint } from '../../src/rl/checkpoint';
import { exportLibrary } from '../../src/skills/io';
import { skillId } from '../../src/skills/library';
import { checkpointMutationArb, judgeCheckpoint, judgeSkillFile, skillFileMutationArb } from '../support/file-fuzz';
import { skillRecord } from '../storage/fixtures';
import { trainedCheckpoint } from './checkpoint-forge';

const verdicts = (outcomes: { verdict: string; detail?: string }[]) => {
  const counts: Record<string, number> = {};
  for (const o of outcomes) counts[o.verdict] = (counts[o.verdict] ?? 0) + 1;
  return counts;
};

describe('file fuzzing sample', () => {
  it('mutated checkpoints are accepted or refused with a message', async () => {
    const good = encodeCheckpoint(await trainedCheckpoint({ async: true }));
    const outcomes = fc.sample(checkpointMutationArb(good), { numRuns: 200, seed: 18 }).map(judgeCheckpoint);
    expect(outcomes.filter((o) => o.verdict === 'crashed' || o.verdict === 'hung')).toEqual([]);
    expect(verdicts(outcomes)).toMatchObject({ accepted: expect.any(Number), refused: expect.any(Number) });
  });

  it('mutated skill files are accepted (and round-trip) or refused with a message', () => {
    const skills = Array.from({ length: 4 }, (_, i) => skillRecord(`s${i}`)).map((s) => ({ ...s, id: skillId(s.family, s.steps) }));
    const outcomes = fc.sample(skillFileMutationArb(exportLibrary(skills)), { numRuns: 300, seed: 18 }).map(judgeSkillFile);
    expect(outcomes.filter((o) => o.verdict === 'crashed' || o.verdict === 'hung')).toEqual([]);
    expect(verdicts(outcomes)).toMatchObject({ accepted: expect.any(Number), refused: expect.any(Number) });
  });
});
