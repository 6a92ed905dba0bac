// kubectl's create generators send Protobuf bodies (client-go's typed clients prefer it and never
// fall back to JSON); the server reads them through the type declarations.

import test from 'ava';
import { encodeUnknownEnvelope } from '@capstan/common/protobuf';
import { sharedApiServer } from '../src/shared-api-server.ts';

const shared = sharedApiServer();
const { kubectl } = shared;
const getJson = async (path: string): Promise<Record<string, any>> => (await (await fetch(`${shared.server().url}${path}`)).json()) as Record<string, any>;

test('kubectl create configmap, secret, namespace, serviceaccount, service and quota send Protobuf and create what they say', async (t) => {
  t.is((await kubectl('create', 'configmap', 'settings', '--from-literal=mode=fast', '--from-literal=level=3')).stdout, 'configmap/settings created\n');
  t.is((await kubectl('create', 'secret', 'generic', 'token', '--from-literal=key=s3cret')).stdout, 'secret/token created\n');
  t.is((await kubectl('create', 'namespace', 'team-a')).stdout, 'namespace/team-a created\n');
  t.is((await kubectl('create', 'serviceaccount', 'robot', '-n', 'team-a')).stdout, 'serviceaccount/robot created\n');
  t.is((await kubectl('create', 'service', 'clusterip', 'web', '--tcp=80:8080')).stdout, 'service/web created\n');
  t.is((await kubectl('create', 'quota', 'small', '--hard=pods=3,requests.cpu=2')).stdout, 'resourcequota/small created\n');

  const configMap = await getJson('/api/v1/namespaces/default/configmaps/settings');
  t.deepEqual(configMap.data, { mode: 'fast', level: '3' });
  t.is(configMap.metadata.name, 'settings');
  t.is(Buffer.from((await getJson('/api/v1/namespaces/default/secrets/token')).data.key, 'base64').toString(), 's3cret');
  t.is((await getJson('/api/v1/namespaces/team-a')).status.phase, 'Active');
  t.is((await getJson('/api/v1/namespaces/team-a/serviceaccounts/robot')).metadata.namespace, 'team-a');
  const service = await getJson('/api/v1/namespaces/default/services/web');
  t.deepEqual(service.spec.ports, [{ name: '80-8080', protocol: 'TCP', port: 80, targetPort: 8080 }]);
  t.deepEqual(service.spec.selector, { app: 'web' });
  t.deepEqual((await getJson('/api/v1/namespaces/default/resourcequotas/small')).spec.hard, { pods: '3', 'requests.cpu': '2' });
});

