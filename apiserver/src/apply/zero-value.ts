// The Go zero value of a kind as kube's field manager compares a new object with it: the structs
// its type holds by value (not through a pointer: Go's JSON always writes those) are there, empty,
// the other fields Go always writes (the required ones: no omitempty) are null, and nothing else is
// there. What a
// create adds is measured against this, so those fields are not owned as new containers.

import type { TypeLookup } from '@capstan/common/schema';

export function zeroValueOf(typeName: string, lookup: TypeLookup): Record<string, unknown> {
  const declaration = lookup(typeName);
  const zero: Record<string, unknown> = {};
  if (declaration?.kind !== 'struct') return zero;
  for (const [name, field] of Object.entries(declaration.fields)) {
    const schema = field.schema;
    const byValue = schema.type === 'ref' && field.pointer !== true && lookup(schema.name)?.kind === 'struct';
    if (byValue) zero[name] = zeroValueOf(schema.name, lookup);
    else if (field.required === true) zero[name] = null;
  }
  return zero;
}
