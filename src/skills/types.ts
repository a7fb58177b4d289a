// A skill: a named sequence of atomic actions whose element references resolve by role and label (see refs.ts).
// The record shapes live in the storage schema (the lowest layer that keeps them); this module names them here.

import type { SkillRecord } from '../storage/schema';

export type { SkillArg, SkillStep, TextRef } from '../storage/schema';

/** A skill of the library (name, description, family, precondition, steps, fitness, uses, successes, parents, agent). */
export type Skill = SkillRecord;
