// The trainer worker: owns the GPU device and the training session; the page talks to it through comlink
// and only draws what the listener receives. It counts the device's live GPU buffers for the soak benchmark.
import * as Comlink from 'comlink';
import type { Config } from '../core/config-table';
import { acquireDevice, type DeviceResult } from '../gpu/device';
import { basePath, decodeBase, type BasePolicy } from '../rl/pretrain';
import { getDb, type GreenhouseDB } from '../storage';
import type { BackendInfo, TrainerWorkerApi } from './protocol';
import { startRolloutWorker } from './rollout-client';
import { TrainingSession } from './training-session';

let probe: Promise<DeviceResult> | null = null;
let session: TrainingSession | null = null;
/** GPU buffers created on the current device and not destroyed. */
let liveBuffers = 0;

/** Counts buffers as the device creates and destroys them (createBuffer wrapped once per device). */
function countBuffers(device: GPUDevice): GPUDevice {
  liveBuffers = 0;
  const create = device.createBuffer.bind(device);
  device.createBuffer = (descriptor: GPUBufferDescriptor) => {
    const buffer = create(descriptor);
    const destroy = buffer.destroy.bind(buffer);
    let destroyed = false;
    liveBuffers++;
    buffer.destroy = () => {
      if (!destroyed) liveBuffers--;
      destroyed = true;
      destroy();
    };
    return buffer;
  };
  return device;
}

function getDevice(): Promise<DeviceResult> {
  probe ??= acquireDevice(self.navigator?.gpu).then((got) => (got.kind === 'webgpu' ? { ...got, device: countBuffers(got.device) } : got));
  return probe;
}

/** The pretrained base policy of a model size, from the site's public/base folder. */
async function fetchBase(model: Config['model']): Promise<BasePolicy> {
  const url = `${import.meta.env.BASE_URL}${basePath(model)}`;
  const res = await fetch(url);
  if (!res.ok) throw new Error(`init=base: the pretrained base policy ${url} could not be loaded (HTTP ${res.status}); npm run base writes it`);
  return decodeBase(new Uint8Array(await res.arrayBuffer()));
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
    const old = session;
    session = null;
    await old?.close();
    session = await TrainingSession.start(request, listener, { device: deviceFor, db: await openDb(), rollouts: startRolloutWorker, base: fetchBase });
    return session.started;
  },
  play: () => current().play(),
  pause: () => current().pause(),
  step: () => current().step(),
  async setHyper(hyper) {
    return current().setHyper(hyper);
  },
  async setDelay(ms) {
    current().setDelay(ms);
  },
  saveCheckpoint: () => current().saveCheckpoint(),
  async loseDevice(when) {
    return current().loseDevice(when);
  },
  async diagnostics() {
    const memory = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory;
    const onGpu = session?.started.backend === 'webgpu';
    return { gpuBuffers: onGpu ? liveBuffers : null, heapBytes: memory?.usedJSHeapSize ?? null };
  },
  async reset() {
    const old = session;
    session = null;
    await old?.close();
  },
  async exportOnnx() {
    const bytes = await current().exportOnnx();
    return Comlink.transfer(bytes, [bytes.buffer]);
  },
};

Comlink.expose(api);
