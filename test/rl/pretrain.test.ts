// The pretrained base: one seed rebuilds the same file bit for bit, the file round-trips and bad files are named, and a
// run with init=base starts on a family the base never saw from the base's vocabulary and weights.
import { describe, expect, it } from 'vitest';
import { decodeBase, encodeBase, pretrainBase, type BasePolicy } from '../../src/rl/pretrain';
import { createTrainer } from '../../src/rl/setup';
import { tinyConfig } from './helpers';

const small = { model: 'tiny' as const, steps: 3, lr: 0.003, seed: 4, families: ['click-button', 'enter-text', 'click-tab'] };

describe('pretrained base', () => {
  let base: BasePolicy;

  it('is rebuilt bit for bit from its seed, and its file round-trips', async () => {
    base = await pretrainBase(small);
    const again = await pretrainBase(small);
    const bytes = encodeBase(base);
    expect(Buffer.from(encodeBase(again)).equals(Buffer.from(bytes))).toBe(true);
    const other = await pretrainBase({ ...small, seed: 5 });
    expect(Buffer.from(encodeBase(other)).equals(Buffer.from(bytes))).toBe(false);
    const read = decodeBase(bytes);
    expect(read).toEqual(base);
    expect(read.families).toEqual(small.families);
    expect(base.vocab).toContain('click');
  });

  it('refuses a file that is not a base, or is cut short', () => {
    expect(() => decodeBase(new TextEncoder().encode('GHCK....'))).toThrow(/not a Greenhouse base file/);
    const bytes = encodeBase(base);
    expect(() => decodeBase(bytes.subarray(0, bytes.length - 4))).toThrow(/bytes of parameters, the header says/);
  });

  it('starts a run on an unseen family (login-user) from its vocabulary and weights; a missing or mismatched base is named', async () => {
    const config = tinyConfig({ env: 'login-user', init: 'base', bcSteps: 0 });
    const { trainer } = await createTrainer(config, { base });
    const snap = await trainer.snapshot();
    expect(snap.vocab).toEqual(base.vocab);
    expect(snap.policy.params).toEqual(base.params);
    const report = await trainer.step(); // the base reads login-user's words it never saw as placeholders
    expect(report.episodes.every((e) => e.turns.every((t) => !t.text.includes('<unk>')))).toBe(true);
    trainer.dispose();
    await expect(createTrainer(config)).rejects.toThrow(/init=base needs the pretrained base policy \(base\/tiny.ghbs, written by npm run base\)/);
    await expect(createTrainer(tinyConfig({ env: 'login-user', init: 'base', model: 'small' }), { base })).rejects.toThrow(/the base policy is a tiny model, the config asks for small/);
  });
});
