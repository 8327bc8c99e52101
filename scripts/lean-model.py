#!/usr/bin/env python3
"""Rewrites an ONNX sentence-embedding model whose embedding tables are stored in int8 and
dequantized as a whole (`Gather(Mul(Cast(table_q), scale), ids)`) so that only the rows
looked up are dequantized (`Mul(Cast(Gather(table_q, ids)), Gather(scale, ids))`).

    scripts/lean-model.py IN.onnx OUT.onnx

Why: ONNX Runtime folds the constant `Mul(Cast(...))` when a session opens, so the word
table of all-MiniLM-L6-v2 (30,522 × 384) is held in float32: 47 MB of the embedder's
memory, against 12 MB in int8. Each looked-up row is computed with the same float
multiplication as before, so the vectors are bit for bit the same (checked by
`scripts/install-semantic.sh` on a sample) and no index needs its vectors made again.

Only Python's standard library: the file is read and written in protobuf's wire format
(the fields of onnx.proto it touches: ModelProto.graph, GraphProto.node and .initializer,
NodeProto's inputs, outputs, name, op_type, attributes), everything else copied as it is.
Prints what it rewrote; exits 1 when the model has no such table (nothing to do) and 2 on
a file it cannot read.
"""
import sys

# onnx.proto field numbers.
MODEL_GRAPH = 7
GRAPH_NODE, GRAPH_INITIALIZER = 1, 5
NODE_INPUT, NODE_OUTPUT, NODE_NAME, NODE_OP_TYPE, NODE_ATTRIBUTE = 1, 2, 3, 4, 5
TENSOR_DATA_TYPE, TENSOR_NAME = 2, 8
ATTRIBUTE_NAME, ATTRIBUTE_I, ATTRIBUTE_TYPE = 1, 3, 20
ATTRIBUTE_INT = 2
FLOAT, INT8 = 1, 3


def varint(data, at):
    value, shift = 0, 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value, at
        shift += 7


def encode_varint(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def fields(data):
    """The message's fields in order: (number, wire type, value, raw bytes of the field)."""
    at = 0
    out = []
    while at < len(data):
        start = at
        key, at = varint(data, at)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, at = varint(data, at)
        elif wire == 1:
            value, at = data[at:at + 8], at + 8
        elif wire == 2:
            length, at = varint(data, at)
            value, at = data[at:at + length], at + length
        elif wire == 5:
            value, at = data[at:at + 4], at + 4
        else:
            raise ValueError(f"wire type {wire} at byte {start}")
        out.append((number, wire, value, data[start:at]))
    return out


def field(number, value):
    """A length-delimited field (bytes or str) or a varint field (int)."""
    if isinstance(value, int):
        return encode_varint(number << 3) + encode_varint(value)
    if isinstance(value, str):
        value = value.encode()
    return encode_varint(number << 3 | 2) + encode_varint(len(value)) + value


def node(op_type, inputs, outputs, name, attributes=b""):
    return (b"".join(field(NODE_INPUT, i) for i in inputs) + b"".join(field(NODE_OUTPUT, o) for o in outputs)
            + field(NODE_NAME, name) + field(NODE_OP_TYPE, op_type) + attributes)


class Node:
    def __init__(self, raw):
        self.raw = raw
        parsed = fields(raw)
        self.inputs = [v.decode() for n, _, v, _ in parsed if n == NODE_INPUT]
        self.outputs = [v.decode() for n, _, v, _ in parsed if n == NODE_OUTPUT]
        self.op_type = next((v.decode() for n, _, v, _ in parsed if n == NODE_OP_TYPE), "")
        self.name = next((v.decode() for n, _, v, _ in parsed if n == NODE_NAME), "")


def rewrite_graph(graph):
    parsed = fields(graph)
    nodes = [Node(v) for n, _, v, _ in parsed if n == GRAPH_NODE]
    int8_tables = set()
    for n, _, v, _ in parsed:
        if n == GRAPH_INITIALIZER:
            tensor = fields(v)
            name = next(x.decode() for k, _, x, _ in tensor if k == TENSOR_NAME)
            if next((x for k, _, x, _ in tensor if k == TENSOR_DATA_TYPE), None) == INT8:
                int8_tables.add(name)
    producer = {o: node for node in nodes for o in node.outputs}
    consumers = {}
    for node_ in nodes:
        for i in node_.inputs:
            consumers[i] = consumers.get(i, 0) + 1
    replaced = {}
    dropped = set()
    for gather in nodes:
        if gather.op_type != "Gather" or len(gather.inputs) != 2:
            continue
        mul = producer.get(gather.inputs[0])
        if mul is None or mul.op_type != "Mul" or len(mul.inputs) != 2:
            continue
        cast = producer.get(mul.inputs[0])
        if cast is None or cast.op_type != "Cast" or cast.inputs[0] not in int8_tables:
            continue
        if consumers[gather.inputs[0]] != 1 or consumers[mul.inputs[0]] != 1:
            continue
        table, scale, indices, output = cast.inputs[0], mul.inputs[1], gather.inputs[1], gather.outputs[0]
        to_float = field(NODE_ATTRIBUTE, field(ATTRIBUTE_NAME, "to") + field(ATTRIBUTE_I, FLOAT) + field(ATTRIBUTE_TYPE, ATTRIBUTE_INT))
        base = gather.name or output
        replaced[id(gather)] = [
            node("Gather", [table, indices], [output + "/rows_q"], base + "/rows_q"),
            node("Gather", [scale, indices], [output + "/rows_scale"], base + "/rows_scale"),
            node("Cast", [output + "/rows_q"], [output + "/rows_f"], base + "/rows_f", to_float),
            node("Mul", [output + "/rows_f", output + "/rows_scale"], [output], base + "/rows"),
        ]
        dropped.update({id(mul), id(cast)})
        print(f"lean-model.py: {table} dequantized per row looked up, not as a whole")
    if not replaced:
        return None
    out = bytearray()
    node_index = 0
    for n, _, v, raw in parsed:
        if n != GRAPH_NODE:
            out += raw
            continue
        current = nodes[node_index]
        node_index += 1
        if id(current) in dropped:
            continue
        for new in replaced.get(id(current), [current.raw]):
            out += field(GRAPH_NODE, new)
    return bytes(out)


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[3], file=sys.stderr)
        return 2
    try:
        with open(sys.argv[1], "rb") as file:
            model = file.read()
        parsed = fields(model)
    except (OSError, ValueError, IndexError) as error:
        print(f"lean-model.py: cannot read {sys.argv[1]}: {error}", file=sys.stderr)
        return 2
    out = bytearray()
    changed = False
    for n, _, v, raw in parsed:
        graph = rewrite_graph(v) if n == MODEL_GRAPH else None
        if graph is None:
            out += raw
        else:
            out += field(MODEL_GRAPH, graph)
            changed = True
    if not changed:
        print(f"lean-model.py: {sys.argv[1]} has no int8 table dequantized as a whole", file=sys.stderr)
        return 1
    with open(sys.argv[2], "wb") as file:
        file.write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
