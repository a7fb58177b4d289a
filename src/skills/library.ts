// The skill library in memory: content ids, dedupe by action sequence, use statistics, the skills that can
// start in a state, merging several agents' libraries, and the tree by parents.

import type { Observation } from '../envs/api';
import { hashString } from '../core/rng';
import { canStart } from './execute';
import type { Skill, SkillStep } from './types';

/** A content id: equal family and action sequence give equal ids (64 bits of two string hashes). */
export function skillId(family: string, steps: readonly SkillStep[]): string {
  const text = `${family}\n${JSON.stringify(steps)}`;
  const hex = (n: number) => n.toString(16).padStart(8, '0');
  return `sk-${hex(hashString(text, 0x811c9dc5))}${hex(hashString(text, 0x01000193))}`;
}

/** Two records of one action sequence as one: counts added, fitness weighted by uses, parents united. */
export function combineSkills(a: Skill, b: Skill): Skill {
  const uses = a.uses + b.uses;
  const fitness = uses > 0 ? (a.fitness * a.uses + b.fitness * b.uses) / uses : (a.fitness + b.fitness) / 2;
  const parents = [...new Set([...a.parents, ...b.parents])].filter((p) => p !== a.id);
  const consistent = (a.consistent ?? 0) + (b.consistent ?? 0);
  return { ...a, uses, successes: a.successes + b.successes, consistent, fitness, parents, createdAt: Math.min(a.createdAt, b.createdAt) };
}

export class Library {
  private readonly byId = new Map<string, Skill>();

  constructor(skills: Iterable<Skill> = []) {
    for (const s of skills) this.add(s);
  }

  get size(): number {
    return this.byId.size;
  }

  all(): Skill[] {
    return [...this.byId.values()];
  }

  get(id: string): Skill | undefined {
    return this.byId.get(id);
  }

  /** Adds a skill under its content id; a known action sequence is combined with the stored record instead. */
  add(skill: Skill): Skill {
    const id = skillId(skill.family, skill.steps);
    const s = id === skill.id ? skill : { ...skill, id };
    const old = this.byId.get(id);
    const stored = old ? combineSkills(old, s) : s;
    this.byId.set(id, stored);
    return stored;
  }

  remove(id: string): boolean {
    return this.byId.delete(id);
  }

  /** Counts one use with its value in [0, 1] (fitness is the running mean) and the verdicts on it (see select.ts). */
  recordUse(id: string, value: number, verdict: { consistent: boolean; progressive: boolean }): void {
    const s = this.byId.get(id);
    if (!s) return;
    const uses = s.uses + 1;
    const consistent = (s.consistent ?? 0) + (verdict.consistent ? 1 : 0);
    this.byId.set(id, { ...s, uses, successes: s.successes + (verdict.progressive ? 1 : 0), consistent, fitness: s.fitness + (value - s.fitness) / uses });
  }

  /** Skills of the family whose first step resolves here, highest `rank` first (default: fitness), at most `limit`. */
  applicable(family: string, obs: Observation, words: readonly string[], limit = Infinity, rank: (s: Skill) => number = (s) => s.fitness): Skill[] {
    const out = this.all().filter((s) => s.family === family && canStart(s.steps, obs, words));
    out.sort((a, b) => rank(b) - rank(a) || b.fitness - a.fitness || a.steps.length - b.steps.length || (a.id < b.id ? -1 : 1));
    return out.slice(0, limit);
  }
}

/**
 * Merges several agents' libraries into one list: deduplicated by family and action sequence with stats
 * combined, ids recomputed from content and parent ids rewritten to match.
 */
export function mergeLibraries(libraries: Iterable<readonly Skill[]>): Skill[] {
  const merged = new Library();
  const rename = new Map<string, string>();
  const all: Skill[] = [];
  for (const lib of libraries) {
    for (const s of lib) {
      rename.set(s.id, skillId(s.family, s.steps));
      all.push(s);
    }
  }
  for (const s of all) merged.add({ ...s, parents: s.parents.map((p) => rename.get(p) ?? p) });
  return merged.all();
}

export interface SkillNode {
  skill: Skill;
  children: SkillNode[];
}

/** The library as a forest by parents: a skill hangs under its first parent that is present (and not its own descendant), else it is a root. */
export function skillTree(skills: readonly Skill[]): SkillNode[] {
  const nodes = new Map(skills.map((s) => [s.id, { skill: s, children: [] as SkillNode[] }]));
  const parentOf = new Map<string, string>();
  for (const s of skills) {
    const p = s.parents.find((id) => id !== s.id && nodes.has(id));
    if (p === undefined) continue;
    let up: string | undefined = p;
    while (up !== undefined && up !== s.id) up = parentOf.get(up);
    if (up === undefined) parentOf.set(s.id, p); // no cycle through s
  }
  const roots: SkillNode[] = [];
  for (const [id, node] of nodes) {
    const p = parentOf.get(id);
    (p === undefined ? roots : (nodes.get(p) as SkillNode).children).push(node);
  }
  const order = (list: SkillNode[]) => {
    list.sort((a, b) => b.skill.fitness - a.skill.fitness || (a.skill.name < b.skill.name ? -1 : 1));
    for (const n of list) order(n.children);
  };
  order(roots);
  return roots;
}
