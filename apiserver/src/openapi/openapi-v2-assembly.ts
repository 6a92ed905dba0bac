// The /openapi/v2 document encoded from parts whose entries are each encoded once: when a
// CustomResourceDefinition comes or goes, only its own paths and definitions are encoded, and the
// built-in resources' (more than a megabyte, a tenth of a second of Protobuf) are reused as they
// are, spliced into the JSON text and the Protobuf bytes in the document's order.

import { mergedEntries, type OpenApiV2Parts } from './openapi-v2-document.ts';
import type { OpenApiV2Section } from './openapi-v2-protobuf.ts';

type Json = Record<string, unknown>;
type ProtobufModule = typeof import('./openapi-v2-protobuf.ts');

/** A part with the encodings of its entries, made on first use. */
export class EncodedV2Part implements OpenApiV2Parts {
  readonly paths: Readonly<Record<string, Json>>;
  readonly definitions: Readonly<Record<string, Json>>;
  readonly #json = new Map<string, string>();
  readonly #protobuf = new Map<string, Uint8Array>();

  constructor(parts: OpenApiV2Parts) {
    this.paths = parts.paths;
    this.definitions = parts.definitions;
  }

  /** `"name":value`, as the entry stands in its section's JSON object. */
  json(section: OpenApiV2Section, name: string): string {
    const key = `${section}/${name}`;
    let text = this.#json.get(key);
    if (text === undefined) {
      text = `${JSON.stringify(name)}:${JSON.stringify(this[section][name])}`;
      this.#json.set(key, text);
    }
    return text;
  }

  protobuf(section: OpenApiV2Section, name: string, codec: ProtobufModule): Uint8Array {
    const key = `${section}/${name}`;
    let bytes = this.#protobuf.get(key);
    if (bytes === undefined) {
      bytes = codec.encodeOpenApiV2Entry(section, name, this[section][name] as Json);
      this.#protobuf.set(key, bytes);
    }
    return bytes;
  }
}

/** The JSON text of the document the frame (openApiV2Frame) and the parts make. */
export function assembledJson(frame: Json, parts: readonly EncodedV2Part[]): string {
  const { swagger, info, ...after } = frame;
  const section = (name: OpenApiV2Section): string =>
    mergedEntries(parts, name)
      .map(([key, part]) => part.json(name, key))
      .join(',');
  return `${JSON.stringify({ swagger, info }).slice(0, -1)},"paths":{${section('paths')}},"definitions":{${section('definitions')}},${JSON.stringify(after).slice(1)}`;
}

/** The same document as gnostic's Protobuf message. */
export async function assembledProtobuf(frame: Json, parts: readonly EncodedV2Part[]): Promise<Uint8Array> {
  const codec = await import('./openapi-v2-protobuf.ts');
  const section = (name: OpenApiV2Section): Uint8Array[] => mergedEntries(parts, name).map(([key, part]) => part.protobuf(name, key, codec));
  return codec.encodeOpenApiV2Assembled(frame, { paths: section('paths'), definitions: section('definitions') });
}
