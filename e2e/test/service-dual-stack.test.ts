// Services on an IPv6-only and on a dual-stack cluster, as kube-apiserver 1.35 gives them cluster
// IPs: ipFamilyPolicy and ipFamilies defaulted from what a Service asks for and the families of
// --service-cluster-ip-range, one IP per family (each an IPAddress object), upgrades to
// dual-stack and back, and kube's 422s and start errors.

import test from 'ava';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startApiServer, type ApiServerProcess } from '../src/api-server-process.ts';
import { assertInvalid, type Answer } from '../src/invalid-answer.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';
import { sharedApiServer } from '../src/shared-api-server.ts';

const run = promisify(execFile);
// Dynamic picks come from the upper part of a range: 10.96.0.17 and up, fd00:10:96::101 and up
// (KEP-3070), so that the IPs tests ask for below those never clash with them.
const dual = sharedApiServer(['--service-cluster-ip-range=10.96.0.0/24,fd00:10:96::/112']);
let ipv6: ApiServerProcess | undefined;
test.before(async () => {
  // A /64 (kube 1.35 puts no upper bound on a range), written with host bits.
  ipv6 = await startApiServer(['--service-cluster-ip-range=fd00:6::1/64']);
});
test.after.always(() => ipv6?.stop());

const ipv6Server = (): ApiServerProcess => ipv6 as ApiServerProcess;
const kubectl6 = (...args: string[]) => run(kubectlBinary(), [`--kubeconfig=${ipv6Server().kubeconfig}`, ...args], { encoding: 'utf8' });
const services = '/api/v1/namespaces/default/services';

async function call(server: ApiServerProcess, method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}
const getJson = async (server: ApiServerProcess, path: string): Promise<Record<string, any>> => (await call(server, 'GET', path)).body;
const service = (name: string, spec: Record<string, unknown>) => ({ metadata: { name }, spec: { selector: { app: name }, ports: [{ port: 80 }], ...spec } });

test('an IPv6-only cluster: kubectl create service gets an IPv6 cluster IP and its IPAddress; kubectl get svc -o wide shows it', async (t) => {
  t.is((await kubectl6('create', 'service', 'clusterip', 'web6', '--tcp=80')).stdout, 'service/web6 created\n');
  const { spec } = await getJson(ipv6Server(), `${services}/web6`);
  t.regex(spec.clusterIP, /^fd00:6:/);
  t.deepEqual(spec.clusterIPs, [spec.clusterIP]);
  t.like(spec, { ipFamilies: ['IPv6'], ipFamilyPolicy: 'SingleStack' });
  const address = await getJson(ipv6Server(), `/apis/networking.k8s.io/v1/ipaddresses/${spec.clusterIP}`);
  t.deepEqual(address.metadata.labels, { 'ipaddress.kubernetes.io/ip-family': 'IPv6', 'ipaddress.kubernetes.io/managed-by': 'ipallocator.k8s.io' });
  t.deepEqual(address.spec.parentRef, { group: '', resource: 'services', namespace: 'default', name: 'web6' });
  const wide = (await kubectl6('get', 'svc', 'web6', '-o', 'wide')).stdout;
  t.regex(wide, new RegExp(`\\nweb6\\s+ClusterIP\\s+${spec.clusterIP}\\s+<none>\\s+80/TCP\\s+\\S+\\s+app=web6\\n$`));
  // The range as kube-apiserver writes it: its network, in canonical form.
  t.deepEqual((await getJson(ipv6Server(), '/apis/networking.k8s.io/v1/servicecidrs/kubernetes')).spec.cidrs, ['fd00:6::/64']);
});

