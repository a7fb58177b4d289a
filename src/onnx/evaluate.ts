// Evaluation of an ONNX policy that follows our contract on any registered environment: one episode per seed,
// played by rollout() with the env's prompts and grammar-constrained decoding; success rate and per-seed results.
import { Rng } from '../core/rng';
import type { EnvOptions } from '../envs/api';
import { getEnvSpec } from '../envs/registry';
import type { Split } from '../envs/split';
import { rollout } from '../rl/rollout';
import { evaluationIO } from '../rl/setup';
import { checkContract } from './contract';
import { OnnxPolicy } from './policy';
import { OnnxLogits, type Provider } from './runtime';

export interface EvalOptions {
  env: string;
  seeds: readonly number[];
  /** The task pool (default 'test': the tasks training never sees). */
  split?: Split;
  /** The env's options (default: its defaults); the env names a bad one. */
  envOptions?: EnvOptions;
  /** Take the most likely allowed token (top-p 0) instead of sampling. Default false. */
  greedy?: boolean;
  /** Never offer again an action the env refused since the last accepted one (config.skipRefused). Default false. */
  skipRefused?: boolean;
  /** Ids only of fitting elements, copied text only (config.fitArgs). Default false. */
  fitArgs?: boolean;
  /** Sampling temperature (default 1) and the seed of the sampling stream (default 0). */
  temperature?: number;
  sampleSeed?: number;
  /** Turns per episode (default: the env's). */
  maxTurns?: number;
  provider?: Provider;
}

export interface EpisodeResult {
  seed: number;
  success: boolean;
  turns: number;
  actions: string[];
}

export interface EvalResult {
  env: string;
  episodes: EpisodeResult[];
  successRate: number;
}

/** Where an evaluation is: checking the file, starting onnxruntime, or playing turn `turn` of at most `of`. */
export type EvalProgress = { stage: 'checking' | 'starting' } | { stage: 'playing'; turn: number; of: number; playing: number };

/**
 * Checks the file against the contract (OnnxContractError if it breaks it), then plays one episode per seed, all
 * seeds together turn by turn; `onProgress` hears each stage and each turn played.
 */
export async function evaluateOnnx(bytes: Uint8Array, o: EvalOptions, onProgress?: (p: EvalProgress) => void): Promise<EvalResult> {
  onProgress?.({ stage: 'checking' });
  const info = checkContract(bytes);
  const spec = getEnvSpec(o.env);
  if (o.seeds.length === 0) throw new Error('evaluate: no seeds given');
  const io = evaluationIO(spec, info.vocab, info.config.window, info.match, o.fitArgs ?? false);
  onProgress?.({ stage: 'starting' });
  const logits = await OnnxLogits.create(bytes, info.config.vocab, o.provider ?? 'wasm');
  try {
    const onnx = new OnnxPolicy(logits, info.config.window);
    const maxTurns = o.maxTurns ?? spec.maxTurns;
    let turn = 0;
    // One generate() call per turn, for every episode still playing.
    const policy: Pick<OnnxPolicy, 'generate'> = {
      generate: async (prompts, options) => {
        onProgress?.({ stage: 'playing', turn: ++turn, of: maxTurns, playing: prompts.length });
        return onnx.generate(prompts, options);
      },
    };
    const { episodes } = await rollout(policy, io, o.seeds, 1, {
      spec,
      envOptions: o.envOptions ?? {},
      split: o.split ?? 'test',
      maxTurns,
      temperature: o.temperature ?? 1,
      topP: o.greedy ? 0 : 1,
      grammar: true,
      skipRefused: o.skipRefused ?? false,
      rng: Rng.fromSeed(o.sampleSeed ?? 0).split('eval'),
    });
    const results = episodes.map((e) => ({ seed: e.seed, success: e.success, turns: e.turns.length, actions: e.turns.map((t) => t.text) }));
    return { env: spec.id, episodes: results, successRate: results.filter((r) => r.success).length / results.length };
  } finally {
    await logits.release();
  }
}
