// A body in application/vnd.kubernetes.protobuf read into the object's JSON form: the envelope
// names the kind, whose declared message reads the raw bytes.

import { builtinTypes } from '../../schema/builtin-types.ts';
import type { JsonValue, StructDeclaration } from '../../schema/schema.ts';
import { decodeMessage, ProtobufDecodeError } from './decode-message.ts';
import { decodeUnknownEnvelope } from './unknown-envelope.ts';

/** "apps/v1/Deployment" -> the declared struct of that kind. */
let kindIndex: Map<string, StructDeclaration> | undefined;

export function declarationOfKind(apiVersion: string, kind: string): StructDeclaration | undefined {
  if (kindIndex === undefined) {
    kindIndex = new Map();
    for (const declaration of builtinTypes.values()) {
      if (declaration.kind !== 'struct') continue;
      for (const gvk of declaration.groupVersionKinds ?? []) {
        kindIndex.set(`${gvk.group === '' ? '' : `${gvk.group}/`}${gvk.version}/${gvk.kind}`, declaration);
      }
    }
  }
  return kindIndex.get(`${apiVersion}/${kind}`);
}

/** The object a Protobuf body holds, with its apiVersion and kind; throws for bodies that cannot be read. */
export function decodeProtobufObject(bytes: Uint8Array): { [key: string]: JsonValue } {
  const envelope = decodeUnknownEnvelope(bytes);
  if (envelope.contentEncoding !== '') throw new ProtobufDecodeError(`content encoding ${JSON.stringify(envelope.contentEncoding)} is not supported`);
  const declaration = declarationOfKind(envelope.apiVersion, envelope.kind);
  if (declaration === undefined) throw new ProtobufDecodeError(`no kind "${envelope.kind}" is registered for version "${envelope.apiVersion}"`);
  const fields = decodeMessage(envelope.raw, declaration.name, (name) => builtinTypes.get(name));
  return { kind: envelope.kind, apiVersion: envelope.apiVersion, ...fields };
}
