// The TypeScript interfaces of the declared types, one module per Go package (core/v1 -> core-v1.ts):
// the text that scripts/generate-api-types.ts writes to common/src/api-types and a test checks.

import type { FieldDeclaration, JsonValue, OpaqueDeclaration, Schema, StructDeclaration, TypeDeclaration } from './schema.ts';

/** The folder the modules are written to, from the repository's root. */
export const apiTypesFolder = 'common/src/api-types';

const maxLineWidth = 180;

/** Module file name (without folder) -> its text, for every Go package the declarations span. */
export function typeScriptModules(types: Iterable<TypeDeclaration>): Map<string, string> {
  const byModule = new Map<string, TypeDeclaration[]>();
  for (const type of types) {
    const module = moduleOf(type.name);
    const list = byModule.get(module);
    if (list) list.push(type);
    else byModule.set(module, [type]);
  }
  const modules = new Map<string, string>();
  for (const [module, declared] of [...byModule].sort(([a], [b]) => (a < b ? -1 : 1))) modules.set(`${module}.ts`, moduleText(module, declared));
  return modules;
}

/**
 * The module of a schema name, after its Go package: io.k8s.api.core.v1.Pod -> core-v1,
 * io.k8s.apimachinery.pkg.apis.meta.v1.Time -> meta-v1, io.k8s.apimachinery.pkg.api.resource.Quantity
 * -> api-resource, io.k8s.kube-aggregator.pkg.apis.apiregistration.v1.APIService -> apiregistration-v1.
 */
function moduleOf(schemaName: string): string {
  const goPackage = schemaName.slice(0, schemaName.lastIndexOf('.'));
  for (const marker of ['.pkg.apis.', '.pkg.']) {
    const at = goPackage.indexOf(marker);
    if (at >= 0) return goPackage.slice(at + marker.length).replaceAll('.', '-');
  }
  if (goPackage.startsWith('io.k8s.api.')) return goPackage.slice('io.k8s.api.'.length).replaceAll('.', '-');
  throw new Error(`${schemaName}: no module for its package`);
}

const shortName = (schemaName: string): string => schemaName.slice(schemaName.lastIndexOf('.') + 1);

/** The name a type of another module is imported as where its own name is taken: CoreV1EventSeries. */
function qualifiedName(schemaName: string): string {
  const module = moduleOf(schemaName).replace(/(^|-)([a-z0-9])/g, (_, _dash: string, letter: string) => letter.toUpperCase());
  return `${module}${shortName(schemaName)}`;
}

function moduleText(module: string, types: readonly TypeDeclaration[]): string {
  const local = new Set(types.map((type) => shortName(type.name)));
  // The name each referenced schema goes by in this module, and what to import.
  const names = new Map<string, string>();
  const imports = new Map<string, Map<string, string>>();
  const nameOf = (schemaName: string): string => {
    const known = names.get(schemaName);
    if (known) return known;
    const other = moduleOf(schemaName);
    let name = shortName(schemaName);
    if (other !== module) {
      const taken = local.has(name) || [...names.values()].includes(name);
      const imported = name;
      if (taken) name = qualifiedName(schemaName);
      const specifiers = imports.get(other) ?? new Map<string, string>();
      specifiers.set(name, imported === name ? name : `${imported} as ${name}`);
      imports.set(other, specifiers);
    }
    names.set(schemaName, name);
    return name;
  };
  for (const type of types) nameOf(type.name);

  const body = types.map((type) => (type.kind === 'struct' ? structText(type, nameOf) : opaqueText(type))).join('\n');
  const head = [
    `// The types of ${types[0]!.name.slice(0, types[0]!.name.lastIndexOf('.'))}, generated from their declarations in`,
    '// common/src/schema/types by scripts/generate-api-types.ts: do not edit, run that script instead.',
    '',
  ];
  const importLines = [...imports].sort(([a], [b]) => (a < b ? -1 : 1)).map(([from, specifiers]) => importText([...specifiers.values()].sort(compareSpecifiers), `./${from}.ts`));
  if (importLines.length > 0) head.push(...importLines, '');
  return `${head.join('\n')}\n${body}`;
}

// Biome's order of named imports: by name, upper case before lower case at the first difference.
function compareSpecifiers(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function importText(specifiers: readonly string[], from: string): string {
  const line = `import type { ${specifiers.join(', ')} } from '${from}';`;
  if (line.length <= maxLineWidth) return line;
  return `import type {\n${specifiers.map((specifier) => `  ${specifier},\n`).join('')}} from '${from}';`;
}

function structText(type: StructDeclaration, nameOf: (schemaName: string) => string): string {
  const fields = Object.entries(type.fields);
  if (fields.length === 0) return `${docComment(type.description, '')}\nexport interface ${nameOf(type.name)} {}\n`;
  const lines = [docComment(type.description, ''), `export interface ${nameOf(type.name)} {`];
  for (const [name, field] of fields) {
    lines.push(docComment(field.description, '  '));
    lines.push(`  readonly ${propertyName(name)}${field.required ? '' : '?'}: ${fieldType(field, nameOf)};`);
  }
  lines.push('}', '');
  return lines.join('\n');
}

/**
 * A Time that is no pointer is written as null at its zero (metav1.Time's MarshalJSON: omitempty
 * does not omit a struct), as in `creationTimestamp: null`.
 */
function fieldType(field: FieldDeclaration, nameOf: (schemaName: string) => string): string {
  const type = schemaType(field.schema, nameOf);
  const { schema } = field;
  const isTime = schema.type === 'ref' && (schema.name.endsWith('.meta.v1.Time') || schema.name.endsWith('.meta.v1.MicroTime'));
  return isTime && !field.pointer ? `${type} | null` : type;
}

/** The TypeScript type of a JSON Schema type that is no list, map or ref; undefined for others. */
function jsonType(type: JsonValue | undefined): string | undefined {
  switch (type) {
    case 'string':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'object':
      return '{ readonly [key: string]: unknown }';
    default:
      return undefined;
  }
}

function schemaType(schema: Schema, nameOf: (schemaName: string) => string): string {
  switch (schema.type) {
    case 'string':
    case 'integer':
    case 'number':
    case 'boolean':
    case 'object':
      return jsonType(schema.type) ?? 'unknown';
    case 'list': {
      const items = schemaType(schema.items, nameOf);
      return `readonly ${items.includes(' ') ? `(${items})` : items}[]`;
    }
    case 'map':
      return `Readonly<Record<string, ${schemaType(schema.values, nameOf)}>>`;
    case 'ref':
      return nameOf(schema.name);
  }
}

/** An opaque type is its JSON: Time a string, Quantity a string or a number, RawExtension any object. */
function opaqueText(type: OpaqueDeclaration): string {
  return `${docComment(type.description, '')}\nexport type ${shortName(type.name)} = ${openApiType(type.openApi)};\n`;
}

function openApiType(schema: JsonValue): string {
  if (!isJsonObject(schema)) return 'unknown';
  const { oneOf } = schema;
  if (Array.isArray(oneOf)) return oneOf.map(openApiType).join(' | ');
  return jsonType(schema.type) ?? 'unknown';
}

function isJsonObject(value: JsonValue | undefined): value is { readonly [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function propertyName(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : `'${name}'`;
}

function docComment(text: string, indent: string): string {
  return `${indent}/** ${text.replaceAll('*/', '*\\/').replaceAll('\n', ' ')} */`;
}
