// Seeded PRNG with named, splittable streams (sfc32 seeded by a string hash).
// One seed gives the same numbers in Node, a page and a worker: only 32-bit integer maths.

/** Serializable generator state: four u32 words. */
export type RngState = [number, number, number, number];

/** FNV-1a over UTF-16 code units, then a murmur3 finaliser: a stable 32-bit hash of a string. */
export function hashString(text: string, salt = 0x811c9dc5): number {
  let h = salt >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return mix32(h);
}

/** murmur3's 32-bit finaliser: spreads every input bit over the output. */
export function mix32(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/**
 * A stream of random numbers. `split(name)` derives an independent child stream from this
 * stream's key and the name, without consuming numbers from this stream, so adding a new
 * consumer never shifts the numbers an existing one sees.
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** @param key the stream's identity, e.g. "seed=7/rollout/3" */
  constructor(readonly key: string) {
    this.a = hashString(key, 0x9e3779b9);
    this.b = hashString(key, 0x243f6a88);
    this.c = hashString(key, 0xb7e15162);
    this.d = 1;
    for (let i = 0; i < 12; i++) this.nextU32(); // warm up sfc32
  }

  /** The root stream of an experiment seed. */
  static fromSeed(seed: number): Rng {
    return new Rng(`seed=${seed >>> 0}`);
  }

  /** An independent child stream named `name` (e.g. "env", "init", "sample"). */
  split(name: string | number): Rng {
    return new Rng(`${this.key}/${name}`);
  }

  /** Next uniform u32 (sfc32). */
  nextU32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform float in [0, 1) with 32 bits of randomness. */
  next(): number {
    return this.nextU32() / 4294967296;
  }

  /** Uniform integer in [0, n). n must be a positive integer below 2^32. */
  int(n: number): number {
    if (!(n > 0 && n <= 4294967296 && Number.isInteger(n))) throw new RangeError(`Rng.int: bad bound ${n}`);
    // Rejection sampling keeps the distribution exactly uniform.
    const limit = 4294967296 - (4294967296 % n);
    let x = this.nextU32();
    while (x >= limit) x = this.nextU32();
    return x % n;
  }

  /** Uniform integer in [lo, hi] inclusive. */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Rng.pick: empty array');
    return items[this.int(items.length)];
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }

  /** Standard normal sample (Box–Muller, one value per call). */
  normal(): number {
    const u = 1 - this.next(); // (0, 1]
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** The generator's position, for checkpoints. */
  getState(): RngState {
    return [this.a >>> 0, this.b >>> 0, this.c >>> 0, this.d >>> 0];
  }

  /** Restore a position saved by getState(). */
  setState(state: RngState): void {
    [this.a, this.b, this.c, this.d] = state.map((x) => x | 0) as RngState;
  }
}
