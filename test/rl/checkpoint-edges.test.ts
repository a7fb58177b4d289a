// The checkpoint file format by hand, on a small hand-made checkpoint (no training): the bytes encodeCheckpoint
// writes (magic, format, header length, 4-aligned f32 data, CRC-32), round trips at every header-length residue, and
// each refusal of readCheckpoint at its bound, with its message.
import CRC32 from 'crc-32';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/core/config-table';
import { SPECIALS } from '../../src/model/tokenizer';
import { CHECKPOINT_VERSION, CheckpointError, decodeCheckpoint, encodeCheckpoint, readCheckpoint, type Checkpoint } from '../../src/rl/checkpoint';
import { forgeFormat1, refusalOf } from './checkpoint-forge';

/** A valid checkpoint: the specials and `words`, two parameters, a pending episode (nested objects and null). */
function small(words: string[] = ['click']): Checkpoint {
  return {
    version: CHECKPOINT_VERSION,
    config: { ...DEFAULT_CONFIG },
    update: 3,
    vocab: [...SPECIALS, ...words],
    policy: { params: new Float32Array([1.5, -2]), adamM: new Float32Array([0.25, 0]), adamV: new Float32Array([0, 4]), step: 3 },
    reference: new Float32Array([1, 2]),
    rng: { tasks: [1, 2, 3, 4], sample: [0, 0, 0, 0xffffffff] },
    pending: [{ task: 0, member: 1, seed: 7, goal: 'press', turns: [{ prompt: [0, 9], action: [9, 2], logp: [-1, -0.5], entropy: [0.5, 0], text: 'click(1)' }], success: false, progress: 0.5, truncated: true, envReturn: 0 }],
  };
}

const u32 = (bytes: Uint8Array, at: number) => new DataView(bytes.buffer, bytes.byteOffset).getUint32(at, true);
const headerOf = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + u32(bytes, 8))));

/** A format 2 file from its parts, signed: magic, format, a header of `length` (default: the text's), the data. */
function framed(header: string, data: number[] = [], format = 2, length?: number): Uint8Array {
  const text = new TextEncoder().encode(header);
  const start = Math.ceil((12 + text.length) / 4) * 4;
  const bytes = new Uint8Array(start + data.length * 4 + (format === 2 ? 4 : 0));
  bytes.set([0x47, 0x48, 0x43, 0x4b]);
  const view = new DataView(bytes.buffer);
  view.setUint32(4, format, true);
  view.setUint32(8, length ?? text.length, true);
  bytes.set(text, 12);
  data.forEach((x, i) => view.setFloat32(start + 4 * i, x, true));
  if (format === 2) view.setUint32(bytes.length - 4, CRC32.buf(bytes.subarray(0, bytes.length - 4)) >>> 0, true);
  return bytes;
}

const refusal = (bytes: Uint8Array): string => refusalOf(readCheckpoint, bytes);

describe('encodeCheckpoint, byte by byte', () => {
  it('"GHCK", format 2, the header length, the JSON header without the version, aligned f32 data, then the CRC-32', () => {
    const bytes = encodeCheckpoint(small());
    expect([...bytes.subarray(0, 4)]).toEqual([0x47, 0x48, 0x43, 0x4b]);
    expect(u32(bytes, 4)).toBe(2);
    const header = headerOf(bytes);
    expect(header.version).toBeUndefined();
    expect(header.arrayLengths).toEqual([2, 2, 2, 2]); // params, adamM, adamV, reference, in the order met
    expect(header.policy).toEqual({ params: { $f32: 0 }, adamM: { $f32: 1 }, adamV: { $f32: 2 }, step: 3 });
    expect(header.reference).toEqual({ $f32: 3 });
    expect(header.pending[0].turns[0].text).toBe('click(1)');
    const start = Math.ceil((12 + u32(bytes, 8)) / 4) * 4;
    expect(bytes.length).toBe(start + 8 * 4 + 4);
    const data = new Float32Array(bytes.slice(start, start + 32).buffer);
    expect([...data]).toEqual([1.5, -2, 0.25, 0, 0, 4, 1, 2]);
    expect(u32(bytes, bytes.length - 4)).toBe(CRC32.buf(bytes.subarray(0, bytes.length - 4)) >>> 0);
  });

  it('round trips at each of the four header-length residues, with no warning', () => {
    const residues = new Set<number>();
    for (const word of ['a', 'ab', 'abc', 'abcd']) {
      const c = small([word]);
      const bytes = encodeCheckpoint(c);
      residues.add(u32(bytes, 8) % 4);
      const { checkpoint, warnings } = readCheckpoint(bytes);
      expect(checkpoint).toEqual(c);
      expect(warnings).toEqual([]);
      expect(decodeCheckpoint(bytes)).toEqual(c);
    }
    expect(residues.size).toBe(4);
  });

  it('refuses to write what reading would refuse', () => {
    expect(() => encodeCheckpoint({ ...small(), update: -1 })).toThrow(CheckpointError);
  });
});

