// A team's workflow (MARTI's workflow graph) declared as data: agents (name, role, model size, trainable or frozen)
// and edges (an agent's output text goes into another's context), validated with valibot (messages name the bad
// field: a cycle, an unknown agent, a missing executor), and the built-in shapes chain, debate and mixture.
import * as v from 'valibot';
import type { Config } from '../core/config-table';
import { PRESETS, type PresetName } from '../model/presets';

/**
 * planner:    writes a short plan once, at the start of an episode, for the agents it points to
 * executor:   acts in the environment (its context holds its upstream messages)
 * proposer:   proposes an action every turn; with rounds > 0 it reads the other proposers' last proposals and revises
 * aggregator: reads the proposals pointed at it and picks the action taken
 */
export type Role = 'planner' | 'executor' | 'proposer' | 'aggregator';
export const ROLES: readonly Role[] = ['planner', 'executor', 'proposer', 'aggregator'];
export type Shape = Exclude<Config['workflow'], 'single'>;
/** What each agent reads of the page: all of it, or its own part and what it is told (see view.ts). */
export type View = Config['view'];
export const VIEWS: readonly View[] = ['whole', 'parts'];

export interface AgentNode {
  name: string; // [a-z][a-z0-9]*: it names the agent's metrics, agent/<name>/...
  role: Role;
  model: PresetName;
  trainable: boolean; // false: frozen, it acts but never updates
  /**
   * A frozen agent's saved single-agent policy: checkpoint bytes (src/rl/checkpoint.ts) whose model, vocabulary
   * and parameters it acts with instead of a BC-warmed policy of `model` (see frozen.ts). Never in a share link.
   */
  policy?: Uint8Array;
}

export interface Edge {
  from: string;
  to: string;
}

/** How an agent reads the proposals sent to it (MARTI's debate arguments max_others, shuffle_responses, contain_self). */
export interface ReadRules {
  /** At most this many proposals are read. */
  maxOthers: number;
  /** Shuffle the proposals (seeded per episode) before keeping maxOthers of them. */
  shuffle: boolean;
  /** A debater reads its own previous proposal among the others'. */
  containSelf: boolean;
}

/** MARTI's defaults (agent_workflows/debate_workflow.py). */
export const MARTI_READ: Readonly<ReadRules> = { maxOthers: 5, shuffle: true, containSelf: true };

export interface Workflow {
  shape: Shape;
  agents: AgentNode[];
  edges: Edge[];
  /** Debate rounds after the first proposals (0 for chain and mixture). */
  rounds: number;
  /** With proposers and no aggregator or executor, the action is their majority vote. */
  aggregate: Config['aggregate'];
  /** How proposals are read (default MARTI_READ). */
  read?: ReadRules;
  /** What each agent reads of the page (default 'whole'; 'parts': see view.ts). */
  view?: View;
}

const MAX_AGENTS = 7;

const AgentSchema = v.object({
  name: v.pipe(v.string('must be a string'), v.regex(/^[a-z][a-z0-9]{0,11}$/, 'must be 1-12 lower-case letters or digits, starting with a letter')),
  role: v.picklist(ROLES, `must be one of: ${ROLES.join(', ')}`),
  model: v.picklist(Object.keys(PRESETS) as PresetName[], `must be one of: ${Object.keys(PRESETS).join(', ')}`),
  trainable: v.boolean('must be true or false'),
  policy: v.optional(v.instance(Uint8Array, 'must be the bytes of a checkpoint')),
});

const WorkflowSchema = v.object({
  shape: v.picklist(['chain', 'debate', 'mixture'], 'must be one of: chain, debate, mixture'),
  agents: v.pipe(v.array(AgentSchema, 'must be a list of agents'), v.minLength(1, 'needs at least one agent'), v.maxLength(MAX_AGENTS, `allows at most ${MAX_AGENTS} agents`)),
  edges: v.array(v.object({ from: v.string('must be an agent name'), to: v.string('must be an agent name') }), 'must be a list of edges'),
  rounds: v.pipe(v.number('must be a number'), v.integer('must be an integer'), v.minValue(0, 'must be from 0 to 3'), v.maxValue(3, 'must be from 0 to 3')),
  aggregate: v.picklist(['vote', 'agent'], 'must be vote or agent'),
  read: v.optional(
    v.object({
      maxOthers: v.pipe(v.number('must be a number'), v.integer('must be an integer'), v.minValue(1, 'must be from 1 to 6'), v.maxValue(6, 'must be from 1 to 6')),
      shuffle: v.boolean('must be true or false'),
      containSelf: v.boolean('must be true or false'),
    }),
  ),
  view: v.optional(v.picklist(VIEWS, `must be one of: ${VIEWS.join(', ')}`)),
});

export interface WorkflowError {
  /** Where: `agents[1].model`, `edges[0].to`, `edges` (a cycle), `agents` (no one acts). */
  field: string;
  message: string;
}

export type WorkflowResult = { ok: true; workflow: Workflow } | { ok: false; errors: WorkflowError[] };

/** Validates untrusted workflow data: field by field first, then the graph. */
export function validateWorkflow(input: unknown): WorkflowResult {
  const parsed = v.safeParse(WorkflowSchema, input);
  if (!parsed.success) {
    const errors = parsed.issues.map((i) => ({ field: fieldOf(i.path ?? []), message: i.message }));
    return { ok: false, errors };
  }
  const w = parsed.output as Workflow;
  const errors = graphErrors(w);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, workflow: w };
}

/** valibot's issue path as `agents[1].model`. */
function fieldOf(path: readonly { key: unknown }[]): string {
  return path.map((p, i) => (typeof p.key === 'number' ? `[${p.key}]` : `${i ? '.' : ''}${String(p.key)}`)).join('') || 'workflow';
}

