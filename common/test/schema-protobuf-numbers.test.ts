import test from 'ava';
import { builtinTypes } from '../src/schema/builtin-types.ts';

/** Fields whose numbers the stored Kubernetes sources do not have. */
const unnumbered = new Set<string>();

test('every field has a Protobuf number (type meta aside), unique within its (embedded) message', (t) => {
  const missing: string[] = [];
  const clashes: string[] = [];
  for (const declaration of builtinTypes.values()) {
    if (declaration.kind !== 'struct') continue;
    const seen = new Map<string, string>();
    for (const [name, field] of Object.entries(declaration.fields)) {
      if (field.protobuf === undefined) {
        // Type meta travels outside the message; a kind's own apiVersion and kind fields are numbered.
        if (name === 'apiVersion' || name === 'kind') continue;
        if (!unnumbered.has(`${declaration.name}.${name}`)) missing.push(`${declaration.name}.${name}`);
        continue;
      }
      const path = [...(field.protobufEmbeddedIn === undefined ? [] : [field.protobufEmbeddedIn].flat()), field.protobuf].join('.');
      const other = seen.get(path);
      if (other !== undefined) clashes.push(`${declaration.name}: ${other} and ${name} are both ${path}`);
      seen.set(path, name);
    }
    // An embedded message's number is no field of its own.
    for (const [name, field] of Object.entries(declaration.fields)) {
      if (field.protobufEmbeddedIn !== undefined || field.protobuf === undefined) continue;
      if ([...seen.keys()].some((path) => path.startsWith(`${field.protobuf}.`)))
        clashes.push(`${declaration.name}: ${name} is ${field.protobuf}, the number of an embedded message`);
    }
  }
  t.deepEqual(missing, []);
  t.deepEqual(clashes, []);
});
