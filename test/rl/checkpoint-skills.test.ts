// A checkpoint's skills pass the skill file's own schema (skillRecordSchema, built when a checkpoint is checked): a
// valid library round-trips, and a skill the library file would refuse is refused on write and on read, by path.
import { describe, expect, it } from 'vitest';
import { decodeCheckpoint, encodeCheckpoint } from '../../src/rl/checkpoint';
import { skillRecord } from '../storage/fixtures';
import { trainedCheckpoint, withHeader } from './checkpoint-forge';

describe('skills in a checkpoint', () => {
  it('round-trips valid skills and refuses one the skill file would refuse, on write and on read', async () => {
    const base = await trainedCheckpoint();
    const skills = [skillRecord('a'), skillRecord('b', { consistent: 2 })];
    expect(decodeCheckpoint(encodeCheckpoint({ ...base, skills })).skills).toEqual(skills);

    expect(() => encodeCheckpoint({ ...base, skills: [skillRecord('a'), skillRecord('b', { fitness: 2 })] })).toThrow(
      'checkpoint: skills.1.fitness: must be from 0 to 1',
    );
    const good = encodeCheckpoint({ ...base, skills });
    const edited = withHeader(good, (h) => {
      (h.skills as { successes: number }[])[0].successes = 3;
      return h;
    });
    expect(() => decodeCheckpoint(edited)).toThrow('checkpoint: skills.0: successes must not exceed uses');
  });
});
