// A frozen agent that acts with a saved single-agent policy (a checkpoint of `npm run train -- --out FILE`): the
// checkpoint is checked against the team's env before the agent is built (errors name the agent and what is wrong),
// and a workflow's agents are frozen onto such policies by name (the CLI's --frozen).
import { formatSignature } from '../envs/action';
import type { EnvSpec } from '../envs/api';
import { getEnvSpec } from '../envs/registry';
import { paramTable } from '../model/params';
import { presetConfig } from '../model/presets';
import type { PresetName } from '../model/presets';
import { decodeCheckpoint, type Checkpoint } from '../rl/checkpoint';
import type { Workflow } from './workflow';

const reason = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** What a frozen agent acts with: a saved policy's model, context setting, vocabulary and parameters. */
export interface FrozenPolicy {
  model: PresetName;
  match: boolean;
  pointer: boolean;
  vocab: string[];
  params: Float32Array;
}

/**
 * The checkpoint in `bytes` as agent `name`'s policy on the team's env `spec`, or an Error naming the agent: bytes
 * that do not decode (decodeCheckpoint checks the config, the vocabulary and the arrays), parameters that do not fit
 * the checkpoint's model and vocabulary, or an env whose action language lacks an action of the team's env.
 */
export function frozenPolicy(name: string, bytes: Uint8Array, spec: EnvSpec): FrozenPolicy {
  const fail = (why: string) => new Error(`agent '${name}': its saved policy ${why}`);
  let saved: Checkpoint;
  try {
    saved = decodeCheckpoint(bytes);
  } catch (e) {
    throw fail(`cannot be read (${reason(e)})`);
  }
  const config = saved.config;
  const expected = paramTable(presetConfig(config.model, saved.vocab.length, config.pointer)).total; // the parameter buffer's length
  if (saved.policy.params.length !== expected)
    throw fail(`has ${saved.policy.params.length} parameter values; a ${config.model} model over its ${saved.vocab.length} words has ${expected}`);
  const own = getEnvSpec(config.env).actions;
  const missing = spec.actions.filter((a) => !own.some((o) => o.verb === a.verb && o.args.join() === a.args.join()));
  if (missing.length > 0)
    throw fail(`was trained on ${config.env}, whose actions lack ${missing.map(formatSignature).join(', ')}: it cannot play ${spec.id}`);
  return { model: config.model, match: config.match, pointer: config.pointer, vocab: saved.vocab, params: saved.policy.params };
}

/** The workflow with each named agent frozen onto its saved policy (checkpoint bytes); an Error for an unknown name. */
export function withFrozen(w: Workflow, policies: ReadonlyMap<string, Uint8Array>): Workflow {
  for (const name of policies.keys()) {
    if (!w.agents.some((a) => a.name === name)) throw new Error(`no agent '${name}' in the ${w.shape} team (agents: ${w.agents.map((a) => a.name).join(', ')})`);
  }
  return { ...w, agents: w.agents.map((a) => (policies.has(a.name) ? { ...a, trainable: false, policy: policies.get(a.name)! } : a)) };
}
