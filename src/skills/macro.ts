// Skills as macro-actions for GRPO: withSkills(spec, library) adds skill(k) to the action language, lists the
// skills that can start in the observation text, and runs a skill's atomic actions as one turn of the wrapper.
// skill(k) is the k-th skill listed in this state, so the same choice carries over to a page where a skill bound to
// another label takes its place (a test-split layout).

import type { ActionSignature, Env, EnvOptions, EnvSpec, Observation, ResetResult, StepInfo, StepResult } from '../envs/api';
import { parseAction } from '../envs/action';
import { canStart, runSteps } from './execute';
import { goalWords } from './refs';
import { bottomUpFitness } from './select';
import type { Skill } from './types';

export const SKILL_ACTION: ActionSignature = { verb: 'skill', args: ['int'] };
/** At most this many skills join the action language (the fittest of the family). */
export const MAX_MACRO_SKILLS = 16;

/** The skills that can start in `obs`, in the library's order: skill(k) is the k-th of them. */
function startable(skills: readonly Skill[], obs: Observation, words: readonly string[]): Skill[] {
  return skills.filter((s) => canStart(s.steps, obs, words));
}

/** Which skill(k) exist in a state where `n` skills can start. */
function listed(n: number): string {
  return n === 0 ? 'no skill can start here' : n === 1 ? 'only skill(0) can start here' : `only skill(0) to skill(${n - 1}) can start here`;
}

/** The text form with the skills that can start here appended: `skill(0): open the Cart page`. */
class SkillObservation implements Observation {
  #text: string | undefined;
  constructor(
    private readonly inner: Observation,
    private readonly here: readonly Skill[],
  ) {}
  get elements() {
    return this.inner.elements;
  }
  get text(): string {
    // Stryker disable next-line ConditionalExpression: a cache; building the text again gives the same text
    if (this.#text === undefined) {
      const lines = this.here.map((s, k) => `skill(${k}): ${s.name}`);
      this.#text = lines.length > 0 ? `${this.inner.text}\nskills:\n${lines.join('\n')}` : this.inner.text;
    }
    return this.#text;
  }
}

/** An environment whose action language has skill(k) besides the inner one's actions; a skill runs as one turn. */
export class SkillEnv implements Env {
  private turn = 0;
  private obs: Observation | null = null;
  private info: StepInfo | null = null;

  constructor(
    readonly inner: Env,
    readonly skills: readonly Skill[],
  ) {}

  get id(): string {
    return this.inner.id;
  }
  get goal(): string {
    return this.inner.goal;
  }
  get maxTurns(): number {
    return this.inner.maxTurns;
  }

  reset(args: { seed: number; options?: EnvOptions }): ResetResult {
    const r = this.inner.reset(args);
    this.turn = 0;
    this.obs = r.obs;
    this.info = r.info;
    return { obs: this.wrap(r.obs), info: { ...r.info, turn: 0 } };
  }

  step(action: string): StepResult {
    const trimmed = action.trimStart();
    if (!trimmed.startsWith('skill') || !this.obs || !this.info) return this.finish(this.inner.step(action));
    const c = parseAction(trimmed, [SKILL_ACTION]);
    const k = c.ok ? (c.args[0] as number) : -1;
    const here = startable(this.skills, this.obs, goalWords(this.inner.goal));
    const skill = here[k];
    if (!skill) {
      // No such skill here: spend the turn on the inner env as a bad action, reporting what was wrong.
      const wasted = this.finish(this.inner.step(trimmed));
      wasted.info.lastActionError = c.ok ? `skill(${k}): ${listed(here.length)}` : c.error;
      return wasted;
    }
    // Its first step runs: canStart resolved it in this very state.
    const run = runSteps(this.inner, skill.steps, this.obs, this.info);
    // An ok run's last step reported no error, so its info carries none.
    const info: StepInfo = { ...run.info };
    if (!run.ok) info.lastActionError = `skill(${k}) '${skill.name}' stopped: ${run.error}`;
    return this.finish({ obs: run.obs, info, reward: run.reward, terminated: run.terminated, truncated: run.done && !run.terminated });
  }

  /** Counts the wrapper's turn, remembers the state and decorates the observation. */
  private finish(r: StepResult): StepResult {
    this.turn++;
    this.obs = r.obs;
    this.info = r.info;
    const truncated = r.truncated || (!r.terminated && this.turn >= this.maxTurns);
    return { ...r, obs: this.wrap(r.obs), truncated, info: { ...r.info, turn: this.turn } };
  }

  private wrap(obs: Observation): Observation {
    return new SkillObservation(obs, startable(this.skills, obs, goalWords(this.inner.goal)));
  }

  clone(): SkillEnv {
    const c = new SkillEnv(this.inner.clone(), this.skills);
    c.turn = this.turn;
    c.obs = this.obs;
    c.info = this.info;
    return c;
  }
}

/**
 * The family's skills that worked most often (Bottom-Up Agent's fitness: uses judged consistent plus uses judged
 * progressive), then by mean value and id, a stable order: index k is skill(k).
 */
export function macroSkills(spec: EnvSpec, library: readonly Skill[], max = MAX_MACRO_SKILLS): Skill[] {
  return library
    .filter((s) => s.family === spec.family)
    // Stryker disable next-line EqualityOperator: a library holds each content id once, so a.id === b.id never happens
    .sort((a, b) => bottomUpFitness(b) - bottomUpFitness(a) || b.fitness - a.fitness || (a.id < b.id ? -1 : 1))
    .slice(0, max);
}

/** The spec with skill(k) added to its action language; its expert plays the inner environment's expert. */
export function withSkills(spec: EnvSpec, library: readonly Skill[], max = MAX_MACRO_SKILLS): EnvSpec {
  const skills = macroSkills(spec, library, max);
  return {
    ...spec,
    description: `${spec.description} Skills from the library run as skill(k).`,
    actions: [...spec.actions, SKILL_ACTION],
    create: () => new SkillEnv(spec.create(), skills),
    expert(env: Env): string {
      if (!(env instanceof SkillEnv)) throw new Error(`${spec.id} expert: not a skill-augmented environment`);
      return spec.expert(env.inner);
    },
  };
}
