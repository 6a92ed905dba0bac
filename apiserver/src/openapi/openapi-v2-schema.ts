// A components/schemas entry of OpenAPI v3 rewritten as the Swagger 2.0 definition kube-apiserver
// publishes in /openapi/v2: references point into #/definitions/ and stand beside their siblings
// (no allOf wrapping), no defaults (kube publishes them in v3 only), and the scalars that v3
// writes as a oneOf of types (Quantity, IntOrString) are strings, which is how v2 carries them.

type Json = Record<string, unknown>;

const v3Prefix = '#/components/schemas/';
export const definitionRefPrefix = '#/definitions/';

export function openApiV2SchemaOf(schema: Json): Json {
  const v2: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    switch (key) {
      case 'default':
        break;
      case '$ref':
        v2.$ref = definitionRefPrefix + (value as string).slice(v3Prefix.length);
        break;
      case 'allOf': {
        // kube-openapi wraps a reference in allOf only to give it siblings; v2 allows them.
        const parts = value as Json[];
        if (parts.length === 1) Object.assign(v2, openApiV2SchemaOf(parts[0] as Json));
        else v2.allOf = parts.map(openApiV2SchemaOf);
        break;
      }
      case 'oneOf':
        v2.type = 'string';
        break;
      case 'items':
      case 'additionalProperties':
        v2[key] = typeof value === 'object' && value !== null ? openApiV2SchemaOf(value as Json) : value;
        break;
      case 'properties':
        v2.properties = Object.fromEntries(Object.entries(value as Json).map(([name, property]) => [name, openApiV2SchemaOf(property as Json)]));
        break;
      default:
        v2[key] = value;
    }
  }
  return v2;
}
