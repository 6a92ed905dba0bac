// Services updated by many clients at once: the cluster IPs and node ports an update allocates are
// computed inside the store's read-check-write loop, so an update retried after another write
// came between recomputes them from the fresh object. No cluster IP is left held by nobody (an
// IPAddress without its Service), and no node port is given to two Services.

import test from 'ava';
import { startApiServer, type ApiServerProcess } from '../src/api-server-process.ts';

let server: ApiServerProcess | undefined;
test.before(async () => {
  server = await startApiServer(['--service-cluster-ip-range=10.96.0.0/24', '--service-node-port-range=30000-30039']);
});
test.after.always(() => server?.stop());

type Json = Record<string, any>;
const url = (path: string): string => `${(server as ApiServerProcess).url}${path}`;
const services = '/api/v1/namespaces/default/services';
const json = { 'content-type': 'application/json' };

async function send(method: string, path: string, body?: unknown): Promise<{ status: number; body: Json }> {
  const answer = await fetch(url(path), { method, headers: json, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: answer.status, body: (await answer.json()) as Json };
}

const externalName = (name: string): Json => ({ metadata: { name }, spec: { type: 'ExternalName', externalName: 'example.com' } });
const clusterIp = (name: string, port: number): Json => ({ metadata: { name }, spec: { type: 'ClusterIP', ports: [{ port }] } });
const nodePort = (name: string, port: number): Json => ({ metadata: { name }, spec: { type: 'NodePort', ports: [{ port }] } });

/** The IPs the IPAddress objects hold for a Service. */
async function heldIps(name: string): Promise<string[]> {
  const list = (await send('GET', '/apis/networking.k8s.io/v1/ipaddresses')).body;
  return (list.items as Json[]).filter((address) => address.spec.parentRef.name === name).map((address) => address.metadata.name as string);
}

test('updates racing to give a Service a cluster IP leave exactly the IP it stores held', async (t) => {
  for (let round = 0; round < 3; round++) {
    const name = `flip-${round}`;
    t.is((await send('POST', services, externalName(name))).status, 201);
    // Twelve unconditional PUTs at once, each turning the ExternalName Service into a ClusterIP one:
    // each first reads an ExternalName Service, so each allocates; all but one write conflict and retry.
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => send('PUT', `${services}/${name}`, clusterIp(name, 80 + i))));
    t.deepEqual(
      answers.map((answer) => answer.status),
      Array(12).fill(200),
    );
    const stored = (await send('GET', `${services}/${name}`)).body;
    t.is(stored.spec.clusterIPs.length, 1);
    t.deepEqual(await heldIps(name), stored.spec.clusterIPs, 'the IPs allocated by the attempts that lost were given back');
    // And back, racing: whichever wins, the IPs held are those the stored Service has.
    await Promise.all([
      send('PUT', `${services}/${name}`, externalName(name)),
      send('PUT', `${services}/${name}`, clusterIp(name, 90)),
      send('PUT', `${services}/${name}`, externalName(name)),
      send('PUT', `${services}/${name}`, clusterIp(name, 91)),
    ]);
    const last = (await send('GET', `${services}/${name}`)).body;
    t.deepEqual(await heldIps(name), last.spec.type === 'ExternalName' ? [] : last.spec.clusterIPs);
  }
});

test('Services made NodePort at the same time never share a node port', async (t) => {
  const names = Array.from({ length: 16 }, (_, i) => `edge-${i}`);
  await Promise.all(names.map((name) => send('POST', services, clusterIp(name, 80))));
  // Each Service gets two racing updates to NodePort: the ports must be distinct across Services.
  // Each write holds its port until it is stored or fails, so up to 32 are held at once: the range
  // has room for all of them, or a loaded machine would see "range is full" by timing alone.
  const answers = await Promise.all(names.flatMap((name) => [send('PUT', `${services}/${name}`, nodePort(name, 80)), send('PUT', `${services}/${name}`, nodePort(name, 80))]));
  t.true(
    answers.every((answer) => answer.status === 200),
    JSON.stringify(answers.filter((answer) => answer.status !== 200).map((answer) => answer.body.message)),
  );
  const stored = await Promise.all(names.map(async (name) => (await send('GET', `${services}/${name}`)).body));
  const ports = stored.map((service) => service.spec.ports[0].nodePort as number);
  t.is(new Set(ports).size, names.length, `node ports: ${ports.join(', ')}`);
  t.true(ports.every((port) => port >= 30000 && port <= 30039));
});
