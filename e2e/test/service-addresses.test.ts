// Services get cluster IPs (held as IPAddress objects of the default ServiceCIDR) and node ports
// as kube-apiserver allocates them, and give them back when they go.

import test from 'ava';
import { startApiServer } from '../src/api-server-process.ts';
import { sharedApiServer } from '../src/shared-api-server.ts';

const shared = sharedApiServer(['--service-cluster-ip-range=10.96.0.0/24', '--service-node-port-range=30000-30010']);
const getJson = async (path: string): Promise<Record<string, any>> => (await (await fetch(`${shared.server().url}${path}`)).json()) as Record<string, any>;

test('kubectl create service: a cluster IP from the range, its IPAddress object, node ports for NodePort; kubectl get svc shows them', async (t) => {
  await shared.kubectl('create', 'service', 'nodeport', 'edge', '--tcp=80:8080');
  const { spec } = await getJson('/api/v1/namespaces/default/services/edge');
  t.regex(spec.clusterIP, /^10\.96\.0\.(\d+)$/);
  t.deepEqual(spec.clusterIPs, [spec.clusterIP]);
  t.like(spec, { ipFamilies: ['IPv4'], ipFamilyPolicy: 'SingleStack' });
  t.true(spec.ports[0].nodePort >= 30000 && spec.ports[0].nodePort <= 30010);
  const address = await getJson(`/apis/networking.k8s.io/v1/ipaddresses/${spec.clusterIP}`);
  t.deepEqual(address.spec.parentRef, { group: '', resource: 'services', namespace: 'default', name: 'edge' });
  t.regex(
    (await shared.kubectl('get', 'svc', 'edge')).stdout,
    new RegExp(`edge\\s+NodePort\\s+${spec.clusterIP.replaceAll('.', '\\.')}\\s+<none>\\s+80:${spec.ports[0].nodePort}/TCP`),
  );
  const cidr = await getJson('/apis/networking.k8s.io/v1/servicecidrs/kubernetes');
  t.deepEqual(cidr.spec.cidrs, ['10.96.0.0/24']);
  t.like(cidr.status.conditions[0], { type: 'Ready', status: 'True' });
});

test("an IP asked for is held or refused with kube's 422; an update keeps it; a delete gives it back", async (t) => {
  // 10.96.0.1, the first host address, is the kubernetes Service's.
  t.like((await getJson('/apis/networking.k8s.io/v1/ipaddresses/10.96.0.1')).spec.parentRef, { namespace: 'default', name: 'kubernetes' });
  const taken = (await t.throwsAsync(shared.kubectl('create', 'service', 'clusterip', 'again', '--tcp=80', '--clusterip=10.96.0.1'))) as Error & { stderr: string };
  t.regex(taken.stderr, /Service "again" is invalid: spec\.clusterIPs: Invalid value: \["10\.96\.0\.1"\]: failed to allocate IP 10\.96\.0\.1: provided IP is already allocated/);
  // 10.96.0.2 is in the lower part of the range, which dynamic picks take only when the rest is full.
  await shared.kubectl('create', 'service', 'clusterip', 'fixed', '--tcp=80', '--clusterip=10.96.0.2');
  const outside = (await t.throwsAsync(shared.kubectl('create', 'service', 'clusterip', 'far', '--tcp=80', '--clusterip=10.97.0.9'))) as Error & { stderr: string };
  t.regex(outside.stderr, /Invalid value: \["10\.97\.0\.9"\]: failed to allocate IP 10\.97\.0\.9: the provided network does not match the current range\n$/);
  // A replace without the allocated fields keeps them.
  const service = await getJson('/api/v1/namespaces/default/services/fixed');
  const { clusterIP: _ip, clusterIPs: _ips, ...spec } = service.spec;
  const replaced = await fetch(`${shared.server().url}/api/v1/namespaces/default/services/fixed`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...service, spec: { ...spec, selector: { app: 'other' } } }),
  });
  t.is(replaced.status, 200);
  t.is(((await replaced.json()) as { spec: { clusterIP: string } }).spec.clusterIP, '10.96.0.2');
  await shared.kubectl('delete', 'service', 'fixed');
  t.is((await fetch(`${shared.server().url}/apis/networking.k8s.io/v1/ipaddresses/10.96.0.2`)).status, 404);
  t.is((await shared.kubectl('create', 'service', 'clusterip', 'again', '--tcp=80', '--clusterip=10.96.0.2')).stdout, 'service/again created\n');
  // A headless Service holds no IP.
  await shared.kubectl('create', 'service', 'clusterip', 'headless', '--clusterip=None');
  t.deepEqual((await getJson('/api/v1/namespaces/default/services/headless')).spec.clusterIPs, ['None']);
});

