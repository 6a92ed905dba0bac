import test from 'ava';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readReference, referenceTest } from '../../common/test/reference-documents.ts';
import { startApiServer } from '../src/api-server-process.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';

const run = promisify(execFile);
const kubectl = (kubeconfig: string, ...args: string[]) => run(kubectlBinary(), [`--kubeconfig=${kubeconfig}`, ...args], { encoding: 'utf8' });

// The upstream catalogue of resources is the oracle of what kube-apiserver 1.35 serves by default.
const servedByDefault = (): string[][] => {
  const [header, ...rows] = readReference('resources.tsv')
    .trim()
    .split('\n')
    .map((line) => line.split('\t'));
  const served = (header as string[]).indexOf('servedByDefault');
  return rows.filter((row) => row[served] === 'true');
};

referenceTest(test, ['resources.tsv'])('kubectl api-versions and api-resources list what kube-apiserver 1.35 serves by default', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const rows = servedByDefault();
  const groupVersions = [...new Set(rows.map(([group, version]) => (group === '' ? version : `${group}/${version}`)))].sort();
  const versions = await kubectl(server.kubeconfig, 'api-versions');
  t.deepEqual(versions.stdout.trim().split('\n'), groupVersions);

  const resources = await kubectl(server.kubeconfig, 'api-resources', '--no-headers', '-o', 'name');
  // kubectl shows each resource once, in its group's preferred version (autoscaling/v2 for HPAs).
  const expected = [...new Set(rows.map(([group, , resource]) => (group === '' ? resource : `${resource}.${group}`)))].sort();
  t.deepEqual(resources.stdout.trim().split('\n').sort(), expected);
  const wide = await kubectl(server.kubeconfig, 'api-resources', '--api-group=apps');
  t.regex(wide.stdout, /^deployments\s+deploy\s+apps\/v1\s+true\s+Deployment$/m);
});

test('aggregated discovery answers with its content type, an ETag and 304 for a matching If-None-Match', async (t) => {
  const server = await startApiServer();
  t.teardown(() => server.stop());
  const accept = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList,application/json';
  const first = await fetch(`${server.url}/apis`, { headers: { accept } });
  t.is(first.status, 200);
  t.is(first.headers.get('content-type'), 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList');
  const body = (await first.json()) as { kind: string; items: { metadata: { name: string } }[] };
  t.is(body.kind, 'APIGroupDiscoveryList');
  t.is(body.items[0]?.metadata.name, 'apiregistration.k8s.io');
  const etag = first.headers.get('etag') ?? '';
  t.regex(etag, /^"[0-9A-F]{128}"$/);
  const again = await fetch(`${server.url}/apis`, { headers: { accept, 'if-none-match': etag } });
  t.is(again.status, 304);
  const legacy = await fetch(`${server.url}/api/v1`);
  t.is(legacy.headers.get('content-type'), 'application/json');
  const list = (await legacy.json()) as { kind: string; groupVersion: string; resources: { name: string }[] };
  t.like(list, { kind: 'APIResourceList', groupVersion: 'v1' });
  t.true(list.resources.some((r) => r.name === 'pods/log'));
});
