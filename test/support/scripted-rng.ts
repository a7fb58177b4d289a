// A random stream for tests that answers from a script instead of its generator: int(n) takes the next number
// (range, pick and shuffle go through int), next() the next fraction (chance(p) is next() < p). `asked` records each
// call as `int(n)` or `next`, so a test can say which draws were made, in order, and with which bounds.
import { Rng } from '../../src/core/rng';

export type ScriptedRng = Rng & { left: number[]; asked: string[] };

export function scripted(script: number[]): ScriptedRng {
  const rng = Object.create(Rng.prototype) as ScriptedRng;
  rng.left = [...script];
  rng.asked = [];
  const take = (call: string): number => {
    rng.asked.push(call);
    const v = rng.left.shift();
    if (v === undefined) throw new Error(`scripted: no value left for ${call}`);
    return v;
  };
  rng.int = (n: number) => {
    const v = take(`int(${n})`);
    if (!Number.isInteger(v) || v < 0 || v >= n) throw new Error(`scripted: ${v} is not an int below ${n}`);
    return v;
  };
  rng.next = () => {
    const v = take('next');
    if (!(v >= 0 && v < 1)) throw new Error(`scripted: ${v} is not a fraction for next()`);
    return v;
  };
  return rng;
}
