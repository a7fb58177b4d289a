// A frozen agent on a saved single-agent policy: a tiny read-table run's checkpoint plays p3 of a debate team with
// its own vocabulary, keeps its parameters bit-identical over team updates, acts and is credited but never trains;
// unusable checkpoints are refused naming the agent, --frozen's bad values are named, and the Team tab's state sends
// the files it was given to the team worker.
import { spawnSync } from 'node:child_process';
import type * as Comlink from 'comlink';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseArgs } from '../../cli/train';
import { validateConfig } from '../../src/core/config';
import type { Config } from '../../src/core/config-table';
import { getEnvSpec } from '../../src/envs/registry';
import type { Policy } from '../../src/model/policy-api';
import { TransformerPolicy } from '../../src/model/policy';
import { AgentRunner } from '../../src/multi/agent';
import { withFrozen } from '../../src/multi/frozen';
import { teamVocab } from '../../src/multi/language';
import { localHost } from '../../src/multi/local';
import { TeamTrainer } from '../../src/multi/team';
import { workflowOf } from '../../src/multi/workflow';
import { decodeCheckpoint, encodeCheckpoint } from '../../src/rl/checkpoint';
import { createTrainer } from '../../src/rl/setup';
import { TeamState } from '../../src/ui/team/team-state.svelte';
import type { TeamWorkerApi } from '../../src/workers/protocol';

const CLI = ['--import', './scripts/register-raw.mjs', 'cli/train.ts'];

function config(over: Record<string, unknown>): Config {
  const r = validateConfig({ env: 'read-table', model: 'tiny', backend: 'cpu', group: 2, tasks: 1, bcSteps: 2, ...over });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.config;
}

/** The checkpoint bytes of a tiny single-agent read-table run after two updates. */
async function savedPolicy(): Promise<Uint8Array> {
  const { trainer } = await createTrainer(config({ seed: 4 }));
  await trainer.step();
  await trainer.step();
  const bytes = encodeCheckpoint(await trainer.checkpoint());
  trainer.dispose();
  return bytes;
}

const debate = () => config({ workflow: 'debate', agents: 3, rounds: 1, alloc: 'quality', seed: 3 });
const team = (policy: Uint8Array) => TeamTrainer.create(debate(), localHost, withFrozen(workflowOf(debate()), new Map([['p3', policy]])));

afterEach(() => vi.restoreAllMocks());

