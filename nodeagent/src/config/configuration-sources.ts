// Where each field of the loaded configuration got its value: the --config file, a drop-in, a
// flag, or (absent) the defaults. Kept per declared field ("maxPods", "authentication.webhook.
// cacheTTL", "evictionHard" for a whole map), so that an invalid value is reported with the file
// or flag that set it.

import { isObject } from './check-fields.ts';
import type { StructField } from './field-kinds.ts';

export type ConfigurationSources = Map<string, string>;

/**
 * Records `source` for every declared field a document or merge patch sets; a null (a patch's
 * delete) forgets the field and everything under it, which then falls back to its default.
 */
export function recordSources(sources: ConfigurationSources, document: Readonly<Record<string, unknown>>, spec: StructField, source: string, prefix = ''): void {
  for (const [name, value] of Object.entries(document)) {
    const field = Object.hasOwn(spec.fields, name) ? spec.fields[name] : undefined;
    if (field === undefined) continue;
    const path = prefix === '' ? name : `${prefix}.${name}`;
    if (value === null) {
      for (const known of [...sources.keys()]) if (known === path || known.startsWith(`${path}.`)) sources.delete(known);
    } else if (field.kind === 'struct' && isObject(value)) {
      recordSources(sources, value, field, source, path);
    } else {
      sources.set(path, source);
    }
  }
}

/** The distinct sources of the given fields, skipping fields that hold their default. */
export function sourcesOf(sources: ConfigurationSources, fields: readonly string[]): string[] {
  const found = new Set<string>();
  for (const field of fields) {
    for (const [path, source] of sources) if (path === field || path.startsWith(`${field}.`) || field.startsWith(`${path}.`)) found.add(source);
  }
  return [...found];
}
