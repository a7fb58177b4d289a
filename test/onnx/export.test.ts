// The exported ONNX model, run by onnxruntime-web's wasm provider in Node, reproduces our CPU forward's logits
// within 1e-4 for every model size preset, padding and the all-padding row included; a checkpoint exports too.
import { describe, expect, it } from 'vitest';
import { paramTable } from '../../src/model/params';
import { PRESETS, type PresetName } from '../../src/model/presets';
import { checkContract } from '../../src/onnx/contract';
import { exportCheckpoint, exportPolicy } from '../../src/onnx/export';
import { CpuLogits } from '../../src/onnx/reference';
import { OnnxLogits } from '../../src/onnx/runtime';
import type { Checkpoint } from '../../src/rl/checkpoint';
import { maxAbsDiff, seededPolicy, seededRows, VOCAB } from './fixtures';

describe('ONNX export, checked by onnxruntime-web (wasm)', () => {
  for (const preset of Object.keys(PRESETS) as PresetName[]) {
    it(`${preset}: logits match our CPU forward within 1e-4`, async () => {
      const f = seededPolicy(preset, 11);
      const bytes = exportPolicy(f.config, f.vocab, f.params);
      expect(checkContract(bytes)).toEqual({ config: f.config, vocab: f.vocab, match: true });
      const { tokens, lengths, N, T } = seededRows(5);
      const ours = new CpuLogits(f.config, f.params).run(tokens, lengths, N, T);
      const session = await OnnxLogits.create(bytes, VOCAB, 'wasm');
      const theirs = await session.run(tokens, lengths, N, T);
      await session.release();
      const diff = maxAbsDiff(ours, theirs);
      console.info(`onnx ${preset}: max |ours - ort wasm| = ${diff.toExponential(2)}`);
      expect(diff).toBeLessThan(1e-4);
      // not vacuous: the logits differ from one position to the next
      expect(maxAbsDiff(ours.subarray(0, VOCAB), ours.subarray(VOCAB, 2 * VOCAB))).toBeGreaterThan(1e-2);
    });
  }

  it('a different parameter changes the logits (the file carries the weights, not a constant)', async () => {
    const f = seededPolicy('tiny', 11);
    const { tokens, lengths, N, T } = seededRows(5);
    const logits = async () => {
      const s = await OnnxLogits.create(exportPolicy(f.config, f.vocab, f.params), VOCAB);
      const out = await s.run(tokens, lengths, N, T);
      await s.release();
      return out;
    };
    const a = await logits();
    f.params[paramTable(f.config).entries.get('lnf.b')!.offset + 3] += 1;
    const b = await logits();
    expect(maxAbsDiff(a, b)).toBeGreaterThan(1e-3);
    const gate = paramTable(f.config).entries.get('ptr.b')!;
    f.params[gate.offset + gate.size - 1] += 3; // the element pointer's gate: its mass moves onto element ids
    const c = await logits();
    expect(maxAbsDiff(b, c)).toBeGreaterThan(1e-2);
  });

  it('a policy without the pointer head exports too', async () => {
    const f = seededPolicy('tiny', 7, false);
    const { tokens, lengths, N, T } = seededRows(5);
    const session = await OnnxLogits.create(exportPolicy(f.config, f.vocab, f.params), VOCAB);
    const diff = maxAbsDiff(new CpuLogits(f.config, f.params).run(tokens, lengths, N, T), await session.run(tokens, lengths, N, T));
    await session.release();
    expect(diff).toBeLessThan(1e-4);
  });

  it('a checkpoint exports with its config, vocabulary and current parameters', () => {
    const f = seededPolicy('tiny', 3);
    const checkpoint = { config: { model: 'tiny', match: false }, vocab: f.vocab, policy: { params: f.params } } as unknown as Checkpoint;
    const info = checkContract(exportCheckpoint(checkpoint));
    expect(info.config).toEqual(f.config);
    expect(info.vocab).toEqual(f.vocab);
    expect(info.match).toBe(false);
  });

  it('bad inputs to the exporter are named', () => {
    const f = seededPolicy('tiny', 3);
    expect(() => exportPolicy(f.config, f.vocab.slice(1), f.params)).toThrow(/vocabulary has 299 tokens, the model 300/);
    expect(() => exportPolicy(f.config, f.vocab, f.params.subarray(1))).toThrow(/parameters given/);
  });
});
