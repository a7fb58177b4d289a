// The rollout worker: a copy of the policy that plays the async mode's next batch (environments stepped,
// actions generated) while the trainer worker updates on the previous one. Its results equal in-process ones.
import * as Comlink from 'comlink';
import { acquireDevice } from '../gpu/device';
import { RolloutPlayer } from '../rl/rollout-service';
import type { RolloutWorkerApi } from './protocol';

let player: RolloutPlayer | null = null;

const api: RolloutWorkerApi = {
  async init(config, vocab, skills) {
    let device: GPUDevice | undefined;
    if (config.backend === 'webgpu') {
      const got = await acquireDevice(self.navigator?.gpu);
      if (got.kind !== 'webgpu') throw new Error(`the rollout worker got no WebGPU device: ${got.reason}`);
      device = got.device;
    }
    player?.dispose();
    player = await RolloutPlayer.create(config, vocab, skills, device);
  },
  async collect(request) {
    if (!player) throw new Error('rollout worker: init() first');
    return player.collect(request);
  },
};

Comlink.expose(api);
