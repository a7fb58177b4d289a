// The pretrained base: one seed rebuilds the same file bit for bit, the file round-trips and bad files are named, and a
// run with init=base starts on a family the base never saw from the base's vocabulary and weights.
import { describe, expect, it } from 'vitest';
import { paramTable } from '../../src/model/params';
import { presetConfig } from '../../src/model/presets';
import { decodeBase, encodeBase, pretrainBase, tieCaseTwins, type BasePolicy } from '../../src/rl/pretrain';
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

  it("starts case twins on one embedding row, and twins of a family it never saw stay one row ('Username', 'username')", () => {
    const table = paramTable(presetConfig('tiny', base.vocab.length));
    const wte = table.entries.get('wte')!;
    const D = wte.shape[1];
    const row = (p: Float32Array, w: string) => Array.from(p.subarray(wte.offset + base.vocab.indexOf(w) * D, wte.offset + (base.vocab.indexOf(w) + 1) * D));
    // trained on click-button, enter-text and click-tab only: login-user's words were neither read nor written
    expect(row(base.params, 'Username')).toEqual(row(base.params, 'username'));
    expect(row(base.params, 'Password')).toEqual(row(base.params, 'password'));
    expect(row(base.params, 'Username')).not.toEqual(row(base.params, 'password'));
    // the tie itself: only capitalised words take their lowercase twin's row; the rest of the buffer is untouched
    const vocab = ['<pad>', 'Login', 'login', 'Submit', 'OK'];
    const small = paramTable(presetConfig('tiny', vocab.length));
    const params = Float32Array.from({ length: small.total }, (_, i) => i);
    const tied = tieCaseTwins(params, vocab, small);
    const e = small.entries.get('wte')!;
    const at = (p: Float32Array, i: number) => Array.from(p.subarray(e.offset + i * D, e.offset + (i + 1) * D));
    expect(at(tied, 1)).toEqual(at(params, 2));
    expect(at(tied, 2)).toEqual(at(params, 2));
    expect(at(tied, 3)).toEqual(at(params, 3)); // no 'submit' in the vocabulary
    expect(at(tied, 4)).toEqual(at(params, 4));
    expect(tied.subarray(e.offset + 5 * D)).toEqual(params.subarray(e.offset + 5 * D));
    expect(params[e.offset + D]).toBe(e.offset + D); // the input is not changed
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
