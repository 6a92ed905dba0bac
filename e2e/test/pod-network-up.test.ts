// `capstan up --cluster-cidr` inside 127.0.0.0/8: each node's pod range is loopback, so pods on the
// simulated runtime listen on their IPs. A netexec pod with an HTTP readiness probe on /healthz
// becomes Ready through the agent's real probe, and the test reaches the pod's IP; kubectl
// port-forward reaches its port too; deleting the pod closes its server.

import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import test from 'ava';
import { eventually } from '../../common/test/eventually.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';
import { startUp, type UpProcess } from '../src/up-process.ts';

let up: UpProcess;
const local = mkdtempSync(join(tmpdir(), 'pod-network-up-'));
// A range of its own, so that clusters of tests running at once never share an address.
const clusterCidr = `127.${randomInt(100, 250)}.0.0/16`;

test.before(async () => {
  up = startUp([`--cluster-cidr=${clusterCidr}`]);
  await up.line(/^node .* is Ready$/);
});
test.after.always(async () => {
  await up?.stop('SIGKILL');
  rmSync(local, { recursive: true, force: true });
});

function accepts(ip: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: ip, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

test.serial('a netexec pod with an HTTP readiness probe on /healthz becomes Ready and answers on its loopback pod IP', async (t) => {
  const manifest = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'netexec' },
    spec: {
      containers: [
        {
          name: 'netexec',
          image: 'registry.k8s.io/e2e-test-images/agnhost:2.53',
          args: ['netexec', '--http-port=8080'],
          ports: [{ name: 'http', containerPort: 8080 }],
          readinessProbe: { httpGet: { path: '/healthz', port: 'http' }, periodSeconds: 1 },
        },
      ],
    },
  };
  const file = join(local, 'netexec.json');
  writeFileSync(file, JSON.stringify(manifest));
  await up.kubectl('apply', '-f', file);
  await up.kubectl('wait', '--for=condition=Ready', 'pod/netexec', '--timeout=60s');
  const pod = JSON.parse(await up.kubectl('get', 'pod', 'netexec', '-o', 'json')) as { spec: { nodeName: string }; status: { podIP: string } };
  const node = JSON.parse(await up.kubectl('get', 'node', pod.spec.nodeName, '-o', 'json')) as { spec: { podCIDR: string } };
  t.true(node.spec.podCIDR.startsWith(clusterCidr.split('.').slice(0, 2).join('.')), node.spec.podCIDR);
  t.regex(pod.status.podIP, /^127\./);
  const hostname = await fetch(`http://${pod.status.podIP}:8080/hostname`);
  t.is(await hostname.text(), 'netexec');
  const echo = await fetch(`http://${pod.status.podIP}:8080/echo?msg=hi`);
  t.is(await echo.text(), 'hi');

  // kubectl port-forward reaches the pod's port at its IP, where netexec listens.
  const forward = spawn(kubectlBinary(), [`--kubeconfig=${up.kubeconfig}`, 'port-forward', 'pod/netexec', ':8080', '--address=127.0.0.1'], { stdio: ['ignore', 'pipe', 'pipe'] });
  t.teardown(() => void forward.kill());
  let printed = '';
  forward.stdout.setEncoding('utf8').on('data', (chunk: string) => (printed += chunk));
  forward.stderr.setEncoding('utf8').on('data', (chunk: string) => (printed += chunk));
  const localPort = await eventually('kubectl port-forward to listen', async () => /Forwarding from 127\.0\.0\.1:(\d+) ->/.exec(printed)?.[1]);
  const forwarded = await fetch(`http://127.0.0.1:${localPort}/echo?msg=forwarded`);
  t.is(await forwarded.text(), 'forwarded');
  forward.kill();

  await up.kubectl('delete', 'pod', 'netexec', '--wait=true', '--timeout=60s');
  t.false(await accepts(pod.status.podIP, 8080));
});

test.serial('a pod whose HTTP readiness probe gets 412 (netexec without its UDP server) never becomes Ready', async (t) => {
  await up.kubectl(
    'run',
    'unready',
    '--image=registry.k8s.io/e2e-test-images/agnhost:2.53',
    '--restart=Never',
    '--overrides',
    JSON.stringify({
      spec: {
        containers: [
          {
            name: 'unready',
            image: 'registry.k8s.io/e2e-test-images/agnhost:2.53',
            args: ['netexec', '--udp-port=-1'],
            readinessProbe: { httpGet: { path: '/healthz', port: 8080 }, periodSeconds: 1, failureThreshold: 1 },
          },
        ],
      },
    }),
  );
  await up.kubectl('wait', '--for=jsonpath={.status.phase}=Running', 'pod/unready', '--timeout=60s');
  await eventually('the probe failure event', async () => {
    const messages = await up.kubectl('get', 'events', '--field-selector=involvedObject.name=unready', '-o', 'jsonpath={.items[*].message}');
    return /Readiness probe failed: HTTP probe failed with statuscode: 412/.test(messages) ? true : undefined;
  });
  const ready = await up.kubectl('get', 'pod', 'unready', '-o', 'jsonpath={.status.conditions[?(@.type=="Ready")].status}');
  t.is(ready, 'False');
});
