// The trainer worker: owns the GPU device and the training session; the page talks to it through comlink
// and only draws what the listener receives.
import * as Comlink from 'comlink';
import { acquireDevice, type DeviceResult } from '../gpu/device';
import { getDb, type GreenhouseDB } from '../storage';
import type { BackendInfo, TrainerWorkerApi } from './protocol';
import { startRolloutWorker } from './rollout-client';
import { TrainingSession } from './training-session';

let probe: Promise<DeviceResult> | null = null;
let session: TrainingSession | null = null;

function getDevice(): Promise<DeviceResult> {
  probe ??= acquireDevice(self.navigator?.gpu);
  return probe;
}

async function deviceFor(fresh: boolean): Promise<GPUDevice | null> {
  if (fresh) probe = null;
  const got = await getDevice();
  return got.kind === 'webgpu' ? got.device : null;
}

async function openDb(): Promise<GreenhouseDB | null> {
  try {
    return await getDb();
  } catch {
    return null;
  }
}

function current(): TrainingSession {
  if (!session) throw new Error('no run: press Train to start one');
  return session;
}

const api: TrainerWorkerApi = {
  async probeBackend(): Promise<BackendInfo> {
    const got = await getDevice();
    return got.kind === 'webgpu' ? { kind: 'webgpu', adapter: got.adapter } : { kind: 'cpu', reason: got.reason };
  },
  async start(request, listener) {
    session?.dispose();
    session = null;
    session = await TrainingSession.start(request, listener, { device: deviceFor, db: await openDb(), rollouts: startRolloutWorker });
    return session.started;
  },
  play: () => current().play(),
  pause: () => current().pause(),
  step: () => current().step(),
  async setHyper(hyper) {
    current().setHyper(hyper);
  },
  async setDelay(ms) {
    current().setDelay(ms);
  },
  async reset() {
    if (session) await session.pause();
    session?.dispose();
    session = null;
  },
  async exportOnnx() {
    const bytes = await current().exportOnnx();
    return Comlink.transfer(bytes, [bytes.buffer]);
  },
};

Comlink.expose(api);
