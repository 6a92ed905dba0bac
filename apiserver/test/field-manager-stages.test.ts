// The field manager's update in stages (a large write breaks between them) records exactly what
// the update at once records, and breaks where a large object's managedFields cost the most.

import test from 'ava';
import fc from 'fast-check';
import { builtinTypes } from '@capstan/common/schema';
import { FieldManager } from '../src/apply/field-manager.ts';
import { SchemaNodes } from '../src/apply/schema-nodes.ts';

const manager = new FieldManager({
  nodes: new SchemaNodes((name) => builtinTypes.get(name)),
  typeName: 'io.k8s.api.core.v1.ConfigMap',
  apiVersion: 'v1',
  subresource: '',
  hasStatus: false,
  now: () => new Date('2026-11-28T05:00:00Z'),
});

const configMap = fc.record(
  {
    metadata: fc.record(
      {
        name: fc.constant('c'),
        labels: fc.dictionary(fc.constantFrom('a', 'b', 'c'), fc.constantFrom('1', '2')),
        finalizers: fc.array(fc.constantFrom('x/a', 'x/b'), { maxLength: 2 }),
      },
      { requiredKeys: ['name'] },
    ),
    data: fc.dictionary(fc.constantFrom('k', 'l', 'm'), fc.constantFrom('v', 'w')),
    immutable: fc.boolean(),
  },
  { requiredKeys: ['metadata'] },
);

test('an update in stages records what the update at once records, create or not', async (t) => {
  await fc.assert(
    fc.asyncProperty(fc.option(configMap, { nil: undefined }), configMap, fc.constantFrom('kubectl', 'other'), async (before, after, name) => {
      const live = before === undefined ? undefined : manager.update(undefined, before, 'creator');
      let breaks = 0;
      const staged = await manager.updateWithBreaks(live, structuredClone(after), name, () => {
        breaks++;
        return Promise.resolve();
      });
      t.deepEqual(staged, manager.update(live, structuredClone(after), name));
      // Tracked: after the comparison, and before FieldsV1 is written.
      t.is(breaks, live === undefined || (live.metadata as { managedFields?: unknown }).managedFields !== undefined ? 2 : 0);
    }),
    { numRuns: 300 },
  );
});
