// The env server over HTTP (Fastify's inject: the full request path without a socket): every environment in both
// observation formats with the experts winning on test seeds, replays matching the in-process env step for step,
// limits, and fuzzed requests that all get a 4xx while the server and the other sessions carry on.

import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { buildServer, DEFAULT_SERVER_OPTIONS } from '../../src/server/app';
import { ENV_SPECS, getEnvSpec } from '../../src/envs/registry';
import { BrowserGymEnv } from '../../src/envs/browsergym';
import type { Env } from '../../src/envs/api';
import { levelOptions } from '../../src/envs/levels';

let open: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(open.map((a) => a.close()));
  open = [];
});

function server(options = DEFAULT_SERVER_OPTIONS, now?: () => number) {
  const built = buildServer(options, now);
  open.push(built.app);
  const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, headers?: Record<string, string>) => {
    const r = await built.app.inject({ method, url, payload: payload as string, headers });
    return { status: r.statusCode, body: r.json() };
  };
  return { ...built, call };
}

describe('env server: every environment over HTTP', () => {
  for (const format of ['greenhouse', 'browsergym'] as const) {
    it(`${format}: the experts win on test seeds, step for step with the in-process env, through /batch`, async () => {
      const { call } = server();
      const seed = 7;
      const live = await Promise.all(
        ENV_SPECS.map(async (spec) => {
          const created = await call('POST', '/sessions', { env: spec.id, seed, split: 'test', format });
          expect(created.status).toBe(201);
          const twin = format === 'browsergym' ? new BrowserGymEnv(spec) : spec.create();
          const first = twin.reset({ seed, split: 'test', options: levelOptions(spec, 0) }); // the config's difficulty 0
          expect(created.body.observation).toEqual(JSON.parse(JSON.stringify('axtree_txt' in first.obs ? first.obs : { goal: (twin as Env).goal, text: first.obs.text, elements: first.obs.elements })));
          return { spec, twin, session: created.body.session as string, done: false, success: false };
        }),
      );
      for (let turn = 0; turn < 60 && live.some((l) => !l.done); turn++) {
        const playing = live.filter((l) => !l.done);
        const actions = playing.map((l) => (l.twin instanceof BrowserGymEnv ? l.twin.expert() : l.spec.expert(l.twin)));
        const { status, body } = await call('POST', '/batch', { ops: playing.map((l, k) => ({ session: l.session, action: actions[k] })) });
        expect(status).toBe(200);
        playing.forEach((l, k) => {
          const got = body.results[k];
          const want = l.twin.step(actions[k]);
          const wantObs = 'axtree_txt' in want.obs ? want.obs : { goal: (l.twin as Env).goal, text: want.obs.text, elements: want.obs.elements };
          expect(got.session).toBe(l.session);
          expect(got.observation, `${l.spec.id} turn ${turn}`).toEqual(JSON.parse(JSON.stringify(wantObs)));
          expect([got.reward, got.terminated, got.info.turn]).toEqual([want.reward, want.terminated, want.info.turn]);
          if (got.terminated || got.truncated) Object.assign(l, { done: true, success: got.info.success });
        });
      }
      expect(live.filter((l) => !l.success).map((l) => l.spec.id)).toEqual([]);
    });
  }

  it('serves the expert for demonstrations, in the format of the session', async () => {
    const { call } = server();
    const gh = await call('POST', '/sessions', { env: 'login-user', seed: 3 });
    const bg = await call('POST', '/sessions', { env: 'login-user', seed: 3, format: 'browsergym' });
    expect((await call('GET', `/sessions/${gh.body.session}/expert`)).body.action).toMatch(/^fill\(\d+, "\w+"\)$/);
    expect((await call('GET', `/sessions/${bg.body.session}/expert`)).body.action).toMatch(/^fill\('\d+', '\w+'\)$/);
  });

  it('lists every environment with its options, levels, splits and both action sets', async () => {
    const { call } = server();
    const { body } = await call('GET', '/envs');
    expect(body.envs.map((e: { id: string }) => e.id)).toEqual(ENV_SPECS.map((s) => s.id));
    const cards = body.envs.find((e: { id: string }) => e.id === 'card-battler');
    expect(cards).toMatchObject({ suite: 'game', splits: ['train', 'test'], actions: ['play(n)', 'end()', 'pick(n)'] });
    expect(cards.browsergymActions).toContain('click');
    expect(body.envs.every((e: { levels: unknown[]; maxLevel: number }) => e.levels.length === Math.max(1, e.maxLevel + 1) || e.levels.length === 0)).toBe(true);
    expect(body.envs.find((e: { id: string }) => e.id === 'login-user').levels.length).toBeGreaterThan(1);
  });
});

