// A CRD with conversion strategy Webhook end to end: a conversion webhook written here (HTTPS on
// 127.0.0.1, a certificate made for the test) converts CronTabs between v1 (spec.cronSpec) and v2
// (spec.schedule); kubectl reads, lists and watches in v2 what was written in v1 and the other way
// round; a webhook that refuses, one that cannot be reached, one whose certificate is not trusted
// and a service whose name the certificate does not hold fail as kube-apiserver 1.35 fails them.

import test from 'ava';
import { execFile } from 'node:child_process';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { generateSelfSignedCertKey } from '@capstan/common';
import { startApiServer, type ApiServerProcess } from '../src/api-server-process.ts';
import { kubectlApply } from '../src/kubectl-apply.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';

const run = promisify(execFile);

type JsonObject = Record<string, unknown>;

/** The webhook: v1 cronSpec <-> v2 schedule; an object labelled conversion=refuse is refused. Counts the reviews and objects it gets. */
async function startConversionWebhook(certificate: string, privateKey: string) {
  const seen = { reviews: 0, objects: 0, reviewVersions: new Set<string>() };
  const server = createHttpsServer({ cert: certificate, key: privateKey }, (request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const review = JSON.parse(body) as { apiVersion: string; request: { uid: string; desiredAPIVersion: string; objects: JsonObject[] } };
      const { uid, desiredAPIVersion, objects } = review.request;
      seen.reviews++;
      seen.objects += objects.length;
      seen.reviewVersions.add(review.apiVersion);
      const refused = objects.some((object) => (object.metadata as { labels?: Record<string, string> }).labels?.conversion === 'refuse');
      const convertedObjects = objects.map((object) => {
        const { cronSpec, schedule, ...rest } = (object.spec ?? {}) as JsonObject;
        const spec = desiredAPIVersion.endsWith('/v2') ? { ...rest, schedule: schedule ?? cronSpec } : { ...rest, cronSpec: cronSpec ?? schedule };
        return { ...object, apiVersion: desiredAPIVersion, spec };
      });
      const result = refused ? { status: 'Failure', message: 'refused by the test webhook' } : { status: 'Success' };
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ apiVersion: review.apiVersion, kind: 'ConversionReview', response: { uid, convertedObjects: refused ? [] : convertedObjects, result } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A port nothing listens on: listened on once, then closed. */
async function closedPort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const schemaOf = (field: string) => ({
  openAPIV3Schema: { type: 'object', properties: { spec: { type: 'object', properties: { [field]: { type: 'string' }, image: { type: 'string' } } } } },
});

/** A two-version CronTab CRD of `plural` in stable.example.com whose conversion webhook has `clientConfig`. */
const crdOf = (plural: string, kind: string, clientConfig: JsonObject, reviewVersions = ['v1']) => ({
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: `${plural}.stable.example.com` },
  spec: {
    group: 'stable.example.com',
    scope: 'Namespaced',
    names: { plural, singular: kind.toLowerCase(), kind },
    conversion: { strategy: 'Webhook', webhook: { conversionReviewVersions: reviewVersions, clientConfig } },
    versions: [
      { name: 'v1', served: true, storage: true, schema: schemaOf('cronSpec') },
      { name: 'v2', served: true, storage: false, schema: schemaOf('schedule') },
    ],
  },
});

function clientOf(t: import('ava').ExecutionContext, server: ApiServerProcess) {
  const kubectl = async (...args: string[]): Promise<string> => (await run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, ...args], { encoding: 'utf8' })).stdout;
  /** kubectl's stderr for a command that must fail. */
  const kubectlFails = async (...args: string[]): Promise<string> => {
    const failed = await run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, ...args], { encoding: 'utf8' }).then(
      () => undefined,
      (error: { stderr: string }) => error.stderr,
    );
    if (failed === undefined) throw new Error(`kubectl ${args.join(' ')} succeeded`);
    return failed;
  };
  const apply = async (object: unknown): Promise<void> => {
    const { code, output } = await kubectlApply(server.kubeconfig, object);
    t.is(code, 0, output);
  };
  const established = async (crd: { metadata: { name: string } }): Promise<void> => {
    await apply(crd);
    await kubectl('wait', '--for=condition=Established', `crd/${crd.metadata.name}`, '--timeout=60s');
  };
  return { kubectl, kubectlFails, apply, established };
}

