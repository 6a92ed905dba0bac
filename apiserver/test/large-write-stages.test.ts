// One heavy write must not stall everyone: while a ConfigMap with 100,000 labels is created, a
// client reading one small object keeps being answered (the create's work runs on a work thread),
// and the object is stored whole, with managedFields in kube's order.

import { Agent, request } from 'node:http';
import test from 'ava';
import { startApiServerChild, type ApiServerChild } from '../../common/test/api-server-child.ts';

let server: ApiServerChild | undefined;
test.before(async () => {
  server = await startApiServerChild({ prefix: 'capstan-large-write-' });
});
test.after.always(() => server?.stop());

const agent = new Agent({ keepAlive: true, maxSockets: 1 });
test.after.always(() => agent.destroy());

function get(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request(`${(server as ApiServerChild).url}${path}`, { agent }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

test('a client reading one object every moment is answered all through a 100,000-label create', async (t) => {
  t.timeout(300_000);
  const url = (server as ApiServerChild).url;
  const probe = await fetch(`${url}/api/v1/namespaces/default/configmaps`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ metadata: { name: 'probe' } }) });
  t.is(probe.status, 201);
  const names = Array.from({ length: 100_000 }, (_, i) => `key-${i}`);
  const body = JSON.stringify({ metadata: { name: 'many-labels', labels: Object.fromEntries(names.map((name) => [name, 'v'])) } });

  // The prober: one read in flight at a time, each answer's time kept.
  const answers: number[] = [];
  let creating = true;
  const prober = (async () => {
    while (creating) {
      const { status } = await get('/api/v1/namespaces/default/configmaps/probe');
      if (status !== 200) throw new Error(`the probe read answered ${status}`);
      answers.push(performance.now());
    }
  })();
  const began = performance.now();
  const created = await fetch(`${url}/api/v1/namespaces/default/configmaps`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const answerBytes = await created.arrayBuffer();
  const ended = performance.now();
  creating = false;
  await prober;
  // Parsed once the prober is done: parsing 3 MB here would hold the prober's own thread.
  const answer = JSON.parse(Buffer.from(answerBytes).toString('utf8')) as { metadata: { labels: Record<string, string>; managedFields: { fieldsV1: { 'f:metadata': { 'f:labels': Record<string, unknown> } } }[] } };

  t.is(created.status, 201);
  t.is(Object.keys(answer.metadata.labels).length, names.length);
  // FieldsV1 lists the map itself ("."), then its keys by name as structured-merge-diff sorts them (key-0, key-1, key-10, ...).
  t.deepEqual(Object.keys(answer.metadata.managedFields[0]!.fieldsV1['f:metadata']['f:labels']), ['.', ...names.map((name) => `f:${name}`).sort()]);
  // On the event loop the whole write was one block: the longest wait was nearly all of the create
  // (nine tenths, measured); with breaks between its stages, the longest stage (0.15-0.35). On a
  // work thread the event loop only reads, stores and answers the bytes (under 0.05, measured).
  // Compared with the create's own time, not a clock, so that a slow machine is slow, not failing.
  const during = [began, ...answers.filter((at) => at > began && at < ended), ended];
  const longestWait = Math.max(...during.slice(1).map((at, i) => at - (during[i] as number)));
  t.log(`create ${(ended - began).toFixed(0)} ms, longest wait of the prober ${longestWait.toFixed(0)} ms, ${during.length - 2} reads answered during it`);
  t.true(longestWait < 0.1 * (ended - began), `the prober waited ${longestWait.toFixed(0)} ms of the create's ${(ended - began).toFixed(0)} ms`);
});
