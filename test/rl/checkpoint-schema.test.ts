// checkCheckpoint on hand-made decoded content (no file framing): the smallest valid checkpoint, then one field at
// a time at each bound and past it, each refusal's exact message.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/core/config-table';
import { SPECIALS } from '../../src/model/tokenizer';
import { CheckpointError, checkCheckpoint } from '../../src/rl/checkpoint-schema';

const f32 = (...xs: number[]) => new Float32Array(xs);
const turn = (over: Record<string, unknown> = {}) => ({ prompt: [0, 9], action: [9, 2], logp: [-1, -0.5], text: 'click(1)', ...over });
const episode = (over: Record<string, unknown> = {}) => ({
  task: 0, member: 1, seed: 7, goal: 'press', turns: [turn()], success: false, progress: 0.5, truncated: true, ...over,
});
/** A valid checkpoint's content: a 10-word vocabulary (the specials and 'click'), two parameters. */
const valid = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  config: { ...DEFAULT_CONFIG },
  update: 0,
  vocab: [...SPECIALS, 'click'],
  policy: { params: f32(1, 2), adamM: f32(0, 0), adamV: f32(0, 0), step: 0 },
  reference: f32(1, 2),
  rng: { tasks: [1, 2, 3, 4], sample: [0, 0, 0, 0xffffffff] },
  pending: null,
  ...over,
});
const policy = (over: Record<string, unknown>) => ({ policy: { params: f32(1, 2), adamM: f32(0, 0), adamV: f32(0, 0), step: 0, ...over } });

const refusal = (raw: Record<string, unknown>): string => {
  try {
    checkCheckpoint(raw, 2);
  } catch (err) {
    expect(err).toBeInstanceOf(CheckpointError);
    expect((err as Error).name).toBe('CheckpointError');
    return (err as Error).message;
  }
  throw new Error('the checkpoint was accepted');
};

describe('checkCheckpoint: the config', () => {
  it('accepts the smallest valid checkpoint and keeps its version and fields', () => {
    const c = checkCheckpoint(valid({ pendingLevel: 2, curriculum: { level: 1, recent: [0, 1] } }), 2);
    expect(c.version).toBe(2);
    expect(c.update).toBe(0);
    expect(c.config).toEqual(DEFAULT_CONFIG);
    expect(c.vocab).toEqual([...SPECIALS, 'click']);
    expect(c.pendingLevel).toBe(2);
    expect(c.curriculum).toEqual({ level: 1, recent: [0, 1] });
  });

  it('refuses a missing or non-object config, and names each missing required key', () => {
    for (const config of [undefined, null, 'x', 3, [DEFAULT_CONFIG]]) expect(refusal(valid({ config }))).toBe('checkpoint: it holds no config');
    for (const key of ['env', 'model', 'seed', 'updates']) {
      const { [key]: _gone, ...config } = DEFAULT_CONFIG as unknown as Record<string, unknown>;
      expect(refusal(valid({ config }))).toBe(`checkpoint: its config has no ${key}`);
    }
  });

  it('reads a config without f16 as f32, keeps f16 when given, and lists every invalid value on one line', () => {
    const { f16: _f16, ...older } = DEFAULT_CONFIG;
    expect(checkCheckpoint(valid({ config: older }), 2).config.f16).toBe(false);
    expect(checkCheckpoint(valid({ config: { ...DEFAULT_CONFIG, backend: 'webgpu', f16: true } }), 2).config.f16).toBe(true);
    expect(refusal(valid({ config: { ...DEFAULT_CONFIG, lr: 5, group: 0 } }))).toBe(
      "checkpoint: its config is invalid: group='0': must be an integer from 2 to 64; lr='5': must be a number from 0.000001 to 0.1",
    );
  });
});