/** The webhook (its certificate also names the Service conv.default.svc), an API server, and kubectl for it. */
async function setUp(t: import('ava').ExecutionContext) {
  const { certificate, privateKey } = await generateSelfSignedCertKey('127.0.0.1', { alternateDNS: ['conv.default.svc'] });
  const webhook = await startConversionWebhook(certificate, privateKey);
  t.teardown(() => webhook.close());
  const server = await startApiServer();
  t.teardown(() => server.stop());
  return { server, webhook, caBundle: Buffer.from(certificate).toString('base64'), ...clientOf(t, server) };
}

test('kubectl reads, lists and watches in v2 what the webhook converts from v1, and writes in v2 through it', async (t) => {
  const { server, webhook, caBundle, kubectl, kubectlFails, apply, established } = await setUp(t);
  await established(crdOf('crontabs', 'CronTab', { url: `https://127.0.0.1:${webhook.port}/convert`, caBundle }));

  await apply({ apiVersion: 'stable.example.com/v1', kind: 'CronTab', metadata: { name: 'first' }, spec: { cronSpec: '* * * * 1', image: 'img' } });
  t.is(webhook.seen.reviews, 0, 'an object written and read in the storage version is never sent');
  const first = JSON.parse(await kubectl('get', 'crontabs.v2.stable.example.com', 'first', '-o', 'json')) as JsonObject;
  t.is(first.apiVersion, 'stable.example.com/v2');
  t.deepEqual(first.spec, { schedule: '* * * * 1', image: 'img' });
  t.deepEqual([...webhook.seen.reviewVersions], ['apiextensions.k8s.io/v1']);

  // Written in v2: stored in v1 through the webhook, and read back in v1 as the webhook converts it.
  await apply({ apiVersion: 'stable.example.com/v2', kind: 'CronTab', metadata: { name: 'second' }, spec: { schedule: '5 * * * *' } });
  t.is(await kubectl('get', 'crontabs.v1.stable.example.com', 'second', '-o', 'jsonpath={.apiVersion} {.spec.cronSpec}'), 'stable.example.com/v1 5 * * * *');

  const list = JSON.parse(await kubectl('get', 'crontabs.v2.stable.example.com', '-o', 'json')) as { items: { metadata: { name: string }; spec: JsonObject }[] };
  t.deepEqual(
    list.items.map((item) => [item.metadata.name, item.spec.schedule]),
    [
      ['first', '* * * * 1'],
      ['second', '5 * * * *'],
    ],
  );

  // A watch in v2 gets the objects as they are now, then a change made in v1, converted.
  const stopWatch = new AbortController();
  t.teardown(() => stopWatch.abort());
  const watch = await fetch(`${server.url}/apis/stable.example.com/v2/namespaces/default/crontabs?watch=1`, { signal: stopWatch.signal });
  t.is(watch.status, 200);
  const reader = watch.body?.getReader();
  if (reader === undefined) throw new Error('the watch has no body');
  const decoder = new TextDecoder();
  let buffered = '';
  const nextEvent = async (): Promise<{ type: string; object: JsonObject }> => {
    for (;;) {
      const newline = buffered.indexOf('\n');
      if (newline >= 0) {
        const line = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        return JSON.parse(line) as { type: string; object: JsonObject };
      }
      const { value, done } = await reader.read();
      if (done) throw new Error(`the watch ended: ${buffered}`);
      buffered += decoder.decode(value, { stream: true });
    }
  };
  const summary = (event: { type: string; object: JsonObject }) => [event.type, event.object.apiVersion, (event.object.spec as JsonObject | undefined)?.schedule];
  t.deepEqual(summary(await nextEvent()), ['ADDED', 'stable.example.com/v2', '* * * * 1']);
  t.deepEqual(summary(await nextEvent()), ['ADDED', 'stable.example.com/v2', '5 * * * *']);
  await kubectl('patch', 'crontabs.v1.stable.example.com', 'first', '--type=merge', '-p', '{"spec":{"cronSpec":"0 0 * * *"}}');
  t.deepEqual(summary(await nextEvent()), ['MODIFIED', 'stable.example.com/v2', '0 0 * * *']);

  // An object the webhook refuses: its read in v2 fails with kube's 500, and the watch ends with that Status.
  await kubectl('label', 'crontabs.v1.stable.example.com', 'first', 'conversion=refuse');
  const failed = await nextEvent();
  t.is(failed.type, 'ERROR');
  t.like(failed.object, {
    kind: 'Status',
    status: 'Failure',
    code: 500,
    message: 'conversion webhook for stable.example.com/v1, Kind=CronTab failed: refused by the test webhook',
  });
  stopWatch.abort();
  t.is(
    await kubectlFails('get', 'crontabs.v2.stable.example.com', 'first'),
    'Error from server: conversion webhook for stable.example.com/v1, Kind=CronTab failed: refused by the test webhook\n',
  );
  // The same object in the storage version needs no conversion.
  t.is(await kubectl('get', 'crontabs.v1.stable.example.com', 'first', '-o', 'jsonpath={.spec.cronSpec}'), '0 0 * * *');
  // One object in each review, as kube sends them.
  t.is(webhook.seen.objects, webhook.seen.reviews);
});