test('an IPv6 IP asked for is held under its canonical name; the network address is refused, the last one is not', async (t) => {
  await kubectl6('create', 'service', 'clusterip', 'fixed6', '--tcp=80', '--clusterip=fd00:6:0::0:a');
  t.is((await getJson(ipv6Server(), `${services}/fixed6`)).spec.clusterIP, 'fd00:6:0::0:a');
  t.is((await getJson(ipv6Server(), '/apis/networking.k8s.io/v1/ipaddresses/fd00:6::a')).spec.parentRef.name, 'fixed6');
  const taken = (await t.throwsAsync(kubectl6('create', 'service', 'clusterip', 'again6', '--tcp=80', '--clusterip=fd00:6::a'))) as Error & { stderr: string };
  t.regex(taken.stderr, /Service "again6" is invalid: spec\.clusterIPs: Invalid value: \["fd00:6::a"\]: failed to allocate IP fd00:6::a: provided IP is already allocated\n$/);
  const network = (await t.throwsAsync(kubectl6('create', 'service', 'clusterip', 'net6', '--tcp=80', '--clusterip=fd00:6::'))) as Error & { stderr: string };
  t.regex(network.stderr, /failed to allocate IP fd00:6::: the provided network does not match the current range\n$/);
  await kubectl6('create', 'service', 'clusterip', 'last6', '--tcp=80', '--clusterip=fd00:6::ffff:ffff:ffff:ffff');
  t.is((await getJson(ipv6Server(), '/apis/networking.k8s.io/v1/ipaddresses/fd00:6::ffff:ffff:ffff:ffff')).spec.parentRef.name, 'last6');
  // A delete gives the IP back.
  await kubectl6('delete', 'service', 'fixed6');
  t.is((await call(ipv6Server(), 'GET', '/apis/networking.k8s.io/v1/ipaddresses/fd00:6::a')).status, 404);
});

test("an IPv6-only cluster refuses dual-stack and IPv4 with kube's 422; PreferDualStack gets one family", async (t) => {
  const server = ipv6Server();
  assertInvalid(
    t,
    await call(server, 'POST', services, service('both', { ipFamilyPolicy: 'RequireDualStack' })),
    'Service "both" is invalid: spec.ipFamilyPolicy: Invalid value: "RequireDualStack": this cluster is not configured for dual-stack services',
    ['spec.ipFamilyPolicy'],
  );
  assertInvalid(
    t,
    await call(server, 'POST', services, service('four', { ipFamilies: ['IPv4', 'IPv6'], ipFamilyPolicy: 'PreferDualStack' })),
    'Service "four" is invalid: spec.ipFamilies[0]: Invalid value: "IPv4": not configured on this cluster',
    ['spec.ipFamilies[0]'],
  );
  assertInvalid(
    t,
    await call(server, 'POST', services, service('v4', { clusterIP: '10.0.0.5' })),
    'Service "v4" is invalid: spec.clusterIPs[0]: Invalid value: ["10.0.0.5"]: IPv4 is not configured on this cluster',
    ['spec.clusterIPs[0]'],
  );
  const preferred = await call(server, 'POST', services, service('prefer', { ipFamilyPolicy: 'PreferDualStack' }));
  t.is(preferred.status, 201);
  t.like(preferred.body.spec, { ipFamilyPolicy: 'PreferDualStack', ipFamilies: ['IPv6'] });
  t.is(preferred.body.spec.clusterIPs.length, 1);
});

test('headless Services: with a selector one family, without one RequireDualStack and both families even on a single-stack cluster; ExternalName has none', async (t) => {
  const server = ipv6Server();
  await kubectl6('create', 'service', 'clusterip', 'headless', '--clusterip=None');
  t.like((await getJson(server, `${services}/headless`)).spec, { clusterIP: 'None', clusterIPs: ['None'], ipFamilies: ['IPv6'], ipFamilyPolicy: 'SingleStack' });
  const selectorless = await call(server, 'POST', services, { metadata: { name: 'selectorless' }, spec: { clusterIP: 'None' } });
  t.is(selectorless.status, 201);
  t.like(selectorless.body.spec, { clusterIPs: ['None'], ipFamilies: ['IPv6', 'IPv4'], ipFamilyPolicy: 'RequireDualStack' });
  await kubectl6('create', 'service', 'externalname', 'elsewhere', '--external-name=example.com');
  const external = (await getJson(server, `${services}/elsewhere`)).spec;
  t.false('ipFamilies' in external || 'ipFamilyPolicy' in external || 'clusterIPs' in external, JSON.stringify(external));
  assertInvalid(
    t,
    await call(server, 'POST', services, {
      metadata: { name: 'named' },
      spec: { type: 'ExternalName', externalName: 'example.com', ipFamilyPolicy: 'SingleStack', ipFamilies: ['IPv6'] },
    }),
    'Service "named" is invalid: [spec.ipFamilies: Forbidden: may not be set for ExternalName services, spec.ipFamilyPolicy: Forbidden: may not be set for ExternalName services]',
    ['spec.ipFamilies', 'spec.ipFamilyPolicy'],
  );
});

