// A format 1 checkpoint file (no CRC) written by hand from any object: what an older Greenhouse wrote, or what
// someone could craft. Tests use it to reach the content checks that sit behind the CRC of format 2.

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
