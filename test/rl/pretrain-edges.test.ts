// pretrain.ts's parts one at a time, fast enough for mutation testing: the default families, the case-twin tie on a
// hand-made table, the base file's bytes by hand and every refusal, and one short pretraining on one family (its
// vocabulary, its first loss near ln V, its tie, its determinism). Tests share no state.
import { describe, expect, it } from 'vitest';
import { ENV_SPECS } from '../../src/envs/registry';
import { paramTable, type ParamTable } from '../../src/model/params';
import { presetConfig } from '../../src/model/presets';
import { BASE_HELD_OUT, baseFamilies, basePath, decodeBase, encodeBase, pretrainBase, tieCaseTwins, type BasePolicy } from '../../src/rl/pretrain';

const BASE: BasePolicy = { model: 'tiny', vocab: ['a'], params: Float32Array.from([1.5, -2]), families: ['x'], steps: 3, lr: 0.01, seed: 7 };

/** The header encodeBase writes, field by field in its order. */
const headerOf = (b: BasePolicy) => JSON.stringify({ model: b.model, vocab: b.vocab, families: b.families, steps: b.steps, lr: b.lr, seed: b.seed, params: b.params.length });

/** A file by hand: magic, u32 LE header length, the header, zeros to a multiple of 4, the floats LE. */
function fileOf(header: string, floats: number[], magic = 'GHBS'): Uint8Array {
  const h = new TextEncoder().encode(header);
  const start = Math.ceil((8 + h.length) / 4) * 4;
  const bytes = new Uint8Array(start + 4 * floats.length);
  bytes.set(new TextEncoder().encode(magic), 0);
  new DataView(bytes.buffer).setUint32(4, h.length, true);
  bytes.set(h, 8);
  floats.forEach((x, i) => new DataView(bytes.buffer).setFloat32(start + 4 * i, x, true));
  return bytes;
}

describe('base families and path', () => {
  it('trains on every web family but login-user and its popup twin', () => {
    expect(BASE_HELD_OUT).toEqual(['login-user', 'login-user-popup']);
    const ids = baseFamilies().map((s) => s.id);
    const web = ENV_SPECS.filter((s) => s.suite === 'web').map((s) => s.id);
    expect(ids).toEqual(web.filter((id) => id !== 'login-user' && id !== 'login-user-popup'));
    expect(ids).toHaveLength(web.length - 2);
    expect(ids).toContain('click-button');
    expect(ENV_SPECS.length).toBeGreaterThan(web.length);
    expect(basePath('small')).toBe('base/small.ghbs');
  });
});

