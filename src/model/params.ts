// The model's shape and its parameter table: every parameter in one flat buffer at named, 64-float-aligned offsets.
import { Rng } from '../core/rng';
import { pointerWidth } from './ops';

export interface ModelConfig {
  vocab: number; // V
  dim: number; // D
  layers: number; // L
  heads: number; // H (D divisible by H)
  window: number; // T_max, the context length
  /** Dp, the width of each pointer head's queries and keys (src/model/pointer.ts); 0 or absent: no pointer head. */
  pointer?: number;
}

export interface ParamEntry {
  offset: number;
  size: number;
  shape: readonly number[];
}

/** Named offsets into the flat parameter buffer; gradients and AdamW moments share it. */
export interface ParamTable {
  entries: ReadonlyMap<string, ParamEntry>;
  total: number;
}

const ALIGN = 64; // floats: 256 bytes, the WebGPU storage-binding offset alignment

/** Per-layer parameter names with their shapes. */
function layerShapes(D: number): [string, number[]][] {
  return [
    ['ln1.g', [D]],
    ['ln1.b', [D]],
    ['attn.w', [D, 3 * D]], // packed q | k | v
    ['attn.b', [3 * D]],
    ['proj.w', [D, D]],
    ['proj.b', [D]],
    ['ln2.g', [D]],
    ['ln2.b', [D]],
    ['fc.w', [D, 4 * D]],
    ['fc.b', [4 * D]],
    ['out.w', [4 * D, D]],
    ['out.b', [D]],
  ];
}

export function paramTable(c: ModelConfig): ParamTable {
  if (c.dim % c.heads !== 0) throw new Error(`dim ${c.dim} is not divisible by heads ${c.heads}`);
  if (c.pointer !== undefined && !(Number.isInteger(c.pointer) && c.pointer >= 0)) throw new Error(`pointer width ${c.pointer} is not a non-negative integer`);
  const shapes: [string, number[]][] = [
    ['wte', [c.vocab, c.dim]], // token embedding, tied with the output head
    ['wpe', [c.window, c.dim]],
  ];
  for (let l = 0; l < c.layers; l++) for (const [n, s] of layerShapes(c.dim)) shapes.push([`h${l}.${n}`, s]);
  shapes.push(['lnf.g', [c.dim]], ['lnf.b', [c.dim]]);
  if (c.pointer) shapes.push(['ptr.w', [c.dim, pointerWidth(c.pointer)]], ['ptr.b', [pointerWidth(c.pointer)]]); // packed q | k | gates
  const entries = new Map<string, ParamEntry>();
  let offset = 0;
  for (const [name, shape] of shapes) {
    const size = shape.reduce((a, b) => a * b, 1);
    entries.set(name, { offset, size, shape });
    offset += Math.ceil(size / ALIGN) * ALIGN;
  }
  return { entries, total: offset };
}

/** Number of real parameters (without alignment padding). */
export function countParams(t: ParamTable): number {
  let s = 0;
  for (const e of t.entries.values()) s += e.size;
  return s;
}

/**
 * Initialisation from the seed: N(0, 1/D) embeddings and matrices, residual projections further scaled by
 * 1/sqrt(2L) (GPT-2's trick), LN gains 1, biases 0. At these tiny widths GPT-2's fixed 0.02 leaves attention
 * scores near zero and content-matching heads (find the goal's label, copy its id) never form; 1/sqrt(D)
 * learns them in a few hundred steps.
 */
export function initParams(c: ModelConfig, t: ParamTable, rng: Rng): Float32Array {
  const p = new Float32Array(t.total);
  for (const [name, e] of t.entries) {
    const r = rng.split(name);
    const last = name.slice(name.lastIndexOf('.') + 1);
    if (last === 'g') p.fill(1, e.offset, e.offset + e.size);
    else if (last === 'b') continue;
    else {
      const base = 1 / Math.sqrt(c.dim);
      const std = name.endsWith('proj.w') || name.endsWith('out.w') ? base / Math.sqrt(2 * c.layers) : base;
      for (let i = 0; i < e.size; i++) p[e.offset + i] = r.normal() * std;
    }
  }
  return p;
}