function graphErrors(w: Workflow): WorkflowError[] {
  const errors: WorkflowError[] = [];
  const index = new Map<string, number>();
  w.agents.forEach((a, i) => {
    if (index.has(a.name)) errors.push({ field: `agents[${i}].name`, message: `'${a.name}' is used by agents[${index.get(a.name)}] too` });
    else index.set(a.name, i);
    if (a.policy && a.trainable) errors.push({ field: `agents[${i}].policy`, message: `'${a.name}' is trainable: only a frozen agent acts with a saved policy` });
  });
  w.edges.forEach((e, i) => {
    if (!index.has(e.from)) errors.push({ field: `edges[${i}].from`, message: `unknown agent '${e.from}'` });
    if (!index.has(e.to)) errors.push({ field: `edges[${i}].to`, message: `unknown agent '${e.to}'` });
    if (e.from === e.to) errors.push({ field: `edges[${i}]`, message: `'${e.from}' cannot send to itself` });
  });
  if (errors.length > 0) return errors;
  const cycle = findCycle(w);
  if (cycle) errors.push({ field: 'edges', message: `cycle ${cycle.join(' -> ')}: a workflow is acyclic (debate rounds are not edges)` });
  const by = (r: Role) => w.agents.filter((a) => a.role === r);
  const actors = [...by('executor'), ...by('aggregator')];
  if (actors.length > 1) errors.push({ field: 'agents', message: `one agent acts in the environment; ${actors.map((a) => a.name).join(' and ')} both would` });
  if (actors.length === 0 && (w.aggregate !== 'vote' || by('proposer').length < 2))
    errors.push({ field: 'agents', message: 'no one acts: add an executor or an aggregator, or at least two proposers with aggregate = vote' });
  for (const a of by('planner')) {
    if (!w.edges.some((e) => e.from === a.name)) errors.push({ field: `agents[${index.get(a.name)}]`, message: `planner '${a.name}' sends its plan to no one` });
  }
  for (const a of by('aggregator')) {
    const inputs = w.edges.filter((e) => e.to === a.name && w.agents[index.get(e.from)!].role === 'proposer');
    if (inputs.length === 0) errors.push({ field: `agents[${index.get(a.name)}]`, message: `aggregator '${a.name}' reads no proposer` });
  }
  if (w.rounds > 0 && by('proposer').length < 2) errors.push({ field: 'rounds', message: 'debate rounds need at least two proposers' });
  return errors;
}

/** A cycle as agent names (first repeated at the end), or null. */
function findCycle(w: Workflow): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (n: string): string[] | null => {
    if (state.get(n) === 'done') return null;
    if (state.get(n) === 'open') return [...stack.slice(stack.indexOf(n)), n];
    state.set(n, 'open');
    stack.push(n);
    for (const e of w.edges) {
      if (e.from !== n) continue;
      const found = visit(e.to);
      if (found) return found;
    }
    stack.pop();
    state.set(n, 'done');
    return null;
  };
  for (const a of w.agents) {
    const found = visit(a.name);
    if (found) return found;
  }
  return null;
}

/** The agents that send to `name`, in declaration order. */
export function upstream(w: Workflow, name: string): AgentNode[] {
  return w.agents.filter((a) => w.edges.some((e) => e.from === a.name && e.to === name));
}

/** The one agent whose output is the environment's action, or null when the proposers vote. */
export function actor(w: Workflow): AgentNode | null {
  return w.agents.find((a) => a.role === 'executor' || a.role === 'aggregator') ?? null;
}

/** The built-in shape of a config (config.workflow must not be 'single'), validated. */
export function workflowOf(c: Config): Workflow {
  if (c.workflow === 'single') throw new Error("workflowOf: config.workflow is 'single'");
  const proposers = Array.from({ length: c.agents }, (_, i): AgentNode => ({ name: `p${i + 1}`, role: 'proposer', model: c.model, trainable: true }));
  const lead = (name: string, role: Role): AgentNode => ({ name, role, model: c.leadModel, trainable: true });
  const feed = (to: string) => proposers.map((p) => ({ from: p.name, to }));
  const read: ReadRules = { maxOthers: c.maxOthers, shuffle: c.shuffleResponses, containSelf: c.containSelf };
  const view = c.view;
  let w: Workflow;
  switch (c.workflow) {
    case 'chain':
      w = {
        shape: 'chain',
        agents: [lead('planner', 'planner'), { name: 'executor', role: 'executor', model: c.model, trainable: true }],
        edges: [{ from: 'planner', to: 'executor' }],
        rounds: 0,
        aggregate: 'agent',
        view,
      };
      break;
    case 'debate':
      w = c.aggregate === 'agent'
        ? { shape: 'debate', agents: [...proposers, lead('judge', 'aggregator')], edges: feed('judge'), rounds: c.rounds, aggregate: 'agent', read, view }
        : { shape: 'debate', agents: proposers, edges: [], rounds: c.rounds, aggregate: 'vote', read, view };
      break;
    case 'mixture':
      w = { shape: 'mixture', agents: [...proposers, lead('aggregator', 'aggregator')], edges: feed('aggregator'), rounds: 0, aggregate: 'agent', read, view };
      break;
  }
  return checkedWorkflow(w);
}

/** A workflow that must be valid (built-in or given in code): validated, or an Error listing every problem. */
export function checkedWorkflow(w: Workflow): Workflow {
  const r = validateWorkflow(w);
  if (!r.ok) throw new Error(`workflow: ${r.errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`);
  return r.workflow;
}
