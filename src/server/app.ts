// The env server's HTTP API on Fastify (a maintained Node framework: routing, JSON bodies with a size limit,
// prototype-poisoning checks), with every body checked by the valibot schemas of ./schemas.ts. Routes:
//   GET    /envs                 every environment: options, levels, splits, actions in both formats
//   POST   /sessions             {env, seed?, split?, level?, options?, format?, maxTurns?, reward?, truncation?}
//   POST   /sessions/:id/reset   {seed?, split?, level?, options?}
//   POST   /sessions/:id/step    {action}  -> {observation, reward, terminated, truncated, info}
//   GET    /sessions/:id/expert  the scripted expert's next action (demonstrations for SFT/BC)
//   DELETE /sessions/:id
//   POST   /batch                {ops: [{session, action} | {session, reset: {...}}]} -> {results: [...]}, in order
//   GET    /health               live sessions, limits, and the CPU seconds the server has used (for benches)
// A refused request gets a 4xx with {error: {field, message}} naming what was wrong.

import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { envListing } from './episodes';
import { BatchBody, CreateBody, parseBody, RequestError, ResetBody, StepBody } from './schemas';
import { DEFAULT_LIMITS, SessionStore, type SessionLimits } from './sessions';

export interface ServerOptions extends SessionLimits {
  /** Largest request body accepted, in bytes. */
  bodyLimit: number;
}

export const DEFAULT_SERVER_OPTIONS: ServerOptions = { ...DEFAULT_LIMITS, bodyLimit: 1 << 20 };

const ROUTES = [
  'GET /envs', 'POST /sessions', 'POST /sessions/:id/reset', 'POST /sessions/:id/step', 'GET /sessions/:id/expert',
  'DELETE /sessions/:id', 'POST /batch', 'GET /health',
];

type IdParams = { Params: { id: string } };

/** A Fastify error (bad JSON, body too large, wrong content type) as one of ours, naming the body. */
function fromFastify(e: FastifyError): RequestError {
  const status = e.statusCode && e.statusCode >= 400 && e.statusCode < 500 ? e.statusCode : 400;
  const why: Record<string, string> = {
    FST_ERR_CTP_BODY_TOO_LARGE: 'is larger than the server accepts',
    FST_ERR_CTP_INVALID_MEDIA_TYPE: 'must be JSON (Content-Type: application/json)',
    FST_ERR_CTP_EMPTY_JSON_BODY: 'is empty but says it is JSON',
    FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'has a Content-Length that does not match it',
  };
  return new RequestError(status, 'body', why[e.code] ?? 'is not valid JSON');
}

/** The server, not yet listening: `await app.listen({ host, port })`, or `app.inject()` in tests. */
export function buildServer(options: ServerOptions = DEFAULT_SERVER_OPTIONS, now?: () => number): { app: FastifyInstance; store: SessionStore } {
  const app = Fastify({ bodyLimit: options.bodyLimit, logger: false });
  const store = new SessionStore({ maxSessions: options.maxSessions, idleMs: options.idleMs }, now);
  const listing = { envs: envListing() };

  const sweeper = setInterval(() => store.sweep(), Math.min(60_000, Math.max(1000, options.idleMs / 4)));
  sweeper.unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  app.setErrorHandler((e: FastifyError | RequestError, _request, reply) => {
    const err = e instanceof RequestError ? e : e.code?.startsWith('FST_ERR_CTP') || e.statusCode === 400 ? fromFastify(e) : new RequestError(500, 'server', e.message);
    void reply.status(err.status).send({ error: { field: err.field, message: err.message } });
  });
  app.setNotFoundHandler((request, reply) => {
    const route = `${request.method} ${request.url.split('?')[0].slice(0, 100)}`;
    void reply.status(404).send({ error: { field: 'url', message: `no route ${route} (routes: ${ROUTES.join(', ')})` } });
  });

  app.get('/envs', async () => listing);
  app.get('/health', async () => {
    const cpu = process.cpuUsage();
    return { ok: true, sessions: store.size, maxSessions: options.maxSessions, idleSeconds: options.idleMs / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
  });
  app.post('/sessions', async (request, reply) => {
    const created = store.create(parseBody(CreateBody, request.body));
    return reply.status(201).send(created);
  });
  app.post<IdParams>('/sessions/:id/reset', async (request) => store.reset(request.params.id, parseBody(ResetBody, request.body ?? {})));
  app.post<IdParams>('/sessions/:id/step', async (request) => store.step(request.params.id, parseBody(StepBody, request.body).action));
  app.get<IdParams>('/sessions/:id/expert', async (request) => store.expert(request.params.id));
  app.delete<IdParams>('/sessions/:id', async (request) => {
    store.close(request.params.id);
    return { closed: request.params.id };
  });
  app.post('/batch', async (request) => ({ results: store.batch(parseBody(BatchBody, request.body).ops) }));
  return { app, store };
}