test('dual-stack: a Service is single-stack of the primary family unless it asks; PreferDualStack via kubectl patch adds an IPv6 IP, SingleStack gives it back', async (t) => {
  const server = dual.server();
  await dual.kubectl('create', 'service', 'clusterip', 'web', '--tcp=80');
  const single = (await getJson(server, `${services}/web`)).spec;
  t.regex(single.clusterIP, /^10\.96\.0\.\d+$/);
  t.true(Number(single.clusterIP.split('.')[3]) > 16, single.clusterIP);
  t.like(single, { clusterIPs: [single.clusterIP], ipFamilies: ['IPv4'], ipFamilyPolicy: 'SingleStack' });
  t.deepEqual((await getJson(server, '/apis/networking.k8s.io/v1/servicecidrs/kubernetes')).spec.cidrs, ['10.96.0.0/24', 'fd00:10:96::/112']);

  t.is((await dual.kubectl('patch', 'svc', 'web', '-p', '{"spec":{"ipFamilyPolicy":"PreferDualStack"}}')).stdout, 'service/web patched\n');
  const upgraded = (await getJson(server, `${services}/web`)).spec;
  t.like(upgraded, { clusterIP: single.clusterIP, ipFamilies: ['IPv4', 'IPv6'], ipFamilyPolicy: 'PreferDualStack' });
  t.is(upgraded.clusterIPs[0], single.clusterIP);
  t.regex(upgraded.clusterIPs[1], /^fd00:10:96::[0-9a-f]{1,4}$/);
  t.true(parseInt(upgraded.clusterIPs[1].split('::')[1], 16) > 0x100, upgraded.clusterIPs[1]);
  const secondary = upgraded.clusterIPs[1] as string;
  t.is((await getJson(server, `/apis/networking.k8s.io/v1/ipaddresses/${secondary}`)).metadata.labels['ipaddress.kubernetes.io/ip-family'], 'IPv6');
  // kubectl shows the primary cluster IP.
  t.regex(
    (await dual.kubectl('get', 'svc', 'web', '-o', 'wide')).stdout,
    new RegExp(`\\nweb\\s+ClusterIP\\s+${single.clusterIP.replaceAll('.', '\\.')}\\s+<none>\\s+80/TCP\\s+\\S+\\s+app=web\\n$`),
  );

  // Dropping the secondary IP takes SingleStack.
  const kept = (await t.throwsAsync(dual.kubectl('patch', 'svc', 'web', '--type=json', '-p', '[{"op":"remove","path":"/spec/clusterIPs/1"}]'))) as Error & { stderr: string };
  t.is(kept.stderr, 'The Service "web" is invalid: spec.ipFamilyPolicy: Invalid value: "PreferDualStack": must be \'SingleStack\' to release the secondary cluster IP\n');
  t.is((await getJson(server, `/apis/networking.k8s.io/v1/ipaddresses/${secondary}`)).spec.parentRef.name, 'web');

  await dual.kubectl('patch', 'svc', 'web', '-p', '{"spec":{"ipFamilyPolicy":"SingleStack"}}');
  t.like((await getJson(server, `${services}/web`)).spec, { clusterIP: single.clusterIP, clusterIPs: [single.clusterIP], ipFamilies: ['IPv4'], ipFamilyPolicy: 'SingleStack' });
  t.is((await call(server, 'GET', `/apis/networking.k8s.io/v1/ipaddresses/${secondary}`)).status, 404);
});

test('dual-stack: an upgrade or a downgrade refused for another field holds and gives back no IP', async (t) => {
  const server = dual.server();
  await dual.kubectl('create', 'service', 'clusterip', 'guard', '--tcp=80');
  const badPort = (policy: string) =>
    JSON.stringify([
      { op: 'replace', path: '/spec/ipFamilyPolicy', value: policy },
      { op: 'add', path: '/spec/ports/-', value: { name: 'bad', port: 0 } },
    ]);
  const ipv6Held = async (): Promise<string[]> =>
    (await getJson(server, '/apis/networking.k8s.io/v1/ipaddresses?labelSelector=ipaddress.kubernetes.io/ip-family=IPv6')).items
      .filter((item: { spec: { parentRef: { name: string } } }) => item.spec.parentRef.name === 'guard')
      .map((item: { metadata: { name: string } }) => item.metadata.name);
  const upgrade = (await t.throwsAsync(dual.kubectl('patch', 'svc', 'guard', '--type=json', '-p', badPort('PreferDualStack')))) as Error & { stderr: string };
  t.is(
    upgrade.stderr,
    'The Service "guard" is invalid: \n* spec.ports[1].port: Invalid value: 0: must be between 1 and 65535, inclusive\n* spec.ports[1].targetPort: Invalid value: 0: must be between 1 and 65535, inclusive\n',
  );
  t.deepEqual(await ipv6Held(), []);
  t.deepEqual((await getJson(server, `${services}/guard`)).spec.ipFamilies, ['IPv4']);

  await dual.kubectl('patch', 'svc', 'guard', '-p', '{"spec":{"ipFamilyPolicy":"PreferDualStack"}}');
  const [secondary] = (await getJson(server, `${services}/guard`)).spec.clusterIPs.slice(1);
  t.deepEqual(await ipv6Held(), [secondary]);
  await t.throwsAsync(dual.kubectl('patch', 'svc', 'guard', '--type=json', '-p', badPort('SingleStack')));
  t.deepEqual(await ipv6Held(), [secondary]);
  t.deepEqual((await getJson(server, `${services}/guard`)).spec.ipFamilies, ['IPv4', 'IPv6']);
});

