// The web families against config fitArgs' two rules, on every family's pages over seeds, levels and both splits:
// each element that takes a verb (a handler for it) has a role the verb acts on (WEB_ACTIONS' acts), so the grammar
// never hides an action a page would take, and every text the expert types is a run of consecutive words of the goal
// or of one page line on its way, except in the families flagged freeText, each of which does type some other text.
import { describe, expect, it } from 'vitest';
import type { EnvOptions, EnvSpec } from '../../src/envs/api';
import { parseAction } from '../../src/envs/action';
import { legalActions } from '../../src/envs/baselines';
import { ENV_SPECS } from '../../src/envs/registry';
import { WEB_ACTIONS, WebEnv } from '../../src/envs/web/page';
import { splitWords } from '../../src/model/tokenizer';
import { Rng } from '../../src/core/rng';

/** The verbs a handler answers to: click falls back on a checkbox's check (WebEnv's dispatch). */
const VERBS_OF_HANDLER: Record<string, string[]> = { click: ['click'], check: ['check', 'click'], fill: ['fill'], select: ['select'] };
const SEEDS = 6;

function rolesOf(verb: string): readonly string[] {
  const roles = WEB_ACTIONS.find((s) => s.verb === verb)?.acts;
  if (roles === undefined) throw new Error(`${verb} lists no roles`);
  return roles;
}

/** Whether `words` appear in a row, in order, somewhere in `line`. */
function isRun(line: readonly string[], words: readonly string[]): boolean {
  for (let p = 0; p + words.length <= line.length; p++) if (words.every((w, k) => line[p + k] === w)) return true;
  return false;
}

const WEB = ENV_SPECS.filter((s) => s.suite === 'web');
const optionSets = (spec: EnvSpec): (EnvOptions | undefined)[] => [undefined, ...(spec.levels ?? [])];

/** Each page of an episode, with its observation text: the expert's way, or random legal actions with a stream. */
function* pages(spec: EnvSpec, seed: number, options: EnvOptions | undefined, split: 'train' | 'test', walk?: Rng) {
  const env = spec.create() as WebEnv<unknown>;
  let obs = env.reset({ seed, split, options }).obs;
  for (let turn = 0; turn < spec.maxTurns; turn++) {
    yield { env, text: obs.text, expertsWay: walk === undefined };
    const legal = walk ? legalActions(spec, env.goal, obs) : [];
    const r = env.step(walk && legal.length ? walk.pick(legal) : spec.expert(env));
    obs = r.obs;
    if (r.terminated || r.truncated) return;
  }
}

/** Every episode the checks walk: each split, level and seed, the expert's way and a random one. */
function* episodes(spec: EnvSpec) {
  for (const split of ['train', 'test'] as const) {
    for (const options of optionSets(spec)) {
      for (let seed = 1; seed <= SEEDS; seed++) {
        yield pages(spec, seed, options, split);
        yield pages(spec, seed, options, split, new Rng(`web-fit-args/${spec.id}/${split}/${seed}`));
      }
    }
  }
}

describe('web verbs and fitArgs', () => {
  it('lists the roles of each verb that takes an id, and none for back and answer', () => {
    for (const s of WEB_ACTIONS) expect(s.acts !== undefined, s.verb).toBe(s.args[0] === 'id');
    expect(rolesOf('check')).toEqual(['checkbox']);
    expect(rolesOf('select')).toEqual(['combobox']);
    expect(rolesOf('fill')).not.toContain('button');
  });

  it.each(WEB.map((s) => [s.id, s] as const))('%s: verbs act on their roles, and typed text is copied unless freeText', (_, spec) => {
    const wrong = new Set<string>();
    let handled = 0;
    let typed = 0;
    const uncopied: string[] = [];
    for (const episode of episodes(spec)) {
      for (const { env, text, expertsWay } of episode) {
        const page = env.current();
        page.elements.forEach((e, i) => {
          for (const [kind, f] of Object.entries(page.handlers[i] ?? {})) {
            if (!f) continue;
            handled++;
            for (const verb of VERBS_OF_HANDLER[kind]) if (!rolesOf(verb).includes(e.role)) wrong.add(`${verb} on ${e.role}`);
          }
        });
        if (!expertsWay) continue; // off its way the expert may type what an earlier page showed
        const c = parseAction(spec.expert(env), WEB_ACTIONS);
        if (!c.ok) continue;
        if (typeof c.args[0] === 'number' && !rolesOf(c.verb).includes(page.elements[c.args[0] - 1].role)) wrong.add(`the expert's ${c.verb}`);
        for (const arg of c.args) {
          if (typeof arg !== 'string') continue;
          typed++;
          const words = splitWords(arg);
          if (![env.goal, ...text.split('\n')].some((line) => isRun(splitWords(line), words))) uncopied.push(arg);
        }
      }
    }
    expect(handled).toBeGreaterThan(0);
    expect([...wrong]).toEqual([]);
    if (spec.freeText) expect(uncopied.length, 'flagged freeText, yet every typed text was copied').toBeGreaterThan(0);
    else expect(uncopied.slice(0, 3), `${typed} texts typed`).toEqual([]);
  });
});
