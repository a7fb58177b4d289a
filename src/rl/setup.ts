// Assembles a Trainer from a config: the env from the registry, a tokenizer from the env's language, the
// policy on the chosen backend, and the model-side IO of a rollout (context builder, grammar, decoding).

import type { Config } from '../core/config-table';
import { validateConfig, formatErrors } from '../core/config';
import type { EnvSpec } from '../envs/api';
import { legalActions } from '../envs/baselines';
import { buildContext, goalMatches } from '../model/context';
import { createPolicy } from '../model/create';
import { ActionGrammar } from '../model/grammar';
import { buildTokenizer, ContentWords, END, Tokenizer } from '../model/tokenizer';
import type { Skill } from '../skills/types';
import type { Checkpoint } from './checkpoint';
import type { AgentIO } from './rollout';
import { listedSkillsOnly, trainingSpec } from './skills';
import { Trainer, type TrainerOptions, type TrainerParts } from './trainer';
import { isMixture, runSpec } from './mixture';
import { basePath, type BasePolicy } from './pretrain';
import { longestActionTokens, structuralWords, vocabCorpus } from './vocab';

/** Generation room beyond the longest expert action, in tokens. */
const ACTION_SLACK = 2;

export interface SetupOptions extends TrainerOptions {
  /** Use this WebGPU device instead of acquiring one. */
  device?: GPUDevice;
  /** With config.skills: the library whose skills become skill(k) (e.g. the page's); without it one is discovered. */
  skills?: readonly Skill[];
  /** With config.init = 'base': the pretrained base policy (src/rl/pretrain.ts; the caller reads its file). */
  base?: BasePolicy;
}

export interface Assembled {
  trainer: Trainer;
  /** Which backend the policy runs on and why (e.g. the reason 'auto' fell back to the CPU). */
  note: string;
}

/** The model-side IO for one env and vocabulary. */
export function agentIO(vocab: readonly string[], spec: EnvSpec, window: number, longestAction: number, skills: boolean, match: boolean, fitArgs = false): AgentIO {
  const tok = Tokenizer.fromJSON(vocab);
  const grammar = new ActionGrammar(tok, spec.actions, { fitArgs, freeText: spec.freeText });
  const maxActionTokens = longestAction + ACTION_SLACK;
  return {
    vocab,
    maxActionTokens,
    prompt: (goal, obs, past) =>
      buildContext(
        tok,
        // Stryker disable next-line StringLiteral: buildContext reads only a past turn's action, never its page
        { goal, obs: obs.text, matches: match ? goalMatches(goal, obs.elements) : undefined, history: past.map((action) => ({ obs: '', action })) },
        window,
        maxActionTokens,
      ),
    decode: (tokens, context) => tok.decode(tokens, context.words, context.spacing),
    encodeAction: (action, context) => [...tok.encode(action, ContentWords.of(context.words)), END],
    allowed: (goal, obs, context) => {
      const row = grammar.forRow({ goal, obs: obs.text, words: context.words, elements: obs.elements });
      return skills ? listedSkillsOnly(tok, obs, row) : row;
    },
  };
}

/** The model-side IO of a policy with this vocabulary and window playing an env it may not have trained on. */
export function evaluationIO(spec: EnvSpec, vocab: readonly string[], window: number, match: boolean, fitArgs = false): AgentIO {
  return agentIO(vocab, spec, window, longestActionTokens(Tokenizer.fromJSON(vocab), vocabCorpus(spec).actions), false, match, fitArgs);
}

/**
 * The parts for a config; `vocab` pins the tokenizer (from a checkpoint), else it is built from the env the run
 * trains on (with config.skills, the skill-augmented one: its observations list the skills' names).
 */
export async function buildParts(config: Config, o: SetupOptions = {}, vocab?: readonly string[]): Promise<TrainerParts & { note: string }> {
  const { spec, skills } = trainingSpec(runSpec(config), config, o.skills);
  // A generalist's words: a word structural in one of its families is structural.
  const corpora = (isMixture(spec) ? spec.families : [spec]).map(vocabCorpus);
  const base = vocab || config.init !== 'base' ? null : baseFor(config, o.base);
  const tok = vocab ? Tokenizer.fromJSON(vocab) : base ? Tokenizer.fromJSON(base.vocab) : buildTokenizer(structuralWords(corpora));
  const longestAction = longestActionTokens(tok, corpora.flatMap((c) => c.actions));
  const make = () =>
    createPolicy({ model: config.model, vocab: tok.size, pointer: config.pointer, seed: config.seed, backend: config.backend, f16: config.f16, device: o.device, rows: config.group * config.tasks });
  const { policy, note } = await make();
  if (base) await policy.setParams(base.params);
  return {
    spec,
    io: agentIO(tok.toJSON(), spec, policy.window, longestAction, skills !== undefined, config.match, config.fitArgs),
    policy,
    note,
    createPolicy: async () => (await make()).policy,
    legalActions: (goal, obs) => legalActions(spec, goal, obs),
    ...(skills ? { skills } : {}),
  };
}

/** The base policy a new run with init = 'base' starts from, checked against the config. */
function baseFor(config: Config, base: BasePolicy | undefined): BasePolicy {
  if (!base) throw new Error(`init=base needs the pretrained base policy (${basePath(config.model)}, written by npm run base)`);
  if (base.model !== config.model) throw new Error(`init=base: the base policy is a ${base.model} model, the config asks for ${config.model}`);
  return base;
}

/** A new run (behaviour-cloning warm-up included). */
export async function createTrainer(config: Config, o: SetupOptions = {}): Promise<Assembled> {
  const parts = await buildParts(config, o);
  return { trainer: await Trainer.create(config, parts, o), note: parts.note };
}

/** A run continued from a checkpoint (with config.skills, on the skills it holds). */
export async function resumeTrainer(checkpoint: Checkpoint, o: SetupOptions = {}): Promise<Assembled> {
  const checked = validateConfig(checkpoint.config);
  if (!checked.ok) throw new Error(`checkpoint config: ${formatErrors(checked.errors)}`);
  const parts = await buildParts(checked.config, { ...o, skills: checkpoint.skills }, checkpoint.vocab);
  return { trainer: await Trainer.resume({ ...checkpoint, config: checked.config }, parts, o), note: parts.note };
}