describe('checkCheckpoint: the content', () => {
  it('wants update a whole number from 0, with the path in the message', () => {
    expect(refusal(valid({ update: -1 }))).toBe('checkpoint: update: update must not be negative');
    expect(refusal(valid({ update: 0.5 }))).toBe('checkpoint: update: update must be a whole number');
    expect(refusal(valid({ update: '1' }))).toBe('checkpoint: update: update must be a number');
    expect(checkCheckpoint(valid({ update: 12 }), 1).update).toBe(12);
  });

  it('bounds the vocabulary: the specials first, no word twice, words of at most 200 characters, at most 100,000 words', () => {
    expect(() => checkCheckpoint(valid({ vocab: [...SPECIALS, 'w'.repeat(200)] }), 2)).not.toThrow();
    expect(refusal(valid({ vocab: [...SPECIALS, 'w'.repeat(201)] }))).toMatch(/^checkpoint: vocab\.9: /);
    expect(refusal(valid({ vocab: SPECIALS.slice(1) }))).toMatch(/^checkpoint: vocab: /);
    expect(() => checkCheckpoint(valid({ vocab: [...SPECIALS] }), 2)).not.toThrow();
    expect(refusal(valid({ vocab: [...SPECIALS, 'a', 'a'] }))).toBe('checkpoint: vocab: vocab has a token twice');
    const big = [...SPECIALS, ...Array.from({ length: 100_000 - SPECIALS.length }, (_, i) => `w${i}`)];
    expect(() => checkCheckpoint(valid({ vocab: big }), 2)).not.toThrow();
    expect(refusal(valid({ vocab: [...big, 'one-more'] }))).toMatch(/^checkpoint: vocab: /);
    const [first, second, ...rest] = SPECIALS;
    expect(refusal(valid({ vocab: [second, first, ...rest] }))).toBe(
      `checkpoint: its vocabulary starts ${[second, first, ...rest].join(' ')}, this version's ${SPECIALS.join(' ')}: it was saved by an older Greenhouse; train it again`,
    );
  });

  it('wants parameter arrays of one non-zero length, finite, second moments not negative', () => {
    expect(refusal(valid({ ...policy({ params: f32(), adamM: f32(), adamV: f32() }), reference: f32() }))).toBe('checkpoint: policy.params is empty');
    expect(refusal(valid(policy({ adamM: f32(0) })))).toBe('checkpoint: policy.adamM has 1 values but policy.params has 2');
    expect(refusal(valid(policy({ adamV: f32(0, 0, 0) })))).toBe('checkpoint: policy.adamV has 3 values but policy.params has 2');
    expect(refusal(valid({ reference: f32(1) }))).toBe('checkpoint: reference has 1 values but policy.params has 2');
    expect(refusal(valid(policy({ adamM: f32(0, Infinity) })))).toBe('checkpoint: policy.adamM[1] is Infinity: non-finite parameters are never loaded or saved');
    expect(refusal(valid(policy({ params: f32(NaN, 1) })))).toBe('checkpoint: policy.params[0] is NaN: non-finite parameters are never loaded or saved');
    expect(refusal(valid(policy({ adamV: f32(0, -1e-9) })))).toBe("checkpoint: policy.adamV[1] is negative: AdamW's second moments cannot be");
    expect(checkCheckpoint(valid(policy({ adamV: f32(0, 3), adamM: f32(-2, 0) })), 2).policy.adamV).toEqual(f32(0, 3));
    expect(refusal(valid(policy({ params: [1, 2] })))).toMatch(/^checkpoint: policy\.params: /);
    expect(refusal(valid(policy({ step: -1 })))).toMatch(/^checkpoint: policy\.step: /);
    expect(refusal(valid(policy({ extra: 1 })))).toMatch(/^checkpoint: policy\.extra: /);
    expect(checkCheckpoint(valid(policy({ rng: [0, 0, 0, 1] })), 2).policy.rng).toEqual([0, 0, 0, 1]);
  });

  it('wants RNG states of four u32', () => {
    expect(refusal(valid({ rng: { tasks: [1, 2, 3, -1], sample: [0, 0, 0, 0] } }))).toMatch(/^checkpoint: rng\.tasks\.3: /);
    expect(refusal(valid({ rng: { tasks: [1, 2, 3, 4], sample: [0, 0, 0, 2 ** 32] } }))).toMatch(/^checkpoint: rng\.sample\.3: /);
    expect(refusal(valid({ rng: { tasks: [1, 2, 3, 4.5], sample: [0, 0, 0, 0] } }))).toMatch(/^checkpoint: rng\.tasks\.3: /);
    expect(refusal(valid({ rng: { tasks: [1, 2, 3], sample: [0, 0, 0, 0] } }))).toMatch(/^checkpoint: rng\.tasks\.3: /);
    expect(refusal(valid({ rng: { tasks: [1, 2, 3, 4], sample: [0, 0, 0, 0], extra: [] } }))).toMatch(/^checkpoint: rng\.extra: /);
  });

  it('checks pending episodes field by field, and their tokens against the vocabulary', () => {
    const pending = (e: Record<string, unknown>) => valid({ pending: [e] });
    expect(checkCheckpoint(pending(episode()), 2).pending).toHaveLength(1);
    expect(checkCheckpoint(pending(episode({ progress: 1, envReturn: -2, seed: 0xffffffff, turns: [turn({ entropy: [0, 1.5], error: 'no' })] })), 2).pending).toHaveLength(1);
    expect(refusal(pending(episode({ progress: 1.01 })))).toMatch(/^checkpoint: pending\.0\.progress: /);
    expect(refusal(pending(episode({ progress: -0.01 })))).toMatch(/^checkpoint: pending\.0\.progress: /);
    expect(refusal(pending(episode({ seed: 2 ** 32 })))).toMatch(/^checkpoint: pending\.0\.seed: /);
    expect(refusal(pending(episode({ task: -1 })))).toMatch(/^checkpoint: pending\.0\.task: /);
    expect(refusal(pending(episode({ envReturn: Infinity })))).toMatch(/^checkpoint: pending\.0\.envReturn: /);
    expect(refusal(pending(episode({ extra: 1 })))).toMatch(/^checkpoint: pending\.0\.extra: /);
    expect(refusal(pending(episode({ turns: [turn({ logp: [NaN] })] })))).toMatch(/^checkpoint: pending\.0\.turns\.0\.logp\.0: /);
    expect(refusal(pending(episode({ turns: [turn({ entropy: [-0.1] })] })))).toMatch(/^checkpoint: pending\.0\.turns\.0\.entropy\.0: /);
    expect(refusal(pending(episode({ turns: [turn({ entropy: [Infinity] })] })))).toMatch(/^checkpoint: pending\.0\.turns\.0\.entropy\.0: /);
    expect(refusal(pending(episode({ turns: [turn({ extra: 1 })] })))).toMatch(/^checkpoint: pending\.0\.turns\.0\.extra: /);
    // The vocabulary has 10 words: ids 0..9.
    const outside = 'checkpoint: a pending episode holds a token id outside the vocabulary of 10';
    expect(refusal(pending(episode({ turns: [turn({ prompt: [10] })] })))).toBe(outside);
    expect(refusal(pending(episode({ turns: [turn(), turn({ action: [2, 10] })] })))).toBe(outside);
    expect(refusal(pending(episode({ turns: [turn({ prompt: [-1] })] })))).toMatch(/^checkpoint: pending\.0\.turns\.0\.prompt\.0: /);
  });

  it('bounds the pending level, the curriculum and the skills', () => {
    expect(refusal(valid({ pendingLevel: -1 }))).toMatch(/^checkpoint: pendingLevel: /);
    expect(refusal(valid({ curriculum: { level: 0, recent: [1.5] } }))).toMatch(/^checkpoint: curriculum\.recent\.0: /);
    expect(refusal(valid({ curriculum: { level: 0, recent: [-0.5] } }))).toMatch(/^checkpoint: curriculum\.recent\.0: /);
    expect(refusal(valid({ curriculum: { level: 0, recent: [], extra: 1 } }))).toMatch(/^checkpoint: curriculum\.extra: /);
    expect(refusal(valid({ skills: [{ id: 'x' }] }))).toMatch(/^checkpoint: skills\.0\./);
    expect(checkCheckpoint(valid({ skills: [] }), 2).skills).toEqual([]);
  });

  it('names every missing key, finds a negative moment at index 0, and an outside id anywhere in a prompt', () => {
    const { env: _env, seed: _seed, ...config } = DEFAULT_CONFIG;
    expect(refusal(valid({ config }))).toBe('checkpoint: its config has no env, seed');
    expect(refusal(valid(policy({ adamV: f32(-1, 0) })))).toBe("checkpoint: policy.adamV[0] is negative: AdamW's second moments cannot be");
    expect(refusal(valid({ pending: [episode({ turns: [turn({ prompt: [0, 10] })] })] }))).toBe('checkpoint: a pending episode holds a token id outside the vocabulary of 10');
  });
});