describe('readCheckpoint: each refusal at its bound', () => {
  it('not a checkpoint: too short, another magic, not bytes', () => {
    expect(refusal(new Uint8Array([0x47, 0x48, 0x43, 0x4b, 2, 0, 0, 0, 0, 0, 0]))).toBe('checkpoint: not a Greenhouse checkpoint');
    expect(refusal(framed('{}').map((b, i) => (i === 3 ? 0x4c : b)))).toBe('checkpoint: not a Greenhouse checkpoint');
    expect(refusal([...framed('{}')] as unknown as Uint8Array)).toBe('checkpoint: not a Greenhouse checkpoint');
  });

  it('exactly 12 bytes of format 1 is a file with an empty header, read as far as the header', () => {
    expect(refusal(framed('', [], 1))).toMatch(/^checkpoint: its header is not JSON \(/);
  });

  it('an unknown format is named with the ones this version reads', () => {
    expect(refusal(framed('{}', [], 3))).toBe('checkpoint: format 3 is unknown (this version reads 1 and 2)');
    expect(refusal(framed('{}', [], 0))).toBe('checkpoint: format 0 is unknown (this version reads 1 and 2)');
  });

  it('format 2: a CRC that does not match, or no room for one past the prefix; 16 bytes with a right CRC are read on', () => {
    const bytes = encodeCheckpoint(small());
    const flipped = bytes.slice();
    flipped[bytes.length - 1] ^= 1;
    expect(refusal(flipped)).toBe('checkpoint: its CRC-32 does not match its bytes: the file is damaged or truncated');
    expect(refusal(framed('', []).subarray(0, 14))).toMatch(/CRC-32 does not match/);
    // 14 bytes whose last four happen to be the CRC of the ten before them: still too short to hold a CRC
    const short = framed('', []).subarray(0, 14);
    new DataView(short.buffer, short.byteOffset).setUint32(10, CRC32.buf(short.subarray(0, 10)) >>> 0, true);
    expect(refusal(short)).toBe('checkpoint: its CRC-32 does not match its bytes: the file is damaged or truncated');
    expect(refusal(framed('', []))).toMatch(/^checkpoint: its header is not JSON \(/); // 12 + 4 bytes, the CRC right
  });

  it('format 1 loads with a warning that damage cannot be detected', () => {
    const { version: _v, ...content } = small();
    const { checkpoint, warnings } = readCheckpoint(forgeFormat1(content));
    expect(checkpoint).toEqual(small());
    expect(warnings).toEqual(['this checkpoint predates checksums (format 1): damage to it cannot be detected']);
  });

  it('a header longer than the file is truncated; one that ends exactly at the file end is read', () => {
    expect(refusal(framed('{}', [], 2, 5))).toBe('checkpoint: truncated header');
    expect(refusal(framed('{"arrayLengths":[]}', [], 2, 21))).toBe('checkpoint: truncated header');
    // 12 + 20 bytes, then the CRC: the header ends where the data would start
    expect(refusal(framed('{"arrayLengths":[] }', [], 2))).not.toBe('checkpoint: truncated header');
  });

  it('a header that is not UTF-8, not JSON, or not an object', () => {
    const bad = framed('{"a":1}');
    bad[13] = 0xff;
    expect(refusal(resignCrc(bad))).toMatch(/^checkpoint: its header is not JSON \(/);
    // a byte that is not UTF-8 inside a JSON string: decoded leniently it would be valid JSON
    const inString = framed('{"a":"x"}');
    inString[12 + 6] = 0xff;
    expect(refusal(resignCrc(inString))).toMatch(/^checkpoint: its header is not JSON \(/);
    expect(refusal(framed('{'))).toMatch(/^checkpoint: its header is not JSON \(.+\)$/);
    for (const h of ['null', '[1]', '5', '"x"']) expect(refusal(framed(h))).toBe('checkpoint: its header is not a JSON object');
  });

  it('array lengths must be a list of whole numbers from 0', () => {
    for (const lengths of [undefined, 3, [-1], [1.5], ['2']]) {
      expect(refusal(framed(JSON.stringify({ arrayLengths: lengths }), [0, 0, 0]))).toBe('checkpoint: its header has no array lengths');
    }
    // a length of 0 is an array like any other
    const { version: _v, ...content } = small();
    expect(readCheckpoint(withZeroLength(content)).checkpoint).toEqual(small());
  });

  it('data shorter than the lengths is truncated; data that ends at the file end is read; more is named', () => {
    expect(refusal(framed('{"arrayLengths":[3]}', [1, 2]))).toBe('checkpoint: truncated data');
    expect(refusal(framed('{"arrayLengths":[2]}', [1, 2]))).not.toMatch(/truncated|follow/);
    expect(refusal(framed('{"arrayLengths":[1]}', [1, 2]))).toBe('checkpoint: 4 bytes follow the data the header describes');
    expect(refusal(framed('{"arrayLengths":[]}', [1, 2, 3]))).toBe('checkpoint: 12 bytes follow the data the header describes');
  });

  it('an array referred to twice, or that does not exist, or by a non-number', () => {
    const twice = framed('{"arrayLengths":[1],"reference":{"$f32":0},"x":[{"$f32":0}]}', [1]);
    expect(refusal(twice)).toBe('checkpoint: the header refers to array 0, which is missing or used twice');
    expect(refusal(framed('{"arrayLengths":[],"reference":{"$f32":5}}'))).toBe('checkpoint: the header refers to array 5, which is missing or used twice');
    expect(refusal(framed('{"arrayLengths":[1],"reference":{"$f32":"0"}}', [1]))).toBe('checkpoint: the header refers to array "0", which is missing or used twice');
  });

  it('a header nested too deep to restore gets a message, not a stack overflow', () => {
    const depth = 20_000; // JSON.parse reads it; restoring it recursively overflows the stack
    const message = refusal(framed(`{"arrayLengths":[],"x":${'['.repeat(depth)}${']'.repeat(depth)}}`));
    expect(message).toMatch(/^checkpoint: its header cannot be read \(.+\)$/);
  });
});

/** A format 1 file of `content` with one extra array of length 0 that nothing refers to. */
function withZeroLength(content: object): Uint8Array {
  const bytes = forgeFormat1(content);
  const header = headerOf(bytes);
  const data = bytes.subarray(Math.ceil((12 + u32(bytes, 8)) / 4) * 4);
  return framed(JSON.stringify({ ...header, arrayLengths: [...header.arrayLengths, 0] }), [...new Float32Array(data.slice().buffer)], 1);
}

function resignCrc(bytes: Uint8Array): Uint8Array {
  const out = bytes.slice();
  new DataView(out.buffer).setUint32(out.length - 4, CRC32.buf(out.subarray(0, out.length - 4)) >>> 0, true);
  return out;
}
