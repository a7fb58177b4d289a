// One agent of a team: its policy, BC warm-up and GRPO learner live here, one worker per agent; the team worker
// calls act() for the agent's turns and train() once per update, in lockstep.
import * as Comlink from 'comlink';
import { AgentRunner } from '../multi/agent';
import type { AgentWorkerApi } from './protocol';

let agent: AgentRunner | null = null;

function current(): AgentRunner {
  if (!agent) throw new Error('agent worker: create() first');
  return agent;
}

const api: AgentWorkerApi = {
  async create(init, onBcStep) {
    agent?.dispose();
    agent = await AgentRunner.create(init, undefined, onBcStep ? (step, loss) => void onBcStep(step + 1, loss) : undefined);
    return agent.info;
  },
  act: (rows, greedy) => current().act(rows, greedy),
  train: (episodes, rewards, valid) => current().train(episodes, rewards, valid),
};

Comlink.expose(api);
