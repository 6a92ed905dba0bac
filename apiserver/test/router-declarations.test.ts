// The resource router dispatches on what the declarations say (a subresource's endpoint, a
// virtual resource's kind), never on a resource's name: adding a resource is a declaration.

import test from 'ava';
import { readFileSync } from 'node:fs';
import { builtinResources } from '../src/resources/builtin-resources.ts';

test('the resource router names no resource', (t) => {
  const router = readFileSync(new URL('../src/endpoints/resource-router.ts', import.meta.url), 'utf8');
  const named = builtinResources.map((definition) => definition.resource).filter((resource) => router.includes(`'${resource}'`));
  t.deepEqual(named, []);
});

test('every resource that is never stored says what answers it, and only those', (t) => {
  for (const definition of builtinResources) {
    t.is(definition.virtual === undefined, definition.storagePrefix !== undefined, definition.resource);
  }
});
