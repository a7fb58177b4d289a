// Files that break the ONNX policy contract are refused with a message naming what is wrong: not protobuf,
// too big, a missing or renamed input or output, logits of the wrong shape, no vocabulary or config metadata,
// a vocabulary of the wrong size.
import { describe, expect, it } from 'vitest';
import { checkContract, MAX_ONNX_BYTES, META_CONFIG, META_CONTEXT, META_VOCAB, OnnxContractError } from '../../src/onnx/contract';
import { exportPolicy } from '../../src/onnx/export';
import { DT, GraphBuilder, onnx } from '../../src/onnx/graph';
import { seededPolicy } from './fixtures';

const good = () => {
  const f = seededPolicy('tiny', 1);
  return exportPolicy(f.config, f.vocab, f.params);
};

/** The good model with one change made to its decoded form. */
function edited(change: (m: InstanceType<typeof onnx.ModelProto>) => void): Uint8Array {
  const m = onnx.ModelProto.decode(good());
  change(m);
  return onnx.ModelProto.encode(m).finish();
}

const refuse = (bytes: Uint8Array, message: RegExp) => {
  expect(() => checkContract(bytes)).toThrow(OnnxContractError);
  expect(() => checkContract(bytes)).toThrow(message);
};

describe('the ONNX policy contract', () => {
  it('accepts an export', () => {
    expect(checkContract(good()).config).toMatchObject({ dim: 32, layers: 2, heads: 4, window: 128, vocab: 300 });
  });

  it('refuses what is not an ONNX model at all', () => {
    refuse(new Uint8Array(), /the file is empty/);
    refuse(new TextEncoder().encode('{"this": "is json, not protobuf"}'), /not an ONNX model \(protobuf decoding failed/);
    refuse(new Uint8Array([0x08, 0x08]), /not an ONNX model: it has no graph/); // a valid ModelProto with only ir_version
  });

  it('refuses a file over the size bound before decoding it', () => {
    refuse(new Uint8Array(MAX_ONNX_BYTES + 1), /MiB, more than the 64 MiB allowed/);
  });

  it('names a missing or mistyped input and a missing or misshapen output', () => {
    refuse(edited((m) => (m.graph!.input![1].name = 'mask')), /missing input 'attention_mask' \(the model has inputs: input_ids, mask\)/);
    refuse(edited((m) => m.graph!.input!.shift()), /missing input 'input_ids'/);
    refuse(edited((m) => (m.graph!.input![0].type!.tensorType!.elemType = DT.FLOAT)), /input 'input_ids' must be int64/);
    refuse(edited((m) => (m.graph!.output![0].name = 'scores')), /missing output 'logits' \(the model has outputs: scores\)/);
    refuse(edited((m) => m.graph!.output![0].type!.tensorType!.shape!.dim!.pop()), /output 'logits' has 2 dimensions, expected 3/);
    refuse(edited((m) => (m.graph!.output![0].type!.tensorType!.shape!.dim![2].dimValue = 512)), /output 'logits' has 512 logits per token but the config says vocab 300/);
  });

  it('names missing or broken metadata', () => {
    refuse(edited((m) => (m.metadataProps = m.metadataProps.filter((p) => p.key !== META_VOCAB))), /no 'greenhouse.vocab' metadata/);
    refuse(edited((m) => (m.metadataProps = m.metadataProps.filter((p) => p.key !== META_CONFIG))), /no 'greenhouse.config' metadata/);
    refuse(edited((m) => (m.metadataProps.find((p) => p.key === META_VOCAB)!.value = '["<pad>"')), /'greenhouse.vocab' is not valid JSON/);
    refuse(edited((m) => (m.metadataProps.find((p) => p.key === META_VOCAB)!.value = '["<pad>"]')), /has 1 tokens but the config says vocab 300/);
    refuse(edited((m) => (m.metadataProps.find((p) => p.key === META_CONFIG)!.value = '{"vocab": 300}')), /no positive integer 'dim'/);
    refuse(edited((m) => (m.metadataProps.find((p) => p.key === META_CONTEXT)!.value = '{"match": "yes"}')), /'greenhouse.context' has no boolean 'match'/);
  });

  it('reads how the context was built; a file without that metadata gets the default (match marks on)', () => {
    expect(checkContract(good()).match).toBe(true);
    expect(checkContract(edited((m) => (m.metadataProps.find((p) => p.key === META_CONTEXT)!.value = '{"match": false}'))).match).toBe(false);
    expect(checkContract(edited((m) => (m.metadataProps = m.metadataProps.filter((p) => p.key !== META_CONTEXT)))).match).toBe(true);
  });

  it('an unrelated model with other inputs is refused by name', () => {
    const g = new GraphBuilder();
    g.input('pixels', DT.FLOAT, [1, 3]);
    g.op1('Relu', ['pixels'], {}, 'out');
    g.output('out', DT.FLOAT, [1, 3]);
    refuse(g.encode('other', {}), /missing input 'input_ids' \(the model has inputs: pixels\)/);
  });
});

describe('control flow', () => {
  it('refuses Loop, If and Scan, in the graph or in a local function', () => {
    for (const op of ['Loop', 'If', 'Scan']) {
      refuse(edited((m) => m.graph!.node!.push({ opType: op, name: `my_${op}`, input: [], output: ['x'] })), new RegExp(`node 'my_${op}' is a ${op}: control flow`));
    }
    refuse(edited((m) => (m.functions = [{ name: 'f', domain: 'local', node: [{ opType: 'Loop', input: [], output: ['y'] }] }])), /is a Loop: control flow/);
  });
});
