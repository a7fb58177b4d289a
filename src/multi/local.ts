// The in-process team host: every agent an AgentRunner and the single-agent baseline a Trainer, on this thread (the
// CLI and the tests in Node; in the page the agents live in workers instead, see src/workers/agent.worker.ts).
import { createTrainer } from '../rl/setup';
import { AgentRunner } from './agent';
import type { TeamHost } from './team';

export const localHost: TeamHost = {
  async spawn(init) {
    const member = await AgentRunner.create(init);
    return { member, info: member.info };
  },
  async single(config) {
    const { trainer } = await createTrainer(config);
    return { step: async () => (await trainer.step()).metrics['episode/success'], dispose: () => trainer.dispose() };
  },
};
