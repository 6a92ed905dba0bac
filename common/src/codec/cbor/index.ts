// @capstan/common/cbor: CBOR as kube-apiserver serves it behind CBORServingAndStorage; loaded
// only by a server with the gate on.

import { fieldAt } from '../../json/read-field.ts';
import { builtinTypes } from '../../schema/builtin-types.ts';
import type { StructDeclaration, TypeLookup } from '../../schema/schema.ts';
import { declarationOfKind } from '../protobuf/decode-object.ts';
import { encodeCborEvent, encodeCborObject } from './cbor-object.ts';
import { decodeCbor } from './decode-cbor.ts';

export { decodeCborSequence } from './decode-cbor.ts';

export { CborDecodeError } from './cbor-decode-error.ts';

const lookup = (name: string) => builtinTypes.get(name);

/** The declared type of an object of a built-in kind (its byte fields go out under tag 22), if any. */
function typeNameOf(object: unknown): string | undefined {
  const apiVersion = fieldAt(object, 'apiVersion');
  const kind = fieldAt(object, 'kind');
  return typeof apiVersion === 'string' && typeof kind === 'string' ? declarationOfKind(apiVersion, kind)?.name : undefined;
}

const declaredTypes = { typeNameOf: (apiVersion: string, kind: string) => declarationOfKind(apiVersion, kind)?.name, lookup };

/**
 * One CBOR data item (self-described or not) in the JSON form, read as kube-apiserver reads a body
 * (a built-in kind's []byte fields as its typed decoding takes them); throws CborDecodeError with kube's message.
 */
export const decodeCborObject = (bytes: Uint8Array): unknown => decodeCbor(bytes, declaredTypes);

/**
 * One CBOR data item in the JSON form as kube reads it into unstructured content (an apply
 * patch): no kind's typed rules, so a []byte field may be any string, checked later.
 */
export const decodeCborUnstructured = (bytes: Uint8Array): unknown => decodeCbor(bytes);

/** An answer as one self-described CBOR data item. */
export const encodeCborAnswer = (answer: unknown): Uint8Array => {
  const table = tableTypes(answer);
  return table === undefined ? encodeCborObject(answer, typeNameOf(answer), lookup) : encodeCborObject(answer, tableTypeName, table);
};

/** One event of an application/cbor-seq watch: a self-described {type, object} data item. */
export const encodeCborWatchEvent = (type: string, object: unknown): Uint8Array => {
  const table = tableTypes(object);
  return table === undefined ? encodeCborEvent(type, object, typeNameOf(object), lookup) : encodeCborEvent(type, object, tableTypeName, table);
};

const tableTypeName = 'capstan.cbor.Table';
const tableRowTypeName = 'capstan.cbor.TableRow';

/**
 * For a Table whose rows hold whole objects of a built-in kind (includeObject=Object), the types
 * that make their []byte fields go out under tag 22, as kube encodes each row's typed object.
 */
function tableTypes(answer: unknown): TypeLookup | undefined {
  const rows = fieldAt(answer, 'rows');
  if (fieldAt(answer, 'kind') !== 'Table' || !Array.isArray(rows)) return undefined;
  const objectType = typeNameOf(fieldAt(rows[0], 'object'));
  if (objectType === undefined) return undefined;
  const declarations = new Map<string, StructDeclaration>([
    [
      tableTypeName,
      { kind: 'struct', name: tableTypeName, description: '', fields: { rows: { schema: { type: 'list', items: { type: 'ref', name: tableRowTypeName } }, description: '' } } },
    ],
    [tableRowTypeName, { kind: 'struct', name: tableRowTypeName, description: '', fields: { object: { schema: { type: 'ref', name: objectType }, description: '' } } }],
  ]);
  return (name) => declarations.get(name) ?? lookup(name);
}
