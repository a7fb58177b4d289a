// `npm run train` with checkpoints it must not trust: a run whose loss becomes NaN ends with status 1 and leaves
// --out as it was; a checkpoint with a negative or non-numeric update, no config or a flipped bit is refused with
// status 1 and a message, before any update runs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeCheckpoint } from '../../src/rl/checkpoint';
import { forgeFormat1, trainedCheckpoint } from './checkpoint-forge';

const CLI = ['tsx', '--import', './scripts/register-raw.mjs', 'cli/train.ts'];
const train = (args: string[]) => spawnSync('npx', [...CLI, ...args], { encoding: 'utf8', cwd: process.cwd() });


describe('train CLI and checkpoints', () => {
  it('stops with status 1 when a metric becomes NaN, and never overwrites --out', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gh-nan-'));
    const c = await trainedCheckpoint();
    // Finite parameters (so the file is valid) so large that the logits overflow: the first update's loss is NaN.
    const params = c.policy.params.map((x) => (x === 0 ? 0 : Math.sign(x) * 3e38));
    writeFileSync(join(dir, 'bad.ckpt'), encodeCheckpoint({ ...c, policy: { ...c.policy, params } }));
    const good = encodeCheckpoint(c);
    writeFileSync(join(dir, 'good.ckpt'), good);
    const r = train(['--resume', join(dir, 'bad.ckpt'), '--out', join(dir, 'good.ckpt'), '--updates', '3']);
    expect(r.stderr).toMatch(/train: \S+ became (NaN|-?Infinity) at update 1: training stopped; \S+good\.ckpt was not written/);
    expect(r.status).toBe(1);
    expect(Buffer.from(readFileSync(join(dir, 'good.ckpt'))).equals(Buffer.from(good))).toBe(true);
  });

  it('refuses a checkpoint with update -5 or "x", no config, or a flipped bit, with status 1 before any update', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gh-ckpt-'));
    const c = await trainedCheckpoint();
    const flipped = encodeCheckpoint(c);
    flipped[flipped.length - 64] ^= 0x10; // inside the AdamW second moments, the last array
    const cases: [string, Uint8Array, RegExp][] = [
      ['negative.ckpt', forgeFormat1({ ...c, update: -5 }), /checkpoint: update: update must not be negative/],
      ['text.ckpt', forgeFormat1({ ...c, update: 'x' }), /checkpoint: update: update must be a number/],
      ['noconfig.ckpt', forgeFormat1({ ...c, config: undefined }), /checkpoint: it holds no config/],
      ['flipped.ckpt', flipped, /checkpoint: its CRC-32 does not match its bytes/],
    ];
    for (const [name, bytes, message] of cases) {
      writeFileSync(join(dir, name), bytes);
      const r = train(['--resume', join(dir, name), '--json']);
      expect(r.stderr, name).toMatch(message);
      expect(r.status, name).toBe(1);
      expect(r.stdout, name).toBe('');
    }
  });
});