describe('a frozen agent on a saved policy', () => {
  it('acts with its own vocabulary, is credited, and its parameters never change', async () => {
    const bytes = await savedPolicy();
    const saved = decodeCheckpoint(bytes);
    expect(saved.vocab).not.toEqual(teamVocab(getEnvSpec('read-table')).vocab); // the team's has the message words too
    const loads = vi.spyOn(TransformerPolicy.prototype, 'setParams');
    const trainSteps = vi.spyOn(TransformerPolicy.prototype, 'trainStep');
    const trains = vi.spyOn(AgentRunner.prototype, 'train');
    const t = await team(bytes);
    expect(t.workflow.agents.map((a) => `${a.name}:${a.trainable}`)).toEqual(['p1:true', 'p2:true', 'p3:false']);
    // p3's policy: the one loaded with the checkpoint's parameters
    const sameBits = (a: Float32Array, b: Float32Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
    const at = loads.mock.calls.findIndex(([params]: [Float32Array]) => sameBits(params, saved.policy.params));
    expect(at, 'p3 loaded the saved parameters').toBeGreaterThanOrEqual(0);
    const p3 = loads.mock.contexts[at] as Policy;
    expect(p3.parameterCount).toBe(t.infos.get('p3')!.parameterCount);

    const K = 2;
    const reports = [];
    for (let k = 0; k < K; k++) reports.push(await t.step());
    expect(sameBits((await p3.getState()).params, saved.policy.params), 'bit-identical after K team updates').toBe(true);
    expect(trainSteps.mock.contexts).not.toContain(p3); // no loss rows for it
    expect(trains).toHaveBeenCalledTimes(2 * K); // p1 and p2 only
    for (const { metrics, episode } of reports) {
      expect(episode.log.some((m) => m.agent === 'p3' && m.text.length > 0), 'p3 proposes').toBe(true);
      expect(typeof episode.rewards.p3).toBe('number');
      expect(Object.keys(metrics).filter((k) => k.startsWith('agent/p3/'))).toEqual(['agent/p3/reward/mean', 'agent/p3/reward/share', 'agent/p3/success']);
      expect(Number.isFinite(metrics['agent/p3/reward/share'])).toBe(true);
      expect(typeof metrics['agent/p1/loss/policy']).toBe('number');
    }
    await t.dispose();
  });

  it('refuses a checkpoint that does not decode, or whose env cannot play the team env, naming the agent', async () => {
    const corrupt = new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
    await expect(team(corrupt)).rejects.toThrow(/agent 'p3': its saved policy cannot be read \(checkpoint: not a Greenhouse checkpoint\)/);
    const good = decodeCheckpoint(await savedPolicy());
    const truncated = encodeCheckpoint(good).slice(0, 400);
    await expect(team(truncated)).rejects.toThrow(/agent 'p3': its saved policy cannot be read/);
    const grid = encodeCheckpoint({ ...good, config: { ...good.config, env: 'grid-world' } });
    await expect(team(grid)).rejects.toThrow(/agent 'p3': its saved policy was trained on grid-world, whose actions lack .*answer.*: it cannot play read-table/);
  });

  it('a saved policy on a trainable agent is refused by the workflow check', async () => {
    const w = workflowOf(debate());
    const bad = { ...w, agents: w.agents.map((a) => (a.name === 'p2' ? { ...a, policy: new Uint8Array(4) } : a)) };
    await expect(TeamTrainer.create(debate(), localHost, bad)).rejects.toThrow(/agents\[1\]\.policy: 'p2' is trainable/);
  });
});

describe('--frozen', () => {
  it('takes AGENT=FILE pairs of a team, and names the flag on a bad value', () => {
    const c = parseArgs(['--preset', 'debate', '--frozen', 'p3=run.ckpt,p1=b.ckpt']);
    expect(c.kind === 'train' && c.frozen).toEqual([{ agent: 'p3', file: 'run.ckpt' }, { agent: 'p1', file: 'b.ckpt' }]);
    expect(() => parseArgs(['--preset', 'debate', '--frozen', 'p9=run.ckpt'])).toThrow(/--frozen 'p9=run.ckpt': no agent p9 in the debate team \(agents: p1, p2, p3\)/);
    expect(() => parseArgs(['--preset', 'debate', '--frozen', 'p3'])).toThrow(/--frozen 'p3': expected AGENT=FILE/);
    expect(() => parseArgs(['--preset', 'debate', '--frozen', 'p3=a,p3=b'])).toThrow(/--frozen 'p3=a,p3=b': agent p3 is given more than once/);
    expect(() => parseArgs(['--frozen', 'p3=run.ckpt'])).toThrow(/--frozen 'p3=run.ckpt': needs a team/);
  });

  it('exits 2 naming the flag when the file cannot be read or is not a checkpoint', () => {
    const cli = (file: string) => spawnSync('npx', ['tsx', ...CLI, '--preset', 'debate', '--frozen', `p3=${file}`], { encoding: 'utf8' });
    const missing = cli('/nonexistent/run.ckpt');
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/train: --frozen p3=\/nonexistent\/run.ckpt: cannot read the file/);
    const dir = mkdtempSync(join(tmpdir(), 'frozen-'));
    writeFileSync(join(dir, 'bad.ckpt'), 'not a checkpoint');
    const corrupt = cli(join(dir, 'bad.ckpt'));
    expect(corrupt.status).toBe(2);
    expect(corrupt.stderr).toMatch(/train: --frozen p3=.*bad.ckpt: agent 'p3': its saved policy cannot be read/);
  });
});

describe('the Team tab', () => {
  it("freezes an agent onto a file's policy, leaves the link alone, and sends the bytes to the team worker", async () => {
    const start = vi.fn<TeamWorkerApi['start']>(async () => {
      throw new Error('not started here');
    });
    const state = new TeamState({ start } as unknown as Comlink.Remote<TeamWorkerApi>);
    const link = state.shareLink;
    await state.setPolicy('p3', new File([new Uint8Array([1, 2, 3])], 'run.ckpt'));
    expect(state.workflow.agents.map((a) => `${a.name}:${a.trainable}`)).toEqual(['p1:true', 'p2:true', 'p3:false']);
    expect(state.shareLink).toBe(link);
    state.edit({ agents: 2 }); // p3 is gone: its file is not sent
    await state.setPolicy('p1', new File([new Uint8Array([4])], 'a.ckpt'));
    await state.train();
    expect(start.mock.calls[0][2]).toEqual({ p1: new Uint8Array([4]) });
    await state.setPolicy('p1', null);
    expect(state.workflow.agents.every((a) => a.trainable)).toBe(true);
  });
});
