// The /openapi/v2 document as the Protobuf message kubectl asks for: gnostic's openapi.v2.Document
// (openapiv2/OpenAPIv2.proto), of which only the messages and fields kube-apiserver's document
// uses are declared here, by their field numbers. As gnostic does, maps become repeated
// (name, value) pairs in the JSON's order, and every free-form value (vendor extensions, enum
// values, defaults) an Any holding its YAML text, here written as JSON, which is YAML too.

import protobuf from 'protobufjs/light.js';
import { isPlainObject } from '../patch/merge-patch.ts';

type Json = Record<string, unknown>;
type Fields = Record<string, { readonly id: number; readonly type: string; readonly rule?: 'repeated' }>;

const one = (id: number, type: string) => ({ id, type });
const many = (id: number, type: string) => ({ id, type, rule: 'repeated' as const });
const named = (value: string): Fields => ({ name: one(1, 'string'), value: one(2, value) });
const extensions = (id: number) => ({ vendorExtension: many(id, 'NamedAny') });
const queryOrPathFields = (shift: number): Fields => ({
  required: one(1, 'bool'),
  in: one(2, 'string'),
  description: one(3, 'string'),
  name: one(4, 'string'),
  type: one(5 + shift, 'string'),
  format: one(6 + shift, 'string'),
  uniqueItems: one(19 + shift, 'bool'),
});