test('dual-stack: RequireDualStack with IPv6 first gets an IPv6 primary; IPs asked for in both families are held and given back on delete', async (t) => {
  const server = dual.server();
  const sixFirst = await call(server, 'POST', services, service('six-first', { ipFamilyPolicy: 'RequireDualStack', ipFamilies: ['IPv6'] }));
  t.is(sixFirst.status, 201);
  t.like(sixFirst.body.spec, { ipFamilies: ['IPv6', 'IPv4'], ipFamilyPolicy: 'RequireDualStack' });
  t.regex(sixFirst.body.spec.clusterIP, /^fd00:10:96::/);
  t.regex(sixFirst.body.spec.clusterIPs[1], /^10\.96\.0\.\d+$/);

  const asked = await call(server, 'POST', services, service('asked', { clusterIP: '10.96.0.9', clusterIPs: ['10.96.0.9', 'fd00:10:96::9'], ipFamilyPolicy: 'PreferDualStack' }));
  t.is(asked.status, 201);
  t.like(asked.body.spec, { clusterIPs: ['10.96.0.9', 'fd00:10:96::9'], ipFamilies: ['IPv4', 'IPv6'] });
  t.is((await dual.kubectl('delete', 'svc', 'asked')).stdout, 'service "asked" deleted from default namespace\n');
  for (const ip of ['10.96.0.9', 'fd00:10:96::9']) t.is((await call(server, 'GET', `/apis/networking.k8s.io/v1/ipaddresses/${ip}`)).status, 404, ip);
});

test('dual-stack: a type change to ExternalName gives both IPs back and drops the families; back to ClusterIP allocates anew', async (t) => {
  const server = dual.server();
  const created = await call(server, 'POST', services, service('flip', { ipFamilyPolicy: 'RequireDualStack' }));
  t.is(created.status, 201);
  const ips = created.body.spec.clusterIPs as string[];
  t.is(ips.length, 2);
  await dual.kubectl('patch', 'svc', 'flip', '-p', '{"spec":{"type":"ExternalName","externalName":"example.com"}}');
  const external = (await getJson(server, `${services}/flip`)).spec;
  t.false('clusterIP' in external || 'clusterIPs' in external || 'ipFamilies' in external || 'ipFamilyPolicy' in external, JSON.stringify(external));
  for (const ip of ips) t.is((await call(server, 'GET', `/apis/networking.k8s.io/v1/ipaddresses/${ip}`)).status, 404, ip);
  await dual.kubectl('patch', 'svc', 'flip', '-p', '{"spec":{"type":"ClusterIP","ipFamilyPolicy":"PreferDualStack"}}');
  const back = (await getJson(server, `${services}/flip`)).spec;
  t.like(back, { ipFamilies: ['IPv4', 'IPv6'], ipFamilyPolicy: 'PreferDualStack' });
  for (const ip of back.clusterIPs) t.is((await getJson(server, `/apis/networking.k8s.io/v1/ipaddresses/${ip}`)).spec.parentRef.name, 'flip');
});

