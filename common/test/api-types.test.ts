import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import test from 'ava';
import { builtinTypes } from '../src/schema/builtin-types.ts';
import { apiName, field, int32, ref, struct } from '../src/schema/schema.ts';
import { typeScriptModules } from '../src/schema/typescript-types.ts';

const folder = join(import.meta.dirname, '..', 'src', 'api-types');
const regenerate = 'run node_modules/.bin/node scripts/generate-api-types.ts';

test('the committed api-types are the ones the declarations generate', (t) => {
  const modules = typeScriptModules(builtinTypes.values());
  t.deepEqual(readdirSync(folder).sort(), [...modules.keys()].sort(), `the modules differ: ${regenerate}`);
  for (const [file, text] of modules) t.is(readFileSync(join(folder, file), 'utf8'), text, `${file} differs from the declarations: ${regenerate}`);
});

test('a type of another module whose name is taken here is imported under its module name', (t) => {
  const modules = typeScriptModules([
    struct(apiName('events', 'v1', 'Event'), 'An event.', { series: field(1, ref(apiName('events', 'v1', 'EventSeries')), 'Its series.') }),
    struct(apiName('events', 'v1', 'EventSeries'), 'A series.', {
      count: field(1, int32(), 'How many.', { required: true }),
      core: field(2, ref(apiName('core', 'v1', 'EventSeries')), 'The core one.'),
    }),
    struct(apiName('core', 'v1', 'EventSeries'), 'The core series.', {}),
  ]);
  t.deepEqual([...modules.keys()], ['core-v1.ts', 'events-v1.ts']);
  const events = modules.get('events-v1.ts') ?? '';
  t.true(events.includes("import type { EventSeries as CoreV1EventSeries } from './core-v1.ts';"));
  t.true(events.includes('  readonly series?: EventSeries;\n'));
  t.true(events.includes('  readonly count: number;\n'));
  t.true(events.includes('  readonly core?: CoreV1EventSeries;\n'));
  t.true(modules.get('core-v1.ts')?.includes('export interface EventSeries {}\n'));
});

test('a Time that is no pointer may be null, as Go writes its zero', (t) => {
  const meta = typeScriptModules(builtinTypes.values()).get('meta-v1.ts') ?? '';
  t.regex(meta, /readonly creationTimestamp\?: Time \| null;/);
  t.regex(meta, /readonly deletionTimestamp\?: Time;/);
});
