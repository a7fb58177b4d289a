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

/** Uses and successes never count past this (a bound on imported values too: see io.ts). */
export const MAX_USES = 1_000_000_000;

/** Two records of one action sequence as one: counts added (up to MAX_USES), fitness weighted by uses, parents united. */
export function combineSkills(a: Skill, b: Skill): Skill {
  const uses = Math.min(MAX_USES, a.uses + b.uses);
  const fitness = a.uses + b.uses > 0 ? (a.fitness * a.uses + b.fitness * b.uses) / (a.uses + b.uses) : (a.fitness + b.fitness) / 2;
  const parents = [...new Set([...a.parents, ...b.parents])].filter((p) => p !== a.id);
  const consistent = Math.min(uses, (a.consistent ?? 0) + (b.consistent ?? 0));
  return { ...a, uses, successes: Math.min(uses, a.successes + b.successes), consistent, fitness, parents, createdAt: Math.min(a.createdAt, b.createdAt) };
}

/** One record as found by one agent at one time: two copies of it (a library imported into itself) are not two findings. */
function sameOrigin(a: Skill, b: Skill): boolean {
  return a.agent === b.agent && a.createdAt === b.createdAt;
}

export class Library {
  private readonly byId = new Map<string, Skill>();
  /** Each family's skills by fitness (see byFitness), dropped whenever a skill is added, removed or used. */
  private readonly ranked = new Map<string, readonly Skill[]>();

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
    // Stryker disable next-line ConditionalExpression: copying a record whose id is already right gives an equal record
    const s = id === skill.id ? skill : { ...skill, id };
    const old = this.byId.get(id);
    const stored = old ? combineSkills(old, s) : s;
    this.byId.set(id, stored);
    this.ranked.clear();
    return stored;
  }

  remove(id: string): boolean {
    this.ranked.clear();
    return this.byId.delete(id);
  }

  /** Counts one use with its value in [0, 1] (fitness is the running mean) and the verdicts on it (see select.ts). */
  recordUse(id: string, value: number, verdict: { consistent: boolean; progressive: boolean }): void {
    const s = this.byId.get(id);
    if (!s) return;
    if (s.uses >= MAX_USES) return;
    const uses = s.uses + 1;
    const consistent = (s.consistent ?? 0) + (verdict.consistent ? 1 : 0);
    this.byId.set(id, { ...s, uses, successes: s.successes + (verdict.progressive ? 1 : 0), consistent, fitness: s.fitness + (value - s.fitness) / uses });
    this.ranked.clear();
  }

  /**
   * Skills of the family whose first step resolves here, highest `rank` first (default: fitness), at most `limit` (a count).
   * The family's skills are ranked first and tried in that order until `limit` start here: the same list as ranking
   * those that start (the order is total: ids are unique), but a search asks at every state it expands, so the
   * default ranking is kept until the library changes and most skills are never tried.
   */
  applicable(family: string, obs: Observation, words: readonly string[], limit = Infinity, rank?: (s: Skill) => number): Skill[] {
    const ranked = rank ? this.rank(family, rank) : this.byFitness(family);
    const out: Skill[] = [];
    for (const s of ranked) {
      if (out.length >= limit) break;
      if (canStart(s.steps, obs, words)) out.push(s);
    }
    return out;
  }

  /** The family's skills, highest `rank` first, then fitness, then fewer steps, then id. */
  private rank(family: string, rank: (s: Skill) => number): Skill[] {
    const out = this.all().filter((s) => s.family === family);
    // Stryker disable next-line EqualityOperator: ids in a library are unique, so a.id === b.id never happens
    out.sort((a, b) => rank(b) - rank(a) || b.fitness - a.fitness || a.steps.length - b.steps.length || (a.id < b.id ? -1 : 1));
    return out;
  }

  /** rank() by fitness, kept per family until the library changes. */
  private byFitness(family: string): readonly Skill[] {
    let out = this.ranked.get(family);
    // Stryker disable next-line ConditionalExpression: a cache; ranking again ranks the same skills the same way
    if (!out) this.ranked.set(family, (out = this.rank(family, (s) => s.fitness)));
    return out;
  }
}

/**
 * Merges several agents' libraries into one list: deduplicated by family and action sequence with stats
 * combined, ids recomputed from content and parent ids rewritten to match. Copies of one record (same sequence,
 * agent and creation time, e.g. a library merged with its own export) count once, as their latest version.
 */
export function mergeLibraries(libraries: Iterable<readonly Skill[]>): Skill[] {
  const rename = new Map<string, string>();
  const all: Skill[] = [];
  for (const lib of libraries) {
    for (const s of lib) {
      rename.set(s.id, skillId(s.family, s.steps));
      all.push(s);
    }
  }
  const merged = new Library();
  for (const s of all) {
    const skill = { ...s, id: rename.get(s.id) as string, parents: s.parents.map((p) => rename.get(p) ?? p) };
    const old = merged.get(skill.id);
    if (old && sameOrigin(old, skill)) {
      if (skill.uses > old.uses) merged.remove(skill.id);
      else continue;
    }
    merged.add(skill);
  }
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
  // Stryker disable next-line EqualityOperator: two skills of equal fitness and equal name have no set order
  const byFitness = (a: SkillNode, b: SkillNode) => b.skill.fitness - a.skill.fitness || (a.skill.name < b.skill.name ? -1 : 1);
  roots.sort(byFitness);
  for (const node of nodes.values()) node.children.sort(byFitness);
  return roots;
}

/** The forest in display order (depth first), each skill with its depth; iterative, so no depth overflows the stack. */
export function treeRows(roots: readonly SkillNode[]): { skill: Skill; depth: number }[] {
  const rows: { skill: Skill; depth: number }[] = [];
  const stack = [...roots].reverse().map((node) => ({ node, depth: 0 }));
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    rows.push({ skill: node.skill, depth });
    for (let i = node.children.length - 1; i >= 0; i--) stack.push({ node: node.children[i], depth: depth + 1 });
  }
  return rows;
}

/** The longest chain of skills by parents (1 for skills without any present parent; 0 for none). */
export function treeDepth(skills: readonly Skill[]): number {
  return treeRows(skillTree(skills)).reduce((deepest, r) => Math.max(deepest, r.depth + 1), 0);
}