const messages: Record<string, Fields> = {
  Document: {
    swagger: one(1, 'string'),
    info: one(2, 'Info'),
    host: one(3, 'string'),
    basePath: one(4, 'string'),
    schemes: many(5, 'string'),
    consumes: many(6, 'string'),
    produces: many(7, 'string'),
    paths: one(8, 'Paths'),
    definitions: one(9, 'Definitions'),
    parameters: one(10, 'ParameterDefinitions'),
    security: many(12, 'SecurityRequirement'),
    securityDefinitions: one(13, 'SecurityDefinitions'),
    ...extensions(16),
  },
  Info: { title: one(1, 'string'), version: one(2, 'string'), description: one(3, 'string'), ...extensions(7) },
  Any: { yaml: one(2, 'string') },
  NamedAny: named('Any'),
  Paths: { ...extensions(1), path: many(2, 'NamedPathItem') },
  NamedPathItem: named('PathItem'),
  PathItem: {
    ref: one(1, 'string'),
    get: one(2, 'Operation'),
    put: one(3, 'Operation'),
    post: one(4, 'Operation'),
    delete: one(5, 'Operation'),
    options: one(6, 'Operation'),
    head: one(7, 'Operation'),
    patch: one(8, 'Operation'),
    parameters: many(9, 'ParametersItem'),
    ...extensions(10),
  },
  Operation: {
    tags: many(1, 'string'),
    summary: one(2, 'string'),
    description: one(3, 'string'),
    operationId: one(5, 'string'),
    produces: many(6, 'string'),
    consumes: many(7, 'string'),
    parameters: many(8, 'ParametersItem'),
    responses: one(9, 'Responses'),
    schemes: many(10, 'string'),
    deprecated: one(11, 'bool'),
    ...extensions(13),
  },
  ParametersItem: { parameter: one(1, 'Parameter'), jsonReference: one(2, 'JsonReference') },
  JsonReference: { ref: one(1, 'string'), description: one(2, 'string') },
  Parameter: { bodyParameter: one(1, 'BodyParameter'), nonBodyParameter: one(2, 'NonBodyParameter') },
  BodyParameter: { description: one(1, 'string'), name: one(2, 'string'), in: one(3, 'string'), required: one(4, 'bool'), schema: one(5, 'Schema'), ...extensions(6) },
  NonBodyParameter: { queryParameterSubSchema: one(3, 'QueryParameterSubSchema'), pathParameterSubSchema: one(4, 'PathParameterSubSchema') },
  // The query form has allow_empty_value as its field 5, which moves the fields after it by one.
  QueryParameterSubSchema: { ...queryOrPathFields(1), allowEmptyValue: one(5, 'bool'), ...extensions(23) },
  PathParameterSubSchema: { ...queryOrPathFields(0), ...extensions(22) },
  Responses: { responseCode: many(1, 'NamedResponseValue'), ...extensions(2) },
  NamedResponseValue: named('ResponseValue'),
  ResponseValue: { response: one(1, 'Response'), jsonReference: one(2, 'JsonReference') },
  Response: { description: one(1, 'string'), schema: one(2, 'SchemaItem'), ...extensions(5) },
  SchemaItem: { schema: one(1, 'Schema') },
  Schema: {
    ref: one(1, 'string'),
    format: one(2, 'string'),
    title: one(3, 'string'),
    description: one(4, 'string'),
    default: one(5, 'Any'),
    multipleOf: one(6, 'double'),
    maximum: one(7, 'double'),
    exclusiveMaximum: one(8, 'bool'),
    minimum: one(9, 'double'),
    exclusiveMinimum: one(10, 'bool'),
    maxLength: one(11, 'int64'),
    minLength: one(12, 'int64'),
    pattern: one(13, 'string'),
    maxItems: one(14, 'int64'),
    minItems: one(15, 'int64'),
    uniqueItems: one(16, 'bool'),
    maxProperties: one(17, 'int64'),
    minProperties: one(18, 'int64'),
    required: many(19, 'string'),
    enum: many(20, 'Any'),
    additionalProperties: one(21, 'AdditionalPropertiesItem'),
    type: one(22, 'TypeItem'),
    items: one(23, 'ItemsItem'),
    allOf: many(24, 'Schema'),
    properties: one(25, 'Properties'),
    discriminator: one(26, 'string'),
    readOnly: one(27, 'bool'),
    example: one(30, 'Any'),
    ...extensions(31),
  },
  AdditionalPropertiesItem: { schema: one(1, 'Schema'), boolean: one(2, 'bool') },
  TypeItem: { value: many(1, 'string') },
  ItemsItem: { schema: many(1, 'Schema') },
  Properties: { additionalProperties: many(1, 'NamedSchema') },
  NamedSchema: named('Schema'),
  Definitions: { additionalProperties: many(1, 'NamedSchema') },
  ParameterDefinitions: { additionalProperties: many(1, 'NamedParameter') },
  NamedParameter: named('Parameter'),
  SecurityRequirement: { additionalProperties: many(1, 'NamedStringArray') },
  NamedStringArray: named('StringArray'),
  StringArray: { value: many(1, 'string') },
  SecurityDefinitions: { additionalProperties: many(1, 'NamedSecurityDefinitionsItem') },
  NamedSecurityDefinitionsItem: named('SecurityDefinitionsItem'),
  SecurityDefinitionsItem: { apiKeySecurity: one(2, 'ApiKeySecurity') },
  ApiKeySecurity: { type: one(1, 'string'), name: one(2, 'string'), in: one(3, 'string'), description: one(4, 'string'), ...extensions(5) },
};

/** The declared messages, package openapi.v2. */
export const openApiV2Messages: protobuf.Root = protobuf.Root.fromJSON({
  nested: { openapi: { nested: { v2: { nested: Object.fromEntries(Object.entries(messages).map(([name, fields]) => [name, { fields }])) } } } },
});

const documentType = openApiV2Messages.lookupType('openapi.v2.Document');

export function encodeOpenApiV2Document(document: Json): Uint8Array {
  return documentType.encode(documentMessage(document)).finish();
}

/** The sections of the document that are maps of many entries: paths and definitions. */
export type OpenApiV2Section = 'paths' | 'definitions';

