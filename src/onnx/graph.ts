// A small ONNX graph builder over onnx-proto's typed messages: nodes with fresh output names, float and int64
// initializers, and the final ModelProto bytes (opset 17 of the default domain, IR version 8).
import onnxProto from 'onnx-proto';

export const { onnx } = onnxProto;
const OPSET = 17;
const IR_VERSION = 8;

/** TensorProto.DataType values used here. */
export const DT = { FLOAT: 1, BOOL: 9, INT64: 7 } as const;

export type ValueInfo = onnxProto.onnx.IValueInfoProto;

/** An attribute: an int, ints, or a float written { f: x } (so 1.0 is not taken for an int). */
type Attr = number | number[] | { f: number };

/** A dimension: a fixed size or a named symbolic one ('batch', 'seq'). */
export type Dim = number | string;

function attribute(name: string, v: Attr): onnxProto.onnx.IAttributeProto {
  const T = onnx.AttributeProto.AttributeType;
  if (Array.isArray(v)) return { name, type: T.INTS, ints: v };
  if (typeof v === 'object') return { name, type: T.FLOAT, f: v.f };
  return { name, type: T.INT, i: v };
}

function valueInfo(name: string, elemType: number, dims: readonly Dim[]): ValueInfo {
  const dim = dims.map((d) => (typeof d === 'number' ? { dimValue: d } : { dimParam: d }));
  return { name, type: { tensorType: { elemType, shape: { dim } } } };
}

export class GraphBuilder {
  private readonly nodes: onnxProto.onnx.INodeProto[] = [];
  private readonly inits: onnxProto.onnx.ITensorProto[] = [];
  private readonly inputs: ValueInfo[] = [];
  private readonly outputs: ValueInfo[] = [];
  private count = 0;

  input(name: string, elemType: number, dims: readonly Dim[]): string {
    this.inputs.push(valueInfo(name, elemType, dims));
    return name;
  }

  output(name: string, elemType: number, dims: readonly Dim[]): void {
    this.outputs.push(valueInfo(name, elemType, dims));
  }

  /** A float initializer (stored as raw little-endian bytes; the data is copied). */
  floats(name: string, dims: readonly number[], data: Float32Array): string {
    const raw = new Uint8Array(data.byteLength);
    raw.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    this.inits.push({ name, dims: [...dims], dataType: DT.FLOAT, rawData: raw });
    return name;
  }

  /** An int64 initializer, e.g. a shape or an axis list; dims [] for a scalar. */
  ints(name: string, values: readonly number[], dims: readonly number[] = [values.length]): string {
    this.inits.push({ name, dims: [...dims], dataType: DT.INT64, int64Data: [...values] });
    return name;
  }

  /** A float scalar constant. */
  scalar(name: string, value: number): string {
    return this.floats(name, [], new Float32Array([value]));
  }

  /** One node; returns its output names (fresh unless `outs` names them). */
  op(opType: string, inputs: readonly string[], attrs: Record<string, Attr> = {}, outs: number | string[] = 1): string[] {
    const output = typeof outs === 'number' ? Array.from({ length: outs }, () => `${opType.toLowerCase()}_${this.count++}`) : outs;
    const attribute_ = Object.entries(attrs).map(([k, v]) => attribute(k, v));
    this.nodes.push({ opType, input: [...inputs], output, name: `${output[0]}_node`, attribute: attribute_ });
    return output;
  }

  /** op() with one output. */
  op1(opType: string, inputs: readonly string[], attrs: Record<string, Attr> = {}, out?: string): string {
    return this.op(opType, inputs, attrs, out ? [out] : 1)[0];
  }

  /** The model as ONNX protobuf bytes, with string metadata. */
  encode(graphName: string, metadata: Record<string, string>): Uint8Array {
    const model = onnx.ModelProto.create({
      irVersion: IR_VERSION,
      producerName: 'greenhouse',
      opsetImport: [{ domain: '', version: OPSET }],
      metadataProps: Object.entries(metadata).map(([key, value]) => ({ key, value })),
      graph: { name: graphName, node: this.nodes, initializer: this.inits, input: this.inputs, output: this.outputs },
    });
    return onnx.ModelProto.encode(model).finish();
  }
}
