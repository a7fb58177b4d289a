// The trainer worker: owns the GPU device; the page talks to it through comlink.
import * as Comlink from 'comlink';
import { acquireDevice, type DeviceResult } from '../gpu/device';
import type { BackendInfo, TrainerWorkerApi } from './protocol';

let device: Promise<DeviceResult> | null = null;

function getDevice(): Promise<DeviceResult> {
  device ??= acquireDevice(self.navigator?.gpu);
  return device;
}

const api: TrainerWorkerApi = {
  async probeBackend(): Promise<BackendInfo> {
    const got = await getDevice();
    return got.kind === 'webgpu' ? { kind: 'webgpu', adapter: got.adapter } : { kind: 'cpu', reason: got.reason };
  },
};

Comlink.expose(api);