// Each section is a message of one repeated (name, value) field: Paths' path (2), Definitions' additional_properties (1).
const sectionFields: Readonly<Record<OpenApiV2Section, { readonly document: number; readonly entries: number; readonly type: protobuf.Type }>> = {
  paths: { document: 8, entries: 2, type: openApiV2Messages.lookupType('openapi.v2.NamedPathItem') },
  definitions: { document: 9, entries: 1, type: openApiV2Messages.lookupType('openapi.v2.NamedSchema') },
};
const lengthDelimited = (field: number): number => (field << 3) | 2;

/**
 * One entry of a section, encoded as it stands in the section's message (its field's tag and
 * length first): entries encoded once can be put together into documents without encoding again.
 */
export function encodeOpenApiV2Entry(section: OpenApiV2Section, name: string, value: Json): Uint8Array {
  const { entries, type } = sectionFields[section];
  const message = { name, value: section === 'paths' ? pathItemMessage(value) : schemaMessage(value) };
  const writer = protobuf.Writer.create().uint32(lengthDelimited(entries));
  return type.encodeDelimited(message, writer).finish();
}

/**
 * The document whose paths and definitions are the entries given (from encodeOpenApiV2Entry),
 * in its fields' order: what comes before the paths, the two sections, what follows them.
 */
export function encodeOpenApiV2Assembled(frame: Json, sections: Readonly<Record<OpenApiV2Section, readonly Uint8Array[]>>): Uint8Array {
  const { swagger, info, ...after } = frame;
  const writer = protobuf.Writer.create();
  for (const section of ['paths', 'definitions'] as const) writer.uint32(lengthDelimited(sectionFields[section].document)).bytes(Buffer.concat(sections[section]));
  return Buffer.concat([documentType.encode(documentMessage({ swagger, info })).finish(), writer.finish(), documentType.encode(documentMessage(after)).finish()]);
}

const anyOf = (value: unknown): Json => ({ yaml: `${JSON.stringify(value)}\n` });
/** Where OpenAPI v2 has an object, the document (the server's own) holds one; anything else is a bug to report. */
function objectIn(value: unknown): Json {
  if (!isPlainObject(value)) throw new Error(`openapi v2 protobuf: an object was expected, not ${JSON.stringify(value)}`);
  return value;
}
function objectsIn(value: unknown): Json[] {
  if (!Array.isArray(value)) throw new Error(`openapi v2 protobuf: a list was expected, not ${JSON.stringify(value)}`);
  return value.map(objectIn);
}
const pairs = <T>(map: unknown, value: (v: unknown) => T): { name: string; value: T }[] =>
  Object.entries(map === undefined || map === null ? {} : objectIn(map)).map(([name, v]) => ({ name, value: value(v) }));

/** A JSON object's fields as a message's: the known ones renamed or converted, x-* as vendor extensions. */
function messageOf(json: Json, known: Readonly<Record<string, (value: unknown) => [string, unknown]>>): Json {
  const message: Json = {};
  const vendorExtension: Json[] = [];
  for (const [key, value] of Object.entries(json)) {
    const convert = known[key];
    if (convert !== undefined) {
      const [field, converted] = convert(value);
      message[field] = converted;
    } else if (key.startsWith('x-')) vendorExtension.push({ name: key, value: anyOf(value) });
    else throw new Error(`openapi v2 protobuf: no field for "${key}"`);
  }
  if (vendorExtension.length > 0) message.vendorExtension = vendorExtension;
  return message;
}

const same =
  (field: string) =>
  (value: unknown): [string, unknown] => [field, value];

function documentMessage(document: Json): Json {
  return messageOf(document, {
    swagger: same('swagger'),
    info: (info) => ['info', messageOf(objectIn(info), { title: same('title'), version: same('version'), description: same('description') })],
    paths: (paths) => ['paths', { path: pairs(paths, (item) => pathItemMessage(objectIn(item))) }],
    definitions: (definitions) => ['definitions', { additionalProperties: pairs(definitions, (schema) => schemaMessage(objectIn(schema))) }],
    parameters: (parameters) => ['parameters', { additionalProperties: pairs(parameters, (parameter) => parameterMessage(objectIn(parameter))) }],
    securityDefinitions: (definitions) => ['securityDefinitions', { additionalProperties: pairs(definitions, (item) => ({ apiKeySecurity: item })) }],
    security: (requirements) => ['security', objectsIn(requirements).map((requirement) => ({ additionalProperties: pairs(requirement, (scopes) => ({ value: scopes })) }))],
  });
}

