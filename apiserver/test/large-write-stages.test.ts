// One heavy write must not stall everyone: while a ConfigMap with 100,000 labels is created,
// patched, replaced or applied, a client reading one small object keeps being answered (the write's work
// runs on a work thread), and the object is stored whole, with managedFields in kube's order.

import { Agent, request } from 'node:https';
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

const names = Array.from({ length: 100_000 }, (_, i) => `key-${i}`);
const labels = Object.fromEntries(names.map((name) => [name, 'v']));

interface Timed {
  readonly status: number;
  readonly bytes: ArrayBuffer;
  /** The request's time, and the longest the prober waited for an answer during it. */
  readonly elapsed: number;
  readonly longestWait: number;
  readonly reads: number;
}

/** `write` while a prober reads one small object, one read in flight at a time. */
async function withProber(write: () => Promise<Response>): Promise<Timed> {
  const answers: number[] = [];
  let writing = true;
  const prober = (async () => {
    while (writing) {
      const { status } = await get('/api/v1/namespaces/default/configmaps/probe');
      if (status !== 200) throw new Error(`the probe read answered ${status}`);
      answers.push(performance.now());
    }
  })();
  const began = performance.now();
  const response = await write();
  // Read, not parsed: parsing 3 MB here would hold the prober's own thread.
  const bytes = await response.arrayBuffer();
  const ended = performance.now();
  writing = false;
  await prober;
  const during = [began, ...answers.filter((at) => at > began && at < ended), ended];
  // A loop, not Math.max(...): a long write can see more reads than a call takes arguments.
  let longestWait = 0;
  for (let i = 1; i < during.length; i++) longestWait = Math.max(longestWait, (during[i] as number) - (during[i - 1] as number));
  return { status: response.status, bytes, elapsed: ended - began, longestWait, reads: during.length - 2 };
}

const parsed = <T>(timed: Timed): T => JSON.parse(Buffer.from(timed.bytes).toString('utf8')) as T;

// On the event loop a write of 100,000 labels was one block: the longest wait was nearly all of it
// (nine tenths, measured); with breaks between its stages, the longest stage (0.15-0.35). On a
// work thread the event loop only reads, stores and answers the bytes (under 0.05, measured).
// Compared with the write's own time, not a clock, so that a slow machine is slow, not failing.
const maxWaitShare = 0.1;

test.serial('a client reading one object every moment is answered all through a 100,000-label create', async (t) => {
  t.timeout(300_000);
  const url = (server as ApiServerChild).url;
  const probe = await fetch(`${url}/api/v1/namespaces/default/configmaps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ metadata: { name: 'probe' } }),
  });
  t.is(probe.status, 201);
  const body = JSON.stringify({ metadata: { name: 'many-labels', labels } });
  const created = await withProber(() => fetch(`${url}/api/v1/namespaces/default/configmaps`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }));
  const answer = parsed<{ metadata: { labels: Record<string, string>; managedFields: { fieldsV1: { 'f:metadata': { 'f:labels': Record<string, unknown> } } }[] } }>(created);
  t.is(created.status, 201);
  t.is(Object.keys(answer.metadata.labels).length, names.length);
  // FieldsV1 lists the map itself ("."), then its keys by name as structured-merge-diff sorts them (key-0, key-1, key-10, ...).
  t.deepEqual(Object.keys(answer.metadata.managedFields[0]!.fieldsV1['f:metadata']['f:labels']), ['.', ...names.map((name) => `f:${name}`).sort()]);
  t.log(`create ${created.elapsed.toFixed(0)} ms, longest wait of the prober ${created.longestWait.toFixed(0)} ms, ${created.reads} reads answered during it`);
  t.true(created.longestWait < maxWaitShare * created.elapsed, `the prober waited ${created.longestWait.toFixed(0)} ms of the create's ${created.elapsed.toFixed(0)} ms`);
});

test.serial('a client reading one object every moment is answered all through a one-label patch, a PUT and a server-side apply of the 100,000-label object', async (t) => {
  t.timeout(300_000);
  const url = (server as ApiServerChild).url;
  const object = `${url}/api/v1/namespaces/default/configmaps/many-labels`;
  const patched = await withProber(() =>
    fetch(object, { method: 'PATCH', headers: { 'content-type': 'application/merge-patch+json' }, body: JSON.stringify({ metadata: { labels: { 'key-0': 'patched' } } }) }),
  );
  t.is(patched.status, 200);
  t.is(parsed<{ metadata: { labels: Record<string, string> } }>(patched).metadata.labels['key-0'], 'patched');
  t.log(`patch ${patched.elapsed.toFixed(0)} ms, longest wait of the prober ${patched.longestWait.toFixed(0)} ms, ${patched.reads} reads answered during it`);
  t.true(patched.longestWait < maxWaitShare * patched.elapsed, `the prober waited ${patched.longestWait.toFixed(0)} ms of the patch's ${patched.elapsed.toFixed(0)} ms`);

  const body = JSON.stringify({ metadata: { name: 'many-labels', labels: { ...labels, 'key-1': 'replaced' } } });
  const replaced = await withProber(() => fetch(object, { method: 'PUT', headers: { 'content-type': 'application/json' }, body }));
  t.is(replaced.status, 200);
  const labelsAfter = parsed<{ metadata: { labels: Record<string, string> } }>(replaced).metadata.labels;
  t.deepEqual([labelsAfter['key-0'], labelsAfter['key-1'], Object.keys(labelsAfter).length], ['v', 'replaced', names.length]);
  t.log(`PUT ${replaced.elapsed.toFixed(0)} ms, longest wait of the prober ${replaced.longestWait.toFixed(0)} ms, ${replaced.reads} reads answered during it`);
  t.true(replaced.longestWait < maxWaitShare * replaced.elapsed, `the prober waited ${replaced.longestWait.toFixed(0)} ms of the PUT's ${replaced.elapsed.toFixed(0)} ms`);

  // JSON is YAML: the whole configuration, forced over the fields other managers set.
  const config = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'many-labels', labels: { ...labels, 'key-2': 'applied' } } });
  const applied = await withProber(() =>
    fetch(`${object}?fieldManager=prober-test&force=true`, { method: 'PATCH', headers: { 'content-type': 'application/apply-patch+yaml' }, body: config }),
  );
  t.is(applied.status, 200);
  t.is(parsed<{ metadata: { labels: Record<string, string> } }>(applied).metadata.labels['key-2'], 'applied');
  t.log(`apply ${applied.elapsed.toFixed(0)} ms, longest wait of the prober ${applied.longestWait.toFixed(0)} ms, ${applied.reads} reads answered during it`);
  t.true(applied.longestWait < maxWaitShare * applied.elapsed, `the prober waited ${applied.longestWait.toFixed(0)} ms of the apply's ${applied.elapsed.toFixed(0)} ms`);
});
