// @capstan/common/cbor: CBOR as kube-apiserver serves it behind CBORServingAndStorage; loaded
// only by a server with the gate on.

import { builtinTypes } from '../../schema/builtin-types.ts';
import { declarationOfKind } from '../protobuf/decode-object.ts';
import { CborDecodeError, decodeCborObject, encodeCbor, prepareForCbor } from './cbor-object.ts';

export { CborDecodeError, decodeCborObject };

/** An object ready for CBOR: a built-in kind's byte fields as byte strings, anything else as it is. */
function prepared(object: unknown): unknown {
  const { apiVersion, kind } = (typeof object === 'object' && object !== null ? object : {}) as { apiVersion?: unknown; kind?: unknown };
  const declaration = typeof apiVersion === 'string' && typeof kind === 'string' ? declarationOfKind(apiVersion, kind) : undefined;
  return prepareForCbor(object, declaration?.name, (name) => builtinTypes.get(name));
}

/** An answer as one self-described CBOR data item. */
export function encodeCborAnswer(answer: unknown): Uint8Array {
  return encodeCbor(prepared(answer));
}

/** One event of an application/cbor-seq watch: a self-described {type, object} data item. */
export function encodeCborWatchEvent(type: string, object: unknown): Uint8Array {
  return encodeCbor({ type, object: prepared(object) });
}