test('a webhook that cannot be reached, is not trusted, or serves under another name fails with kube-apiserver 1.35 words', async (t) => {
  const { webhook, caBundle, kubectlFails, kubectl, apply, established } = await setUp(t);

  // A service reference checks the certificate for <name>.<namespace>.svc, whatever address it dials.
  // EndpointSlices may hold no loopback address, so these Services are ExternalNames of localhost,
  // which is where kube's resolution by ClusterIP (the fallback here) sends a service reference.
  for (const name of ['conv', 'wrongname']) {
    await apply({ apiVersion: 'v1', kind: 'Service', metadata: { name }, spec: { type: 'ExternalName', externalName: 'localhost' } });
  }
  await established(crdOf('servicetabs', 'ServiceTab', { service: { namespace: 'default', name: 'conv', path: '/convert', port: webhook.port }, caBundle }, ['v1beta1', 'v1']));
  await apply({ apiVersion: 'stable.example.com/v1', kind: 'ServiceTab', metadata: { name: 's' }, spec: { cronSpec: '1 2 3 4 5' } });
  t.is(await kubectl('get', 'servicetabs.v2.stable.example.com', 's', '-o', 'jsonpath={.spec.schedule}'), '1 2 3 4 5');
  t.deepEqual([...webhook.seen.reviewVersions], ['apiextensions.k8s.io/v1beta1']);

  await established(crdOf('wrongtabs', 'WrongTab', { service: { namespace: 'default', name: 'wrongname', path: '/convert', port: webhook.port }, caBundle }));
  await apply({ apiVersion: 'stable.example.com/v1', kind: 'WrongTab', metadata: { name: 'w' }, spec: { cronSpec: 'x' } });
  t.regex(
    await kubectlFails('get', 'wrongtabs.v2.stable.example.com', 'w'),
    /^Error from server: conversion webhook for stable.example.com\/v1, Kind=WrongTab failed: Post "https:\/\/wrongname\.default\.svc:\d+\/convert\?timeout=30s": tls: failed to verify certificate: x509: certificate is valid for conv\.default\.svc, not wrongname\.default\.svc\n$/,
  );

  const other = await generateSelfSignedCertKey('127.0.0.1');
  const url = `https://127.0.0.1:${webhook.port}/convert`;
  await established(crdOf('untrustedtabs', 'UntrustedTab', { url, caBundle: Buffer.from(other.certificate).toString('base64') }));
  await apply({ apiVersion: 'stable.example.com/v1', kind: 'UntrustedTab', metadata: { name: 'u' }, spec: { cronSpec: 'x' } });
  t.is(
    await kubectlFails('get', 'untrustedtabs.v2.stable.example.com', 'u'),
    `Error from server: conversion webhook for stable.example.com/v1, Kind=UntrustedTab failed: Post "${url}?timeout=30s": tls: failed to verify certificate: x509: certificate signed by unknown authority\n`,
  );

  const closed = `https://127.0.0.1:${await closedPort()}/convert`;
  await established(crdOf('closedtabs', 'ClosedTab', { url: closed, caBundle }));
  await apply({ apiVersion: 'stable.example.com/v1', kind: 'ClosedTab', metadata: { name: 'c' }, spec: { cronSpec: 'x' } });
  t.is(
    await kubectlFails('get', 'closedtabs.v2.stable.example.com', 'c'),
    `Error from server: conversion webhook for stable.example.com/v1, Kind=ClosedTab failed: Post "${closed}?timeout=30s": dial tcp ${new URL(closed).host}: connect: connection refused\n`,
  );
  // A list fails the same way; the storage version is served as ever.
  t.regex(await kubectlFails('get', 'closedtabs.v2.stable.example.com'), /^Error from server: conversion webhook for .* connect: connection refused\n$/);
  t.is(await kubectl('get', 'closedtabs.v1.stable.example.com', 'c', '-o', 'jsonpath={.spec.cronSpec}'), 'x');
});
