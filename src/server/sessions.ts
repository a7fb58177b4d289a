// The env server's sessions: each holds one episode of one environment, created, reset, stepped and closed by
// id, alone or in batches. Limits keep one client from taking the server: a cap on live sessions and an idle
// expiry. A session whose env fails is closed alone; nothing here can take another session or the server down.

import { randomUUID } from 'node:crypto';
import type { EnvOptions } from '../envs/api';
import { getEnvSpec } from '../envs/registry';
import { DEFAULT_CONFIG } from '../core/config-table';
import { Episode, optionsFor, type EpisodeSettings, type ResetReply, type ResetSettings, type StepReply } from './episodes';
import { parseBatchOp, RequestError, type CreateRequest, type ResetRequest } from './schemas';

export interface SessionLimits {
  /** Most live sessions; creating one more is refused (429) until some close or expire. */
  maxSessions: number;
  /** A session untouched this long is closed by the next sweep. */
  idleMs: number;
}

export const DEFAULT_LIMITS: SessionLimits = { maxSessions: 4096, idleMs: 15 * 60_000 };

interface Session {
  episode: Episode;
  /** The current episode's draw; a reset without a seed takes the next seed. */
  draw: ResetSettings;
  level: number;
  given: EnvOptions | undefined;
  lastUsed: number;
}

export type BatchResult = ({ session: string } & (StepReply | ResetReply)) | { session: string; error: { status: number; field: string; message: string } };

export class SessionStore {
  private readonly sessions = new Map<string, Session>();

  constructor(
    readonly limits: SessionLimits = DEFAULT_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.sessions.size;
  }

  /** A new session with its first episode already reset (seed, split and level default to the config's). */
  create(req: CreateRequest): { session: string } & ResetReply {
    if (this.sessions.size >= this.limits.maxSessions) {
      throw new RequestError(429, 'session', `the server holds its limit of ${this.limits.maxSessions} sessions; close some (DELETE /sessions/ID) or wait for idle ones to expire`);
    }
    const spec = getEnvSpec(req.env);
    const settings: EpisodeSettings = {
      spec,
      format: req.format ?? 'greenhouse',
      maxTurns: req.maxTurns ?? DEFAULT_CONFIG.maxTurns,
      reward: req.reward ?? DEFAULT_CONFIG.reward,
      truncation: req.truncation ?? DEFAULT_CONFIG.truncation,
    };
    const level = req.level ?? DEFAULT_CONFIG.difficulty;
    const draw: ResetSettings = { seed: req.seed ?? DEFAULT_CONFIG.seed, split: req.split ?? 'train', options: optionsFor(spec, level, req.options) };
    const session: Session = { episode: new Episode(settings), draw, level, given: req.options, lastUsed: this.now() };
    const id = randomUUID();
    const first = this.guard(id, session, () => session.episode.reset(draw));
    this.sessions.set(id, session);
    return { session: id, ...first };
  }

  /** A new episode; what the request leaves out keeps the session's value, and a missing seed is the next one. */
  reset(id: string, req: ResetRequest): ResetReply {
    const s = this.get(id);
    const spec = s.episode.settings.spec;
    const level = req.level ?? s.level;
    const given = req.options ?? s.given;
    const options = level === s.level && given === s.given ? s.draw.options : optionsFor(spec, level, given);
    const seed = req.seed ?? (s.draw.seed + 1) % 2 ** 31;
    s.draw = { seed, split: req.split ?? s.draw.split, options };
    s.level = level;
    s.given = given;
    return this.guard(id, s, () => s.episode.reset(s.draw));
  }

  step(id: string, action: string): StepReply {
    const s = this.get(id);
    return this.guard(id, s, () => s.episode.step(action));
  }

  /** The scripted expert's next action for the session's page, in its format's syntax. */
  expert(id: string): { action: string } {
    const s = this.get(id);
    try {
      return { action: s.episode.expert() };
    } catch (e) {
      throw new RequestError(409, 'session', `the expert has no action for this page: ${(e as Error).message}`);
    }
  }

  close(id: string): void {
    this.get(id);
    this.sessions.delete(id);
  }

  /** Runs each operation in order; one that fails answers with its error and the others go on. */
  batch(ops: readonly unknown[]): BatchResult[] {
    return ops.map((op, k) => {
      const session = typeof op === 'object' && op !== null && typeof (op as { session?: unknown }).session === 'string' ? (op as { session: string }).session : '';
      try {
        const req = parseBatchOp(op, `ops[${k}]`);
        return { session, ...('reset' in req ? this.reset(req.session, req.reset) : this.step(req.session, req.action)) };
      } catch (e) {
        if (!(e instanceof RequestError)) throw e;
        return { session, error: { status: e.status, field: e.field, message: e.message } };
      }
    });
  }

  /** Closes every session idle for longer than the limit; returns how many. */
  sweep(): number {
    const oldest = this.now() - this.limits.idleMs;
    let closed = 0;
    for (const [id, s] of this.sessions) {
      if (s.lastUsed < oldest) {
        this.sessions.delete(id);
        closed++;
      }
    }
    return closed;
  }

  private get(id: string): Session {
    const s = this.sessions.get(id);
    if (!s) throw new RequestError(404, 'session', `no session '${id.slice(0, 64)}' (closed, expired after ${this.limits.idleMs / 1000} s idle, or never created)`);
    s.lastUsed = this.now();
    return s;
  }

  /** Runs an env call; an env that throws (a bug) loses its session, and the request gets a 500 saying so. */
  private guard<T>(id: string, s: Session, run: () => T): T {
    try {
      return run();
    } catch (e) {
      this.sessions.delete(id);
      throw new RequestError(500, 'session', `${s.episode.settings.spec.id} failed (${(e as Error).message}); the session was closed`);
    }
  }
}