test("dual-stack: kube's 422s for clusterIPs and ipFamilies that contradict each other or the policy", async (t) => {
  const server = dual.server();
  assertInvalid(
    t,
    await call(server, 'POST', services, service('two', { ipFamilies: ['IPv4', 'IPv6'], ipFamilyPolicy: 'SingleStack' })),
    'Service "two" is invalid: spec.ipFamilyPolicy: Invalid value: "SingleStack": must be \'RequireDualStack\' or \'PreferDualStack\' when multiple IP families are specified',
    ['spec.ipFamilyPolicy'],
  );
  assertInvalid(
    t,
    await call(server, 'POST', services, service('same', { clusterIP: '10.96.0.6', clusterIPs: ['10.96.0.6', '10.96.0.7'], ipFamilyPolicy: 'PreferDualStack' })),
    'Service "same" is invalid: spec.clusterIPs: Invalid value: ["10.96.0.6","10.96.0.7"]: may specify no more than one IP for each IP family',
    ['spec.clusterIPs'],
  );
  assertInvalid(
    t,
    await call(server, 'POST', services, service('mismatch', { clusterIP: '10.96.0.8', ipFamilies: ['IPv6'] })),
    'Service "mismatch" is invalid: spec.clusterIPs[0]: Invalid value: "10.96.0.8": expected an IPv6 value as indicated by `ipFamilies[0]`',
    ['spec.clusterIPs[0]'],
  );
  assertInvalid(
    t,
    await call(server, 'POST', services, service('odd', { ipFamilies: ['IPv5', 'IPv4', 'IPv4'], ipFamilyPolicy: 'Sometimes' })),
    'Service "odd" is invalid: [spec.ipFamilies[0]: Unsupported value: "IPv5": supported values: "IPv4", "IPv6", spec.ipFamilies[2]: Duplicate value: "IPv4", spec.ipFamilyPolicy: Unsupported value: "Sometimes": supported values: "PreferDualStack", "RequireDualStack", "SingleStack"]',
    ['spec.ipFamilies[0]', 'spec.ipFamilies[2]', 'spec.ipFamilyPolicy'],
  );
  // No IP was held for the refused Services.
  const held = (await getJson(server, '/apis/networking.k8s.io/v1/ipaddresses')).items.map((item: { spec: { parentRef: { name: string } } }) => item.spec.parentRef.name);
  t.false(
    ['two', 'same', 'mismatch', 'odd'].some((name) => held.includes(name)),
    held.join(),
  );
});

test('a --service-cluster-ip-range kube-apiserver refuses fails at start, in its words', async (t) => {
  const refusals: [string, string][] = [
    ['10.96.0.0/28,nope', 'service-cluster-ip-range[1] is not an ip net'],
    ['10.96.0.0/28,10.97.0.0/28', '--service-cluster-ip-range[0] and --service-cluster-ip-range[1] must be of different IP family'],
    [
      '10.96.0.0/28,10.97.0.0/28,fd00::/112',
      '[--service-cluster-ip-range must not contain more than two entries, --service-cluster-ip-range[0] and --service-cluster-ip-range[1] must be of different IP family]',
    ],
    ['fd00::/48', 'error creating new IPAllocator for Service CIDR fd00::/48: shortest allowed prefix length for service CIDR is 64, got 48'],
  ];
  for (const [range, error] of refusals) {
    const failure = await t.throwsAsync(startApiServer([`--service-cluster-ip-range=${range}`]));
    t.true(failure?.message.endsWith(`\nError: ${error}\n`), failure?.message);
  }
});

test('dual-stack: an upgrade whose write fails (a stale resourceVersion) gives its new IP back', async (t) => {
  const server = dual.server();
  const created = await call(server, 'POST', services, service('stale', {}));
  t.is(created.status, 201);
  // Other tests share the server: count only the IPs held for this Service.
  const heldForStale = async () =>
    ((await getJson(server, '/apis/networking.k8s.io/v1/ipaddresses')).items as { spec: { parentRef: { name: string } } }[]).filter((item) => item.spec.parentRef.name === 'stale')
      .length;
  t.is(await heldForStale(), 1);
  const stale = await call(server, 'PUT', `${services}/stale`, {
    ...created.body,
    metadata: { ...created.body.metadata, resourceVersion: '1' },
    spec: { ...created.body.spec, ipFamilyPolicy: 'PreferDualStack' },
  });
  t.is(stale.status, 409);
  t.is(await heldForStale(), 1);
  t.deepEqual((await getJson(server, `${services}/stale`)).spec.ipFamilies, ['IPv4']);
});

test('a Service created with generateName gets its name before its IPs, whose IPAddress names it', async (t) => {
  const server = dual.server();
  const created = await call(server, 'POST', services, { metadata: { generateName: 'gen-' }, spec: { selector: { app: 'gen' }, ports: [{ port: 80 }] } });
  t.is(created.status, 201);
  t.regex(created.body.metadata.name, /^gen-[a-z0-9]{5}$/);
  t.is((await getJson(server, `/apis/networking.k8s.io/v1/ipaddresses/${created.body.spec.clusterIP}`)).spec.parentRef.name, created.body.metadata.name);
});