describe('tieCaseTwins', () => {
  /** wte of 3 words x D 2 at offset 2, in a buffer of 10 floats 0..9. */
  const table = (): ParamTable => ({ entries: new Map([['wte', { offset: 2, size: 6, shape: [3, 2] }]]), total: 10 });
  const params = () => Float32Array.from({ length: 10 }, (_, i) => i);

  it("copies each word's lowercase twin's row onto it, and nothing else", () => {
    const p = params();
    expect(Array.from(tieCaseTwins(p, ['Ab', 'ab', 'AB'], table()))).toEqual([0, 1, 4, 5, 4, 5, 4, 5, 8, 9]);
    expect(Array.from(tieCaseTwins(p, ['ab', 'AB', 'Cd'], table()))).toEqual([0, 1, 2, 3, 2, 3, 6, 7, 8, 9]);
    expect(Array.from(p)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('names a table without a token embedding', () => {
    expect(() => tieCaseTwins(params(), ['a'], { entries: new Map(), total: 10 })).toThrow('pretrain: the parameter table has no token embedding (wte)');
  });
});

describe('the base file', () => {
  it('is the magic, the header length, the header, zero padding to 4 bytes, then the floats, little-endian', () => {
    const header = headerOf(BASE);
    expect((8 + header.length) % 4).not.toBe(0);
    const bytes = encodeBase(BASE);
    expect(Array.from(bytes)).toEqual(Array.from(fileOf(header, [1.5, -2])));
    expect(decodeBase(bytes)).toEqual(BASE);
  });

  it('writes only the floats of a view into a larger buffer, and reads a file from an unaligned view', () => {
    const params = Float32Array.from([9, 1.5, -2, 9]).subarray(1, 3);
    const bytes = encodeBase({ ...BASE, params });
    expect(Array.from(bytes)).toEqual(Array.from(encodeBase(BASE)));
    const shifted = new Uint8Array(bytes.length + 3);
    shifted.set(bytes, 3);
    expect(decodeBase(shifted.subarray(3))).toEqual(BASE);
  });

  it('reads a file whose header ends exactly at the end (no parameters, no padding)', () => {
    const base = [1, 2, 3, 4].map((n) => ({ ...BASE, vocab: ['a'.repeat(n)], params: new Float32Array(0) })).find((b) => headerOf(b).length % 4 === 0)!;
    const bytes = encodeBase(base);
    expect(bytes.length).toBe(8 + headerOf(base).length);
    expect(decodeBase(bytes)).toEqual(base);
  });

  it('names a file that is not a base, is cut short, has a bad header, or a wrong number of floats', () => {
    const not = 'base policy: not a Greenhouse base file';
    expect(() => decodeBase(new TextEncoder().encode('GHBS\0\0\0'))).toThrow(not);
    expect(() => decodeBase(fileOf(headerOf(BASE), [1.5, -2], 'GHBX'))).toThrow(not);
    expect(() => decodeBase(fileOf(headerOf(BASE), [1.5, -2], 'XHBS'))).toThrow(not);
    const bytes = encodeBase(BASE);
    new DataView(bytes.buffer).setUint32(4, bytes.length - 7, true);
    expect(() => decodeBase(bytes)).toThrow('base policy: truncated header');
    expect(() => decodeBase(fileOf('{"model": "tiny",', []))).toThrow(/^base policy: the header is not JSON \(/);
    expect(() => decodeBase(fileOf('', []))).toThrow(/^base policy: the header is not JSON \(/);
    expect(() => decodeBase(fileOf(headerOf(BASE), [1.5]))).toThrow('base policy: 4 bytes of parameters, the header says 2 floats');
    expect(() => decodeBase(fileOf(headerOf(BASE), [1.5, -2, 3]))).toThrow('base policy: 12 bytes of parameters, the header says 2 floats');
  });
});

describe('pretrainBase', () => {
  it("learns on one family from the web families' vocabulary, starting near ln V, twins tied, one seed one base", async () => {
    const options = { model: 'tiny' as const, steps: 2, lr: 0.003, seed: 4, families: ['click-button'] };
    const steps: number[] = [];
    const losses: number[] = [];
    const base = await pretrainBase({ ...options, onStep: (s, loss) => (steps.push(s), losses.push(loss)) });
    expect(base).toMatchObject({ model: 'tiny', families: ['click-button'], steps: 2, lr: 0.003, seed: 4 });
    // login-user's labels are words of their own; the card battler's (a game) are not in a web base's vocabulary
    for (const w of ['click', 'Username', 'username', 'Password']) expect(base.vocab).toContain(w);
    for (const w of ['Catalyst', 'poison']) expect(base.vocab).not.toContain(w);
    const table = paramTable(presetConfig('tiny', base.vocab.length));
    expect(base.params).toHaveLength(table.total);
    // cross-entropy over V tokens starts near ln V (a policy-gradient loss on demonstrations would start near 0)
    expect(steps).toEqual([0, 1]);
    const lnV = Math.log(base.vocab.length);
    expect(losses[0]).toBeGreaterThan(lnV - 1);
    expect(losses[0]).toBeLessThan(lnV + 1.5);
    expect(losses[1]).toBeLessThan(losses[0]);
    const wte = table.entries.get('wte')!;
    const D = wte.shape[1];
    const row = (w: string) => Array.from(base.params.subarray(wte.offset + base.vocab.indexOf(w) * D, wte.offset + (base.vocab.indexOf(w) + 1) * D));
    expect(row('Username')).toEqual(row('username'));
    expect(row('Username')).not.toEqual(row('Password'));
    const again = await pretrainBase(options);
    expect(again.params).toEqual(base.params);
    expect((await pretrainBase({ ...options, seed: 5 })).params).not.toEqual(base.params);
  });

  it('defaults to the base families, and names an unknown one', async () => {
    const base = await pretrainBase({ model: 'tiny', steps: 0, lr: 0.003, seed: 1 });
    expect(base.families).toEqual(baseFamilies().map((s) => s.id));
    await expect(pretrainBase({ model: 'tiny', steps: 0, lr: 0.003, seed: 1, families: ['click-button', 'nope'] })).rejects.toThrow("pretrain: unknown family 'nope'");
  });
});
