// The skills worker: runs bottom-up discovery off the main thread and merges what it finds into the
// IndexedDB library, reporting progress after each episode.
import * as Comlink from 'comlink';
import { getEnvSpec } from '../envs/registry';
import { discover } from '../skills/discovery';
import { loadLibrary, mergeIntoLibrary } from '../skills/persist';
import { getDb } from '../storage';
import type { SkillsWorkerApi } from './protocol';

const api: SkillsWorkerApi = {
  async discover(request, onProgress) {
    const spec = getEnvSpec(request.env);
    const db = await getDb();
    const library = await loadLibrary(db, { family: spec.family });
    let lastReport = 0;
    const result = discover(spec, {
      budget: request.budget,
      seed: request.seed,
      select: request.select,
      library,
      onEpisode: (e) => {
        if (e.steps - lastReport >= request.budget / 20) {
          lastReport = e.steps;
          onProgress({ steps: e.steps, skills: e.skills });
        }
      },
    });
    const merged = await mergeIntoLibrary(db, result.skills);
    return { found: result.skills.length - library.length, library: merged.length, steps: result.steps };
  },
};

Comlink.expose(api);
