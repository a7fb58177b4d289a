// One person's play session with an environment: the chosen env, seed and options, the latest observation, the log.

import type { Env, EnvOptions, EnvSpec, Observation, StepInfo } from '../../envs/api';
import { ENV_SPECS, getEnvSpec } from '../../envs/registry';
import { CardBattler } from '../../envs/games/card-battler';
import type { BattleState } from '../../envs/games/battle';

export interface LogEntry {
  turn: number;
  action: string;
  reward: number;
  error?: string;
  end?: 'success' | 'failure' | 'out of turns';
}

export class EnvSession {
  specId = $state(ENV_SPECS[0].id);
  seed = $state(0);
  options = $state<Record<string, number | string | boolean>>({});
  goal = $state('');
  obs = $state.raw<Observation | null>(null);
  info = $state.raw<StepInfo | null>(null);
  log = $state.raw<LogEntry[]>([]);
  ended = $state<LogEntry['end'] | null>(null);
  /** The card battler's full state, for its picture (the agent reads only the text). */
  battle = $state.raw<BattleState | null>(null);
  error = $state<string | null>(null);
  spec: EnvSpec = $derived(getEnvSpec(this.specId));
  private env: Env | null = null;

  constructor(initialId?: string) {
    if (initialId && ENV_SPECS.some((s) => s.id === initialId)) this.specId = initialId;
    this.reset();
  }

  /** Switches environment (options back to their defaults) and starts an episode. */
  choose(id: string): void {
    this.specId = id;
    this.options = {};
    this.reset();
  }

  reset(): void {
    const env = this.spec.create();
    try {
      const r = env.reset({ seed: this.seed, options: this.options as EnvOptions });
      this.env = env;
      this.error = null;
      this.goal = env.goal;
      this.obs = r.obs;
      this.info = r.info;
      this.log = [];
      this.ended = null;
      this.snapshot();
    } catch (e) {
      this.error = e instanceof Error ? e.message : String(e);
    }
  }

  act(action: string): void {
    if (!this.env || this.ended) return;
    const r = this.env.step(action);
    this.obs = r.obs;
    this.info = r.info;
    const end = r.terminated ? (r.info.success ? 'success' : 'failure') : r.truncated ? 'out of turns' : undefined;
    this.log = [...this.log, { turn: r.info.turn, action, reward: r.reward, error: r.info.lastActionError, end }];
    this.ended = end ?? null;
    this.snapshot();
  }

  /** The scripted expert's next action here (it may read hidden state). */
  hint(): string {
    return this.env && !this.ended ? this.spec.expert(this.env) : '';
  }

  private snapshot(): void {
    this.battle = this.env instanceof CardBattler ? structuredClone(this.env.s) : null;
  }
}