describe('env server: sessions', () => {
  it('resets to the next seed when none is given, and takes level, options and split per reset', async () => {
    const { call } = server();
    const { body } = await call('POST', '/sessions', { env: 'click-button', seed: 10 });
    const spec = getEnvSpec('click-button');
    const goalOf = (seed: number, options = {}) => (spec.create().reset({ seed, options }), ((e) => (e.reset({ seed, options }), e.goal))(spec.create()));
    expect(body.observation.goal).toBe(goalOf(10, spec.levels?.[0]));
    const next = await call('POST', `/sessions/${body.session}/reset`, {});
    expect(next.body.observation.goal).toBe(goalOf(11, spec.levels?.[0]));
    const bad = await call('POST', `/sessions/${body.session}/reset`, { options: { colour: 1 } });
    expect(bad).toMatchObject({ status: 400, body: { error: { field: 'options.colour', message: expect.stringMatching(/unknown option 'colour'/) } } });
    const level = await call('POST', `/sessions/${body.session}/reset`, { level: 2, seed: 5 });
    expect(level.body.observation.goal).toBe(goalOf(5, spec.levels?.[2]));
  });

  it("cuts an episode at the experiment's maxTurns and scores it by the experiment's reward mode", async () => {
    const { call } = server();
    const { body } = await call('POST', '/sessions', { env: 'login-user', seed: 1, maxTurns: 2, reward: 'process', truncation: 'mask' });
    const expert = async () => (await call('GET', `/sessions/${body.session}/expert`)).body.action;
    const one = await call('POST', `/sessions/${body.session}/step`, { action: await expert() });
    expect(one.body).toMatchObject({ terminated: false, truncated: false });
    const two = await call('POST', `/sessions/${body.session}/step`, { action: await expert() });
    expect(two.body).toMatchObject({ terminated: false, truncated: true });
    expect(two.body.info.episodeReward).toBeCloseTo(0.5 * two.body.info.progress);
    expect(two.body.info.progress).toBeGreaterThan(0);
    const after = await call('POST', `/sessions/${body.session}/step`, { action: 'click(1)' });
    expect(after.body.info.lastActionError).toMatch(/episode is over/);
  });

  it('refuses sessions past the limit (429) and closes idle ones', async () => {
    let clock = 0;
    const { call, store } = server({ ...DEFAULT_SERVER_OPTIONS, maxSessions: 2, idleMs: 1000 }, () => clock);
    const a = await call('POST', '/sessions', { env: 'click-button' });
    await call('POST', '/sessions', { env: 'click-button' });
    const third = await call('POST', '/sessions', { env: 'click-button' });
    expect(third).toMatchObject({ status: 429, body: { error: { field: 'session', message: expect.stringMatching(/limit of 2 sessions/) } } });
    clock = 600;
    await call('POST', `/sessions/${a.body.session}/step`, { action: 'click(1)' });
    clock = 1500;
    expect(store.sweep()).toBe(1);
    expect((await call('POST', `/sessions/${a.body.session}/step`, { action: 'click(1)' })).status).toBe(200);
    clock = 3000;
    store.sweep();
    expect((await call('POST', `/sessions/${a.body.session}/step`, { action: 'click(1)' })).status).toBe(404);
  });
});