test('a type change to NodePort allocates node ports, keeping its own; back to ClusterIP drops them and the external traffic policy', async (t) => {
  await shared.kubectl('create', 'service', 'clusterip', 'switch', '--tcp=80:8080');
  const toNodePort = await shared.kubectl('patch', 'service', 'switch', '--type=merge', '-p', '{"spec":{"type":"NodePort"}}');
  t.is(toNodePort.stdout, 'service/switch patched\n');
  const exposed = (await getJson('/api/v1/namespaces/default/services/switch')).spec;
  const nodePort = exposed.ports[0].nodePort as number;
  t.true(nodePort >= 30000 && nodePort <= 30010, String(nodePort));
  t.is(exposed.externalTrafficPolicy, 'Cluster');
  // A PUT that names its own node port again is no clash.
  const current = await getJson('/api/v1/namespaces/default/services/switch');
  const put = await fetch(`${shared.server().url}/api/v1/namespaces/default/services/switch`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...current, metadata: { ...current.metadata, labels: { tier: 'edge' } } }),
  });
  t.is(put.status, 200);
  t.is(((await put.json()) as { spec: { ports: { nodePort: number }[] } }).spec.ports[0]?.nodePort, nodePort);

  await shared.kubectl('patch', 'service', 'switch', '--type=merge', '-p', '{"spec":{"type":"ClusterIP"}}');
  const internal = (await getJson('/api/v1/namespaces/default/services/switch')).spec;
  t.false('nodePort' in internal.ports[0]);
  t.false('externalTrafficPolicy' in internal);
  // A node port the update itself sets on a ClusterIP Service is the user's, and refused.
  const refused = (await t.throwsAsync(
    shared.kubectl('patch', 'service', 'switch', '--type=json', '-p', '[{"op":"add","path":"/spec/ports/0/nodePort","value":30005}]'),
  )) as Error & { stderr: string };
  t.is(refused.stderr, 'The Service "switch" is invalid: spec.ports[0].nodePort: Forbidden: may not be used when `type` is \'ClusterIP\'\n');
});

test("a --service-cluster-ip-range that is no CIDR, or too small a one, fails at start in kube-apiserver's words", async (t) => {
  await t.throwsAsync(startApiServer(['--service-cluster-ip-range=10.0.0.1']), { message: /\nError: service-cluster-ip-range\[0\] is not a valid cidr\n/ });
  await t.throwsAsync(startApiServer(['--service-cluster-ip-range=10.0.0.0/30']), {
    message: /\nError: error determining service IP ranges for primary service cidr: the service cluster IP range must be at least 8 IP addresses\n/,
  });
});

test('the kubernetes Service holds the range’s first address, port 443 to the API server, with its Endpoints and EndpointSlice', async (t) => {
  t.regex((await shared.kubectl('get', 'svc', 'kubernetes', '--no-headers')).stdout, /^kubernetes\s+ClusterIP\s+10\.96\.0\.1\s+<none>\s+443\/TCP\s+\S+\n$/);
  const service = await getJson('/api/v1/namespaces/default/services/kubernetes');
  const port = Number(new URL(shared.server().url).port);
  t.deepEqual(service.metadata.labels, { component: 'apiserver', provider: 'kubernetes' });
  t.deepEqual(service.spec.ports, [{ name: 'https', port: 443, protocol: 'TCP', targetPort: port }]);
  const endpoints = await getJson('/api/v1/namespaces/default/endpoints/kubernetes');
  t.deepEqual(endpoints.subsets[0].ports, [{ name: 'https', port, protocol: 'TCP' }]);
  const slice = await getJson('/apis/discovery.k8s.io/v1/namespaces/default/endpointslices/kubernetes');
  t.like(slice, { addressType: 'IPv4', metadata: { labels: { 'kubernetes.io/service-name': 'kubernetes' } } });
  t.deepEqual(
    slice.endpoints[0].addresses,
    endpoints.subsets[0].addresses.map((address: { ip: string }) => address.ip),
  );
});