test('kubectl create --dry-run=server answers the object and writes nothing; a dryRun value other than All is refused', async (t) => {
  const { stdout } = await kubectl('create', 'configmap', 'preview', '--from-literal=a=1', '--dry-run=server', '-o', 'json');
  const preview = JSON.parse(stdout) as { metadata: Record<string, unknown>; data: unknown };
  t.deepEqual(preview.data, { a: '1' });
  t.truthy(preview.metadata.uid);
  t.is(preview.metadata.resourceVersion, undefined);
  t.is((await fetch(`${shared.server().url}/api/v1/namespaces/default/configmaps/preview`)).status, 404);

  await kubectl('create', 'configmap', 'taken');
  const error = (await t.throwsAsync(kubectl('create', 'configmap', 'taken', '--dry-run=server'))) as Error & { stderr: string };
  t.regex(error.stderr, /AlreadyExists|already exists/);

  const invalid = await fetch(`${shared.server().url}/api/v1/namespaces/default/configmaps?dryRun=Maybe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ metadata: { name: 'x' } }),
  });
  t.is(invalid.status, 422);
  t.like(await invalid.json(), { reason: 'Invalid', message: 'CreateOptions.meta.k8s.io "" is invalid: dryRun: Unsupported value: ["Maybe"]: supported values: "All"' });
});

test('a Protobuf body without the Kubernetes prefix, or of a kind nobody declared, is a 400', async (t) => {
  const post = (body: Uint8Array) =>
    fetch(`${shared.server().url}/api/v1/namespaces/default/configmaps`, { method: 'POST', headers: { 'content-type': 'application/vnd.kubernetes.protobuf' }, body });
  const unprefixed = await post(Buffer.from('{"metadata":{"name":"x"}}'));
  t.is(unprefixed.status, 400);
  t.regex(((await unprefixed.json()) as { message: string }).message, /expected prefix \[107 56 115 0\]/);
  const unknown = await post(encodeUnknownEnvelope('example.com/v1', 'Widget', new Uint8Array(0)));
  t.is(unknown.status, 400);
  t.regex(((await unknown.json()) as { message: string }).message, /no kind "Widget" is registered for version "example.com\/v1"/);
});

test('kubectl auth can-i and whoami, and the workload and RBAC generators, go through Protobuf', async (t) => {
  t.is((await kubectl('auth', 'can-i', 'create', 'pods')).stdout, 'yes\n');
  // The kubeconfig's token is the test server's system:masters user (common/test/api-server-child.ts).
  const whoami = (await kubectl('auth', 'whoami')).stdout;
  t.regex(whoami, /Username\s+capstan-test-admin\n/);
  t.regex(whoami, /Groups\s+\[system:masters system:authenticated\]/);
  const created = [
    ['create', 'deployment', 'api', '--image=nginx', '--replicas=2'],
    ['create', 'job', 'once', '--image=busybox'],
    ['create', 'cronjob', 'nightly', '--image=busybox', '--schedule=0 3 * * *'],
    ['create', 'role', 'reader', '--verb=get,list', '--resource=pods'],
    ['create', 'rolebinding', 'reader-alice', '--role=reader', '--user=alice'],
    ['create', 'clusterrole', 'node-reader', '--verb=list', '--resource=nodes'],
    ['create', 'priorityclass', 'high', '--value=1000'],
    ['create', 'poddisruptionbudget', 'api', '--selector=app=api', '--min-available=1'],
    ['create', 'ingress', 'front', '--rule=example.com/=api:80'],
  ];
  for (const args of created) t.regex((await kubectl(...args)).stdout, / created\n$/, args.join(' '));
  const deployment = await getJson('/apis/apps/v1/namespaces/default/deployments/api');
  t.is(deployment.spec.replicas, 2);
  t.deepEqual(
    deployment.spec.template.spec.containers.map((c: { image: string }) => c.image),
    ['nginx'],
  );
  t.deepEqual((await getJson('/apis/rbac.authorization.k8s.io/v1/namespaces/default/roles/reader')).rules, [{ verbs: ['get', 'list'], apiGroups: [''], resources: ['pods'] }]);
  t.is((await getJson('/apis/batch/v1/namespaces/default/cronjobs/nightly')).spec.schedule, '0 3 * * *');
  t.is((await getJson('/apis/scheduling.k8s.io/v1/priorityclasses/high')).value, 1000);
  t.deepEqual((await getJson('/apis/networking.k8s.io/v1/namespaces/default/ingresses/front')).spec.rules[0].http.paths[0].backend, {
    service: { name: 'api', port: { number: 80 } },
  });
});

test('kubectl create deployment --replicas=0 keeps zero replicas, and its port without a protocol gets TCP, as kube-apiserver does', async (t) => {
  // kubectl writes the Deployment in Protobuf: replicas is a Go pointer, so its 0 was sent; the
  // port's protocol is an empty non-pointer string, which means unset.
  t.is((await kubectl('create', 'deployment', 'd1', '--image=nginx', '--replicas=0', '--port=80')).stdout, 'deployment.apps/d1 created\n');
  const deployment = await getJson('/apis/apps/v1/namespaces/default/deployments/d1');
  t.is(deployment.spec.replicas, 0);
  t.deepEqual(deployment.spec.template.spec.containers[0].ports, [{ containerPort: 80, protocol: 'TCP' }]);
});

test('answers in Protobuf when asked: objects, lists, Status errors and watch frames; kubectl reads them', async (t) => {
  const { decodeProtobufObject } = await import('@capstan/common/protobuf');
  const accept = { accept: 'application/vnd.kubernetes.protobuf' };
  const base = `${shared.server().url}/api/v1/namespaces/default/configmaps`;
  // kubectl's typed clients ask for Protobuf first: these outputs come from decoding it.
  const { stdout } = await kubectl('create', 'configmap', 'binary', '--from-literal=k=v', '-o', 'json');
  t.like(JSON.parse(stdout), { kind: 'ConfigMap', metadata: { name: 'binary' }, data: { k: 'v' } });

  const one = await fetch(`${base}/binary`, { headers: accept });
  t.is(one.headers.get('content-type'), 'application/vnd.kubernetes.protobuf');
  t.like(decodeProtobufObject(new Uint8Array(await one.arrayBuffer())), { kind: 'ConfigMap', apiVersion: 'v1', metadata: { name: 'binary' }, data: { k: 'v' } });
  const list = decodeProtobufObject(new Uint8Array(await (await fetch(base, { headers: accept })).arrayBuffer())) as { kind: string; items: { metadata: { name: string } }[] };
  t.is(list.kind, 'ConfigMapList');
  t.true(list.items.some((item) => item.metadata.name === 'binary'));
  const missing = await fetch(`${base}/nothing`, { headers: accept });
  t.is(missing.status, 404);
  t.like(decodeProtobufObject(new Uint8Array(await missing.arrayBuffer())), { kind: 'Status', code: 404, reason: 'NotFound' });

  const watch = await fetch(`${base}?watch=1&fieldSelector=metadata.name%3Dframed&timeoutSeconds=5`, { headers: accept });
  t.is(watch.headers.get('content-type'), 'application/vnd.kubernetes.protobuf;stream=watch');
  await fetch(base, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ metadata: { name: 'framed' } }) });
  const reader = (watch.body as ReadableStream<Uint8Array>).getReader();
  let bytes = Buffer.alloc(0);
  while (bytes.length < 4 || bytes.length < 4 + bytes.readUInt32BE(0)) {
    const { value, done } = await reader.read();
    if (done) break;
    bytes = Buffer.concat([bytes, value]);
  }
  await reader.cancel();
  // WatchEvent {type = 1, object = 2 {raw = 1}}, read with protobufjs' Reader, field by field.
  const protobuf = (await import('protobufjs/minimal.js')).default;
  const event = protobuf.Reader.create(bytes.subarray(4, 4 + bytes.readUInt32BE(0)));
  let type = '';
  let raw: Uint8Array = new Uint8Array();
  while (event.pos < event.len) {
    const tag = event.uint32();
    if (tag >>> 3 === 1) type = event.string();
    else if (tag >>> 3 === 2) {
      const extension = protobuf.Reader.create(event.bytes());
      extension.uint32();
      raw = extension.bytes();
    } else event.skipType(tag & 7);
  }
  t.is(type, 'ADDED');
  t.like(decodeProtobufObject(raw), { kind: 'ConfigMap', metadata: { name: 'framed' } });
});
