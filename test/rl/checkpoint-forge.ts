// A format 1 checkpoint file (no CRC) written by hand from any object: what an older Greenhouse wrote, or what
// someone could craft; and format 2 files changed then signed again. Tests and npm run fuzz use them to reach the
// content checks that sit behind the CRC; `refusalOf` reads the message a reader refuses a file with.
import CRC32 from 'crc-32';
import type { Config } from '../../src/core/config-table';
import { CheckpointError, type Checkpoint } from '../../src/rl/checkpoint';
import { createTrainer } from '../../src/rl/setup';
import { tinyConfig } from './helpers';

/** `content`: a checkpoint's fields, any of them changed, missing or of the wrong type. */
export function forgeFormat1(content: object): Uint8Array {
  const arrays: Float32Array[] = [];
  const strip = (value: unknown): unknown => {
    if (value instanceof Float32Array) return { $f32: arrays.push(value) - 1 };
    if (Array.isArray(value)) return value.map(strip);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, strip(v)]));
    return value;
  };
  const json = strip({ version: 1, ...content }) as Record<string, unknown>;
  json.arrayLengths = arrays.map((a) => a.length);
  const header = new TextEncoder().encode(JSON.stringify(json));
  const dataStart = Math.ceil((12 + header.length) / 4) * 4;
  const bytes = new Uint8Array(dataStart + arrays.reduce((s, a) => s + a.byteLength, 0));
  const view = new DataView(bytes.buffer);
  bytes.set([0x47, 0x48, 0x43, 0x4b], 0);
  view.setUint32(4, 1, true);
  view.setUint32(8, header.length, true);
  bytes.set(header, 12);
  let at = dataStart;
  for (const a of arrays) {
    bytes.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), at);
    at += a.byteLength;
  }
  return bytes;
}

/** The CRC-32 of a format 2 file written again after its bytes were changed: what a careful forger would do. */
export function resign(bytes: Uint8Array): Uint8Array {
  const out = bytes.slice();
  if (out.length >= 16) new DataView(out.buffer).setUint32(out.length - 4, CRC32.buf(out.subarray(0, out.length - 4)) >>> 0, true);
  return out;
}

/** A format 2 file with its JSON header changed by `edit` (the arrays kept), framed and signed again. */
export function withHeader(bytes: Uint8Array, edit: (header: Record<string, unknown>) => unknown): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = view.getUint32(8, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + length))) as Record<string, unknown>;
  const data = bytes.subarray(Math.ceil((12 + length) / 4) * 4, bytes.length - 4);
  const text = new TextEncoder().encode(JSON.stringify(edit(header)));
  const dataStart = Math.ceil((12 + text.length) / 4) * 4;
  const out = new Uint8Array(dataStart + data.length + 4);
  out.set(bytes.subarray(0, 8), 0);
  new DataView(out.buffer).setUint32(8, text.length, true);
  out.set(text, 12);
  out.set(data, dataStart);
  return resign(out);
}

/** A genuine checkpoint to start from: the tiny test config after one update. */
export async function trainedCheckpoint(over: Partial<Config> = {}): Promise<Checkpoint> {
  const { trainer } = await createTrainer(tinyConfig({ updates: 4, bcSteps: 1, ...over }));
  await trainer.step();
  const c = await trainer.checkpoint();
  trainer.dispose();
  return c;
}

/** The message `read` refuses `bytes` with; fails the test when it accepts them or throws anything but a CheckpointError. */
export function refusalOf(read: (bytes: Uint8Array) => unknown, bytes: Uint8Array): string {
  try {
    read(bytes);
  } catch (err) {
    if (err instanceof CheckpointError) return err.message;
    throw new Error(`refused with ${String(err)}, not a CheckpointError`);
  }
  throw new Error('the checkpoint was accepted');
}
