// State clusters: a coarse, seed-independent signature of an observation, the precondition a skill records
// and the key its selection statistics are kept under.

import type { Observation, StepInfo } from '../envs/api';
import { showText, textRef } from './refs';

/** Grid games draw rows of one-character cells with the agent as 'A': the cluster is what lies around it. */
function gridCluster(obs: Observation): string | undefined {
  const rows = obs.elements.filter((e) => e.role === 'row').map((e) => e.name.split(' '));
  const y = rows.findIndex((r) => r.includes('A'));
  if (y < 0 || rows.some((r) => r.some((c) => c.length !== 1))) return undefined;
  const x = rows[y].indexOf('A');
  const at = (dx: number, dy: number) => rows[y + dy]?.[x + dx] ?? '#';
  return `grid up=${at(0, -1)} down=${at(0, 1)} left=${at(-1, 0)} right=${at(1, 0)}`;
}

/** Web pages: the page's first heading (as a goal slot when the goal names it) and the set of roles on it, e.g. "'Cart': button,heading,link,row". */
function pageCluster(obs: Observation, words: readonly string[]): string {
  const heading = obs.elements.find((e) => e.role === 'heading')?.name;
  const roles = [...new Set(obs.elements.map((e) => e.role))].sort().join(',');
  return heading === undefined ? roles : `${showText(textRef(heading, words))}: ${roles}`;
}

/** The cluster of a state: what the page or the agent's surroundings look like, and how far the task has got. */
export function clusterOf(obs: Observation, info: StepInfo, words: readonly string[]): string {
  return `${gridCluster(obs) ?? pageCluster(obs, words)} @${info.progress.toFixed(1)}`;
}