describe('env server: bad requests', () => {
  it('answers each with a 4xx naming the field, and stays up for the other sessions', async () => {
    const { call } = server({ ...DEFAULT_SERVER_OPTIONS, bodyLimit: 64 * 1024 });
    const ok = await call('POST', '/sessions', { env: 'login-user', seed: 2 });
    const id = ok.body.session as string;
    const json = { 'content-type': 'application/json' };
    const cases: [string, string, unknown, Record<string, string> | undefined, number, string][] = [
      ['POST', '/sessions', '{"env": ', json, 400, 'body'],
      ['POST', '/sessions', { env: 'no-such-env' }, undefined, 400, 'env'],
      ['POST', '/sessions', { env: 'click-button', seed: '3' }, undefined, 400, 'seed'],
      ['POST', '/sessions', { env: 'click-button', seed: 1.5 }, undefined, 400, 'seed'],
      ['POST', '/sessions', { env: 'click-button', format: 'html' }, undefined, 400, 'format'],
      ['POST', '/sessions', { env: 'click-button', options: { targets: 'many' } }, undefined, 400, 'options.targets'],
      ['POST', '/sessions', { env: 'click-button', extra: 1 }, undefined, 400, 'extra'],
      ['POST', '/sessions', { seed: 1 }, undefined, 400, 'env'],
      ['POST', '/sessions', `{"env": "${'x'.repeat(70_000)}"}`, json, 413, 'body'],
      ['POST', '/sessions', '{"__proto__": {"env": "click-button"}}', json, 400, 'body'],
      ['POST', `/sessions/${id}/step`, { action: 42 }, undefined, 400, 'action'],
      ['POST', `/sessions/${id}/step`, {}, undefined, 400, 'action'],
      ['POST', '/sessions/nope/step', { action: 'click(1)' }, undefined, 404, 'session'],
      ['POST', '/batch', { ops: [{ session: id }] }, undefined, 200, ''],
      ['POST', '/batch', { ops: 'all' }, undefined, 400, 'ops'],
      ['GET', '/sessions', undefined, undefined, 404, 'url'],
    ];
    for (const [method, url, payload, headers, status, field] of cases) {
      const r = await call(method as 'POST', url, payload, headers);
      expect(r.status, `${method} ${url} ${String(JSON.stringify(payload)).slice(0, 60)}`).toBe(status);
      if (field) expect(r.body.error.field).toBe(field);
      if (field) expect(r.body.error.message.length).toBeGreaterThan(5);
    }
    const batch = await call('POST', '/batch', { ops: [{ session: id }, { session: id, action: 'click(4)' }, { session: 'gone', action: 'x' }] });
    expect(batch.body.results[0]).toMatchObject({ error: { status: 400, field: 'ops[0].action', message: 'is required' } });
    expect(batch.body.results[1]).toMatchObject({ session: id, info: { turn: 1 } });
    expect(batch.body.results[2]).toMatchObject({ error: { status: 404, field: 'session' } });
    await call('DELETE', `/sessions/${id}`);
    expect((await call('POST', `/sessions/${id}/step`, { action: 'click(1)' })).status).toBe(404);
    expect((await call('DELETE', `/sessions/${id}`)).status).toBe(404);
  });

  it('never answers arbitrary JSON with a 5xx (fuzzed bodies on every route)', async () => {
    const { call } = server();
    const keep = (await call('POST', '/sessions', { env: 'choose-list', seed: 4 })).body.session as string;
    const routes = ['/sessions', `/sessions/${keep}/reset`, `/sessions/${keep}/step`, '/batch'];
    const value = fc.jsonValue({ maxDepth: 3 });
    const shaped = fc.record({ env: fc.oneof(fc.constantFrom(...ENV_SPECS.map((s) => s.id)), fc.string()), seed: value, options: value, ops: fc.array(fc.record({ session: fc.constant(keep), action: value, reset: value }, { requiredKeys: ['session'] }), { maxLength: 4 }), action: value, format: value }, { requiredKeys: [] });
    const envs = fc.constantFrom(...ENV_SPECS.map((s) => s.id));
    const options = fc.dictionary(fc.constantFrom('targets', 'width', 'colour', 'fights', ''), fc.oneof(fc.integer({ min: -2, max: 12 }), fc.string(), fc.boolean()));
    const nearlyValid = fc.oneof(fc.record({ env: envs, options, level: fc.integer({ min: -1, max: 11 }) }), fc.record({ options, seed: fc.integer({ min: -1, max: 5 }) }));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...routes), fc.oneof(value, shaped, nearlyValid), async (url, body) => {
        const r = await call('POST', url, JSON.stringify(body), { 'content-type': 'application/json' });
        expect(r.status, `${url} ${JSON.stringify(body).slice(0, 200)}`).toBeLessThan(500);
      }),
      { numRuns: 300, seed: 11 },
    );
    expect((await call('GET', '/health')).body.ok).toBe(true);
    expect((await call('POST', `/sessions/${keep}/reset`, { seed: 4 })).status).toBe(200);
  });
});
