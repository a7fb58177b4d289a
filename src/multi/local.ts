// The in-process team host: every agent an AgentRunner and the single-agent baseline a Trainer, on this thread (the
// CLI and the tests in Node; in the page the agents live in workers instead, see src/workers/agent.worker.ts).
import { createTrainer } from '../rl/setup';
import { AgentRunner } from './agent';
import type { Config } from '../core/config-table';
import type { SingleBaseline, TeamHost } from './team';

export const localHost: TeamHost = {
  async spawn(init) {
    const member = await AgentRunner.create(init);
    return { member, info: member.info };
  },
  single: (config) => singleBaseline(config),
};

/** The single-agent baseline: a Trainer of its own (BC warm-up, each step reported to `onBcStep`, then GRPO). */
export async function singleBaseline(config: Config, onBcStep?: (step: number, loss: number) => void): Promise<SingleBaseline> {
  const { trainer } = await createTrainer(config, { onBcStep });
  return {
    step: async () => (await trainer.step()).metrics['episode/success'],
    evaluate: async () => (await trainer.evaluate({ sampled: false })).metrics['eval/success'],
    dispose: () => trainer.dispose(),
  };
}
