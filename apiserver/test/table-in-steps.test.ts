// A Table of more than 250 objects (kubectl get of a large list) is converted and written a part
// at a time: it must be the Table of the same objects listed in pages of 250, each converted in
// one piece, row for row.

import test from 'ava';
import { startApiServerChild, type ApiServerChild } from '../../common/test/api-server-child.ts';
import { tableRowsPerTurn } from '../src/endpoints/table-in-steps.ts';

let server: ApiServerChild | undefined;
test.before(async () => {
  server = await startApiServerChild({ prefix: 'capstan-table-steps-' });
});
test.after.always(() => server?.stop());

const table = 'application/json;as=Table;v=v1;g=meta.k8s.io';

interface Table {
  kind: string;
  apiVersion: string;
  metadata: { resourceVersion?: string; continue?: string };
  columnDefinitions: { name: string }[];
  rows: { cells: unknown[]; object: { metadata: { name: string } } }[];
}

async function getTable(path: string, accept = table): Promise<Table> {
  const response = await fetch(`${(server as ApiServerChild).url}${path}`, { headers: { accept } });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Table;
}

test('a Table of 2,550 ConfigMaps is the Table of its pages of 250, row for row', async (t) => {
  t.timeout(300_000);
  const url = (server as ApiServerChild).url;
  const count = 10 * tableRowsPerTurn + 50;
  await fetch(`${url}/api/v1/namespaces`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ metadata: { name: 'many' } }) });
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let n = next++; n < count; n = next++) {
        const body = JSON.stringify({
          metadata: { name: `cm-${String(n).padStart(4, '0')}`, labels: { n: String(n) } },
          data: Object.fromEntries(Array.from({ length: n % 3 }, (_, i) => [`k${i}`, 'v'])),
        });
        const created = await fetch(`${url}/api/v1/namespaces/many/configmaps`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        if (created.status !== 201) throw new Error(`create ${n}: ${created.status}`);
      }
    }),
  );
  const whole = await getTable('/api/v1/namespaces/many/configmaps');
  const pages: Table[] = [];
  for (let token = ''; ; ) {
    const page = await getTable(`/api/v1/namespaces/many/configmaps?limit=${tableRowsPerTurn}${token === '' ? '' : `&continue=${encodeURIComponent(token)}`}`);
    pages.push(page);
    token = page.metadata.continue ?? '';
    if (token === '') break;
  }
  t.is(pages.length, 11);
  t.like(whole, { kind: 'Table', apiVersion: 'meta.k8s.io/v1' });
  t.deepEqual(whole.columnDefinitions, pages[0]!.columnDefinitions);
  t.is(whole.rows.length, count);
  // Name and Data; the Age is taken as each row is rendered.
  const shown = (rows: Table['rows']) => rows.map((row) => ({ cells: row.cells.slice(0, 2), object: row.object }));
  t.deepEqual(shown(whole.rows), shown(pages.flatMap((page) => page.rows)));
  // v1beta1 and includeObject=None take the same way.
  const beta = await getTable('/api/v1/namespaces/many/configmaps?includeObject=None', 'application/json;as=Table;v=v1beta1;g=meta.k8s.io');
  t.is(beta.apiVersion, 'meta.k8s.io/v1beta1');
  t.is(beta.rows.length, count);
  t.false(beta.rows.some((row) => 'object' in row));
});