function pathItemMessage(item: Json): Json {
  const operation =
    (method: string) =>
    (value: unknown): [string, unknown] => [method, operationMessage(objectIn(value))];
  return messageOf(item, {
    get: operation('get'),
    put: operation('put'),
    post: operation('post'),
    delete: operation('delete'),
    options: operation('options'),
    head: operation('head'),
    patch: operation('patch'),
    parameters: (parameters) => ['parameters', objectsIn(parameters).map(parametersItemMessage)],
  });
}

function operationMessage(operation: Json): Json {
  return messageOf(operation, {
    tags: same('tags'),
    summary: same('summary'),
    description: same('description'),
    operationId: same('operationId'),
    produces: same('produces'),
    consumes: same('consumes'),
    schemes: same('schemes'),
    deprecated: same('deprecated'),
    parameters: (parameters) => ['parameters', objectsIn(parameters).map(parametersItemMessage)],
    responses: (responses) => ['responses', { responseCode: pairs(responses, (response) => ({ response: responseMessage(objectIn(response)) })) }],
  });
}

function responseMessage(response: Json): Json {
  return messageOf(response, { description: same('description'), schema: (schema) => ['schema', { schema: schemaMessage(objectIn(schema)) }] });
}

function parametersItemMessage(item: Json): Json {
  return typeof item.$ref === 'string' ? { jsonReference: { ref: item.$ref } } : { parameter: parameterMessage(item) };
}

function parameterMessage(parameter: Json): Json {
  const scalar = {
    required: same('required'),
    in: same('in'),
    description: same('description'),
    name: same('name'),
    type: same('type'),
    format: same('format'),
    uniqueItems: same('uniqueItems'),
  };
  switch (parameter.in) {
    case 'body':
      return { bodyParameter: messageOf(parameter, { ...scalar, schema: (schema) => ['schema', schemaMessage(objectIn(schema))] }) };
    case 'path':
      return { nonBodyParameter: { pathParameterSubSchema: messageOf(parameter, scalar) } };
    case 'query':
      return { nonBodyParameter: { queryParameterSubSchema: messageOf(parameter, scalar) } };
    default:
      throw new Error(`openapi v2 protobuf: no parameter form for in=${String(parameter.in)}`);
  }
}

function schemaMessage(schema: Json): Json {
  return messageOf(schema, {
    $ref: same('ref'),
    format: same('format'),
    title: same('title'),
    description: same('description'),
    default: (value) => ['default', anyOf(value)],
    // The value validations a custom kind's schema may carry.
    ...Object.fromEntries(
      [
        'multipleOf',
        'maximum',
        'exclusiveMaximum',
        'minimum',
        'exclusiveMinimum',
        'maxLength',
        'minLength',
        'pattern',
        'maxItems',
        'minItems',
        'uniqueItems',
        'maxProperties',
        'minProperties',
      ].map((field) => [field, same(field)]),
    ),
    required: same('required'),
    enum: (values) => ['enum', (values as unknown[]).map(anyOf)],
    additionalProperties: (value) => ['additionalProperties', typeof value === 'boolean' ? { boolean: value } : { schema: schemaMessage(objectIn(value)) }],
    type: (type) => ['type', { value: [type] }],
    items: (items) => ['items', { schema: [schemaMessage(objectIn(items))] }],
    allOf: (parts) => ['allOf', objectsIn(parts).map(schemaMessage)],
    properties: (properties) => ['properties', { additionalProperties: pairs(properties, (schema) => schemaMessage(objectIn(schema))) }],
  });
}
