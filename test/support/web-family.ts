// Helpers for the web families' edge tests: a family's definition behind its spec, an episode started on a state
// written by hand, and a page's elements as short readable lines.
import type { EnvSpec } from '../../src/envs/api';
import { Page, WebEnv, type WebTaskDef } from '../../src/envs/web/page';

/** The WebTaskDef behind a family's spec (its init, draw, progress and expert). */
export function defOf<S>(spec: EnvSpec): WebTaskDef<S> {
  return (spec.create() as WebEnv<S>).def;
}

/** A fresh episode of the family at a hand-written state (turn 0, running). */
export function envWith<S>(spec: EnvSpec, state: S, goal = 'a goal'): WebEnv<S> {
  const env = spec.create() as WebEnv<S>;
  env.goal = goal;
  env.state = state;
  return env;
}

/** Each element as `id role 'name'`, then ` = "value"` when it has one and its state's true keys in brackets. */
export function lines(page: Page): string[] {
  return page.elements.map((e) => {
    let s = `${e.id} ${e.role} '${e.name}'`;
    if (e.value !== undefined) s += ` = ${JSON.stringify(e.value)}`;
    if (e.depth) s += ` depth ${e.depth}`;
    if (e.state) s += ` [${Object.keys(e.state).filter((k) => e.state?.[k]).join(' ')}]`;
    return s;
  });
}

/** The page a family draws for a state, drawn afresh. */
export function drawn<S>(def: WebTaskDef<S>, state: S): Page {
  const page = new Page();
  def.draw(state, page);
  page.finish();
  return page;
}
