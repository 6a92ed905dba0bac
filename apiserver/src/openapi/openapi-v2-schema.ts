// A components/schemas entry of OpenAPI v3 rewritten as the Swagger 2.0 definition kube-apiserver
// publishes in /openapi/v2: references point into #/definitions/ and stand beside their siblings
// (no allOf wrapping), no defaults (kube publishes them in v3 only), and the scalars that v3
// writes as a oneOf of types (Quantity, IntOrString) are strings, which is how v2 carries them.

import { isJsonObject, isSingle, type JsonObject } from '@capstan/common';

const v3Prefix = '#/components/schemas/';
export const definitionRefPrefix = '#/definitions/';

export function openApiV2SchemaOf(schema: JsonObject): JsonObject {
  const v2: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    switch (key) {
      case 'default':
        break;
      case '$ref':
        v2.$ref = definitionRefPrefix + (value as string).slice(v3Prefix.length);
        break;
      case 'allOf': {
        // kube-openapi wraps a reference in allOf only to give it siblings; v2 allows them.
        const parts = Array.isArray(value) ? value.map(v2SchemaOf) : [];
        if (isSingle(parts)) Object.assign(v2, parts[0]);
        else v2.allOf = parts;
        break;
      }
      case 'oneOf':
        v2.type = 'string';
        break;
      case 'items':
      case 'additionalProperties':
        v2[key] = v2SchemaOf(value);
        break;
      case 'properties':
        v2.properties = isJsonObject(value) ? Object.fromEntries(Object.entries(value).map(([name, property]) => [name, v2SchemaOf(property)])) : value;
        break;
      default:
        v2[key] = value;
    }
  }
  return v2;
}

/** A schema inside a schema (of items, of a property), rewritten the same way. */
const v2SchemaOf = (value: unknown): unknown => (isJsonObject(value) ? openApiV2SchemaOf(value) : value);
