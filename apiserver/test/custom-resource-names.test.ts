// The names a CRD gets (kube's naming controller) and the printer-column paths of its Table, as
// functions; the CRD lifecycle over HTTP is in e2e/test/custom-resources.test.ts.

import test from 'ava';
import { decideNames } from '../src/customresources/crd-names.ts';
import { customResourceColumns } from '../src/customresources/custom-resource-columns.ts';
import { findPrinterColumnValues, parsePrinterColumnPath, printedValue } from '../src/customresources/printer-column-path.ts';

const names = { plural: 'crontabs', singular: 'crontab', shortNames: ['ct'], kind: 'CronTab', listKind: 'CronTabList' };
const established = { spec: { group: 'stable.example.com', names }, status: { acceptedNames: names } };

test('a CRD alone in its group gets the names it asks for', (t) => {
  const decision = decideNames({ spec: { names } }, []);
  t.deepEqual(decision.acceptedNames, names);
  t.deepEqual(decision.condition, { type: 'NamesAccepted', status: 'True', reason: 'NoConflicts', message: 'no conflicts found' });
});

test('names another CRD of the group holds are refused, and the condition tells the last conflict, as kube-apiserver 1.35 does', (t) => {
  // Checked against kube-apiserver 1.35.4: crons.stable.example.com asking for kind CronTab and short name ct.
  const crons = { spec: { names: { plural: 'crons', singular: 'cron', kind: 'CronTab', listKind: 'CronTabList', shortNames: ['ct', 'cr'] } } };
  const decision = decideNames(crons, [established]);
  t.deepEqual(decision.acceptedNames, { plural: 'crons', singular: 'cron', kind: '' });
  t.deepEqual(decision.condition, { type: 'NamesAccepted', status: 'False', reason: 'ListKindConflict', message: '"CronTabList" is already in use' });
  const shortOnly = decideNames({ spec: { names: { plural: 'crons', kind: 'Cron', shortNames: ['ct', 'crontab'] } } }, [established]);
  t.deepEqual(shortOnly.condition, { type: 'NamesAccepted', status: 'False', reason: 'ShortNamesConflict', message: '["ct" is already in use, "crontab" is already in use]' });
  // A name the CRD already holds stays its own even if another CRD claims it since.
  const holding = decideNames({ spec: { names }, status: { acceptedNames: names } }, [established]);
  t.is(holding.condition.status, 'True');
});

test('printer columns read simple JSONPaths, filters included, and type their cells as kube does', (t) => {
  const object = {
    metadata: { name: 'x', creationTimestamp: '2026-01-01T00:00:00Z' },
    spec: { replicas: 3.7, tags: ['a', 'b'], on: true },
    status: { conditions: [{ type: 'Ready', status: 'True' }] },
  };
  const steps = parsePrinterColumnPath('.status.conditions[?(@.type=="Ready")].status');
  t.deepEqual(steps === undefined ? undefined : findPrinterColumnValues(steps, object), ['True']);
  t.is(printedValue(['a', 'b']), '[a b]');
  t.is(printedValue({ b: 1, a: 'x' }), 'map[a:x b:1]');
  const columns = customResourceColumns([
    { name: 'Replicas', type: 'integer', jsonPath: '.spec.replicas' },
    { name: 'Tags', type: 'string', jsonPath: '.spec.tags' },
    { name: 'On', type: 'boolean', jsonPath: '.spec.on' },
    { name: 'Missing', type: 'string', jsonPath: '.spec.nothing' },
    { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
  ]);
  t.deepEqual(
    columns.definitions.map((d) => [d.name, d.type, d.description]),
    [
      ['Name', 'string', columns.definitions[0]?.description],
      ['Replicas', 'integer', 'Custom resource definition column (in JSONPath format): .spec.replicas'],
      ['Tags', 'string', 'Custom resource definition column (in JSONPath format): .spec.tags'],
      ['On', 'boolean', 'Custom resource definition column (in JSONPath format): .spec.on'],
      ['Missing', 'string', 'Custom resource definition column (in JSONPath format): .spec.nothing'],
      ['Age', 'date', 'Custom resource definition column (in JSONPath format): .metadata.creationTimestamp'],
    ],
  );
  t.deepEqual(columns.cells(object, Date.parse('2026-01-01T00:05:00Z')), ['x', 3, '[a b]', true, null, '5m']);
  // No printer columns: Name and Age.
  t.deepEqual(
    customResourceColumns([]).definitions.map((d) => d.name),
    ['Name', 'Age'],
  );
});
