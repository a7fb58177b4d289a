// Checkpoints are checked, not trusted: a CRC-32 over header and tensors catches every bit flip (vocabulary
// included), the header passes the config table's schema (no config, a negative or non-integer update, an unknown
// key are refused with a message), non-finite parameters are refused on load and never written, and format 1 files
// (before the CRC) still load through the same checks, with a warning.
import { describe, expect, it } from 'vitest';
import { decodeCheckpoint, encodeCheckpoint, readCheckpoint } from '../../src/rl/checkpoint';
import { forgeFormat1, trainedCheckpoint, refusalOf } from './checkpoint-forge';


const refusal = (bytes: Uint8Array): string => refusalOf(decodeCheckpoint, bytes);

describe('checkpoint integrity', () => {
  it('refuses every one of 64 single-bit flips, in the header, the vocabulary and the tensors', async () => {
    const bytes = encodeCheckpoint(await trainedCheckpoint());
    const header = new DataView(bytes.buffer).getUint32(8, true);
    const vocabAt = new TextDecoder().decode(bytes.subarray(12, 12 + header)).indexOf('"vocab"') + 12;
    const positions = [
      ...Array.from({ length: 16 }, (_, i) => vocabAt + 10 + i * 7), // inside the vocabulary's words
      ...Array.from({ length: 16 }, (_, i) => 12 + Math.floor((i * header) / 16)), // across the header
      ...Array.from({ length: 32 }, (_, i) => 12 + header + Math.floor(((i + 1) * (bytes.length - 12 - header)) / 33)), // tensors and the CRC
    ];
    const accepted = positions.filter((at, i) => {
      const flipped = bytes.slice();
      flipped[at] ^= 1 << i % 8;
      try {
        decodeCheckpoint(flipped);
        return true;
      } catch (err) {
        expect((err as Error).message).toMatch(/^checkpoint: /);
        return false;
      }
    });
    expect(accepted).toEqual([]);
    expect(refusal(bytes.slice(0, bytes.length - 100))).toMatch(/CRC-32 does not match/);
  });

  it('validates the header with the config schema: no config, update -5 or "x", an unknown key', async () => {
    const c = await trainedCheckpoint();
    const { config: _none, ...withoutConfig } = c;
    expect(refusal(forgeFormat1(withoutConfig))).toBe('checkpoint: it holds no config');
    expect(refusal(forgeFormat1({ ...c, config: { lr: 0.001 } as never }))).toMatch(/its config has no env, model, seed, updates/);
    expect(refusal(forgeFormat1({ ...c, update: -5 }))).toBe('checkpoint: update: update must not be negative');
    expect(refusal(forgeFormat1({ ...c, update: 'x' as never }))).toBe('checkpoint: update: update must be a number');
    expect(refusal(forgeFormat1({ ...c, update: 1.5 }))).toBe('checkpoint: update: update must be a whole number');
    expect(refusal(forgeFormat1({ ...c, config: { ...c.config, lr: 1e6 } }))).toMatch(/its config is invalid: lr='1000000': must be a number from 0.000001 to 0.1/);
    expect(refusal(forgeFormat1({ ...c, config: { ...c.config, colour: 'red' } as never }))).toMatch(/unknown setting 'colour'/);
    expect(refusal(forgeFormat1({ ...c, rng: { tasks: [1, 2, 3], sample: c.rng.sample } as never }))).toMatch(/^checkpoint: rng\.tasks/);
  });

  it('refuses non-finite parameters on load and never writes them', async () => {
    const c = await trainedCheckpoint();
    const params = c.policy.params.slice();
    params[17] = NaN;
    const poisoned = { ...c, policy: { ...c.policy, params } };
    expect(refusal(forgeFormat1(poisoned))).toBe('checkpoint: policy.params[17] is NaN: non-finite parameters are never loaded or saved');
    expect(() => encodeCheckpoint(poisoned)).toThrow(/policy\.params\[17\] is NaN/);
    const reference = c.reference.slice();
    reference[3] = -Infinity;
    expect(() => encodeCheckpoint({ ...c, reference })).toThrow(/reference\[3\] is -Infinity/);
    const adamV = c.policy.adamV.slice();
    adamV[0] = -1;
    expect(() => encodeCheckpoint({ ...c, policy: { ...c.policy, adamV } })).toThrow(/adamV\[0\] is negative/);
  });

  it('reads format 1 (no CRC) through the same checks, warning that damage cannot be detected', async () => {
    const c = await trainedCheckpoint();
    const { checkpoint, warnings } = readCheckpoint(forgeFormat1(c));
    expect(warnings).toEqual(['this checkpoint predates checksums (format 1): damage to it cannot be detected']);
    expect(checkpoint.update).toBe(1);
    expect(Array.from(checkpoint.policy.params)).toEqual(Array.from(c.policy.params));
    expect(readCheckpoint(encodeCheckpoint(c)).warnings).toEqual([]);
  });
});
