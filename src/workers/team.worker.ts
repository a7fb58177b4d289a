// The team worker: the central interaction loop and reward allocation of a multi-agent run (src/multi/team.ts), each
// agent in an agent worker of its own, and the single-agent baseline here; the page only draws what it is sent.
import * as Comlink from 'comlink';
import { withFrozen } from '../multi/frozen';
import { singleBaseline } from '../multi/local';
import { TeamTrainer, type TeamHost } from '../multi/team';
import { workflowOf } from '../multi/workflow';
import type { AgentWorkerApi, TeamListener, TeamWorkerApi } from './protocol';

let team: TeamTrainer | null = null;
let listener: TeamListener | null = null;
let playing = false;

/** Reports a BC step of an agent (or of the single-agent baseline) while the team is being built. */
const progress = (who: string, of: number) => (step: number) => listener?.onStatus({ kind: 'building', who, step, of });

/** Each agent in a worker of its own; dispose() terminates it. The single-agent baseline trains here. */
const host: TeamHost = {
  async spawn(init) {
    const worker = new Worker(new URL('./agent.worker.ts', import.meta.url), { type: 'module', name: `agent ${init.node.name}` });
    const agent = Comlink.wrap<AgentWorkerApi>(worker);
    const info = await agent.create(init, Comlink.proxy(progress(init.node.name, init.policy ? 0 : init.config.bcSteps)));
    const member = {
      act: agent.act,
      train: agent.train,
      dispose: () => worker.terminate(),
    };
    return { member, info };
  },
  single: (config) => singleBaseline(config, (step) => progress('single agent', config.bcSteps)(step + 1)),
};

const api: TeamWorkerApi = {
  async start(config, l, policies) {
    await team?.dispose();
    team = null;
    listener = l;
    const frozen = new Map(Object.entries(policies));
    team = await TeamTrainer.create(config, host, withFrozen(workflowOf(config), frozen));
    return {
      workflow: team.workflow,
      agents: [...team.infos].map(([name, info]) => ({ name, info })),
      singleModel: team.singleModel,
    };
  },
  async play() {
    if (!team || playing) return;
    playing = true;
    const t = team;
    try {
      listener?.onStatus({ kind: 'running' });
      while (playing && t.updatesDone < t.config.updates) listener?.onUpdate(await t.step());
      listener?.onStatus({ kind: t.updatesDone >= t.config.updates ? 'done' : 'paused' });
    } catch (err) {
      listener?.onStatus({ kind: 'failed', message: err instanceof Error ? err.message : String(err) });
    } finally {
      playing = false;
    }
  },
  async pause() {
    playing = false;
  },
  async reset() {
    playing = false;
    await team?.dispose();
    team = null;
  },
};

Comlink.expose(api);
