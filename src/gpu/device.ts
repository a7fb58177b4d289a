// Acquire a WebGPU device, or explain why the CPU backend must be used instead.
import { probeSubgroups, verifiedSubgroupSize } from './subgroups';

export interface AdapterSummary {
  vendor: string;
  architecture: string;
  description: string;
  isFallbackAdapter: boolean;
  features: string[];
  /** The device's subgroup size when GpuOps reduces with subgroups, else why not (set by acquireDevice). */
  subgroups?: { size: number } | { unused: string };
  limits: {
    maxComputeWorkgroupStorageSize: number;
    maxStorageBufferBindingSize: number;
    maxComputeInvocationsPerWorkgroup: number;
    maxStorageBuffersPerShaderStage: number;
    maxBufferSize: number;
  };
}

export type DeviceResult =
  | { kind: 'webgpu'; device: GPUDevice; adapter: AdapterSummary }
  | { kind: 'cpu'; reason: string };

/** Plain data describing an adapter, safe to post between threads. */
export function summarizeAdapter(adapter: GPUAdapter): AdapterSummary {
  const info = adapter.info;
  const limits = adapter.limits;
  return {
    vendor: info?.vendor || 'unknown',
    architecture: info?.architecture || 'unknown',
    description: info?.description || '',
    // `isFallbackAdapter` moved from the adapter to its info; read whichever exists.
    isFallbackAdapter: Boolean(
      (info as GPUAdapterInfo & { isFallbackAdapter?: boolean })?.isFallbackAdapter ??
        (adapter as GPUAdapter & { isFallbackAdapter?: boolean }).isFallbackAdapter,
    ),
    features: [...adapter.features].map(String).sort(),
    limits: {
      maxComputeWorkgroupStorageSize: limits.maxComputeWorkgroupStorageSize,
      maxStorageBufferBindingSize: limits.maxStorageBufferBindingSize,
      maxComputeInvocationsPerWorkgroup: limits.maxComputeInvocationsPerWorkgroup,
      maxStorageBuffersPerShaderStage: limits.maxStorageBuffersPerShaderStage,
      maxBufferSize: limits.maxBufferSize,
    },
  };
}

/**
 * Ask for a GPU device with the adapter's own storage limits (the defaults are lower).
 * Never throws: a missing API, adapter or device comes back as { kind: 'cpu', reason }.
 */
export async function acquireDevice(gpu: GPU | undefined = globalThis.navigator?.gpu): Promise<DeviceResult> {
  if (!gpu) return { kind: 'cpu', reason: 'no navigator.gpu: this browser or context has no WebGPU' };
  let adapter: GPUAdapter | null;
  try {
    adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
  } catch (err) {
    return { kind: 'cpu', reason: `requestAdapter failed: ${errorText(err)}` };
  }
  if (!adapter) return { kind: 'cpu', reason: 'no adapter: WebGPU is present but no GPU adapter is available' };
  const summary = summarizeAdapter(adapter);
  const wanted = ['shader-f16', 'timestamp-query', 'subgroups'].filter((f) => adapter.features.has(f)) as GPUFeatureName[];
  try {
    const device = await adapter.requestDevice({
      requiredFeatures: wanted,
      requiredLimits: {
        maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize,
        maxBufferSize: adapter.limits.maxBufferSize,
        maxComputeWorkgroupStorageSize: adapter.limits.maxComputeWorkgroupStorageSize,
        maxComputeInvocationsPerWorkgroup: adapter.limits.maxComputeInvocationsPerWorkgroup,
        maxStorageBuffersPerShaderStage: adapter.limits.maxStorageBuffersPerShaderStage,
      },
    });
    const unused = await probeSubgroups(device).catch((err: unknown) => `the probe failed: ${errorText(err)}`);
    summary.subgroups = unused ? { unused } : { size: verifiedSubgroupSize(device) ?? 0 };
    return { kind: 'webgpu', device, adapter: summary };
  } catch (err) {
    return { kind: 'cpu', reason: `device request failed: ${errorText(err)}` };
  }
}

/** A software adapter: a CPU running the shaders (SwiftShader, Mesa's lavapipe / llvmpipe). */
export function isCpuAdapter(device: GPUDevice): boolean {
  const info = device.adapterInfo as (GPUAdapterInfo & { isFallbackAdapter?: boolean }) | undefined;
  return !!info && (!!info.isFallbackAdapter || /swiftshader|llvmpipe|lavapipe/i.test(`${info.architecture} ${info.description} ${info.device}`));
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
