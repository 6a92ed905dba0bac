import test from 'ava';
import { once } from 'node:events';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { FlagError, StatusError } from '@capstan/common';
import { encodeGoQuery } from '../src/kubelet/go-query.ts';
import { kubeletAnswerError } from '../src/kubelet/kubelet-answer-check.ts';
import { KubeletClient } from '../src/kubelet/kubelet-client.ts';
import type { GenericStore } from '../src/registry/generic-store.ts';
import { defaultKubeletClientConfig, kubeletClientConfig } from '../src/kubelet/kubelet-client-config.ts';
import { joinHostPort, nodeConnection } from '../src/kubelet/node-connection.ts';
import { podContainer } from '../src/kubelet/pod-container.ts';

const nodeWith = (addresses: { type: string; address: string }[], port?: number) => ({
  metadata: { name: 'n' },
  status: { addresses, ...(port === undefined ? {} : { daemonEndpoints: { kubeletEndpoint: { Port: port } } }) },
});

test("a node's agent is found at the first address of the preferred types, on the port the node reports", (t) => {
  const node = nodeWith(
    [
      { type: 'ExternalIP', address: '203.0.113.9' },
      { type: 'InternalIP', address: '10.0.0.4' },
      { type: 'Hostname', address: 'node-a' },
    ],
    10_999,
  );
  t.deepEqual(nodeConnection(node, defaultKubeletClientConfig), { host: 'node-a', port: 10_999 });
  t.deepEqual(nodeConnection(node, { ...defaultKubeletClientConfig, preferredAddressTypes: ['InternalIP', 'Hostname'] }), { host: '10.0.0.4', port: 10_999 });
  t.deepEqual(nodeConnection(nodeWith([{ type: 'InternalIP', address: 'fd00::4' }]), defaultKubeletClientConfig), { host: 'fd00::4', port: 10_250 });
  t.is(joinHostPort({ host: 'fd00::4', port: 10_250 }), '[fd00::4]:10250');
});

test('a node without an address of the preferred types is the 500 kube answers, listing what it has', (t) => {
  const error = t.throws(
    () => nodeConnection(nodeWith([{ type: 'ExternalIP', address: '203.0.113.9' }]), { ...defaultKubeletClientConfig, preferredAddressTypes: ['InternalIP'] }),
    { instanceOf: StatusError },
  );
  t.deepEqual((error as StatusError).status, {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'no preferred addresses found; known addresses: [{ExternalIP 203.0.113.9}]',
    code: 500,
  });
});

test("an agent's answer outside 200-206 reads as kube's response checker reads a kubelet's", (t) => {
  const resource = { group: '', resource: 'pods/log' };
  t.like(kubeletAnswerError(401, 'Unauthorized', resource, 'web').status, {
    code: 401,
    reason: 'Unauthorized',
    message: 'the server has asked for the client to provide credentials ( pods/log web)',
    details: { name: 'web', kind: 'pods/log' },
  });
  t.like(kubeletAnswerError(502, 'bad "gateway"', resource, 'web').status, {
    code: 502,
    reason: 'InternalError',
    message: 'an error on the server ("bad \\"gateway\\"") has prevented the request from succeeding ( pods/log web)',
  });
  const redirect = kubeletAnswerError(302, '', resource, 'web').status;
  t.is(redirect.message, 'the server responded with the status code 302 but did not return more information ( pods/log web)');
  t.false('reason' in redirect);
  t.like(kubeletAnswerError(400, 'you must specify at least 1 command', resource, 'web').status, {
    code: 400,
    reason: 'BadRequest',
    message: 'you must specify at least 1 command',
  });
});

test('queries reach the agent as Go encodes url.Values: sorted keys, QueryEscape', (t) => {
  const query = new Map([
    ['tty', ['1']],
    ['command', ['sh', '-c', "echo 'a b'*~"]],
  ]);
  t.is(encodeGoQuery(query), 'command=sh&command=-c&command=echo+%27a+b%27%2A~&tty=1');
});

test("the container is the one named among init, regular and ephemeral containers, or the pod's only one", (t) => {
  const pod = (spec: object) => ({ metadata: { name: 'p' }, spec });
  t.is(podContainer(pod({ initContainers: [{ name: 'init' }], containers: [{ name: 'app' }] }), ''), 'app');
  t.is(podContainer(pod({ containers: [{ name: 'app' }], ephemeralContainers: [{ name: 'debugger' }] }), 'debugger'), 'debugger');
  t.is(t.throws(() => podContainer(pod({ containers: [] }), ''))?.message, 'a container name must be specified for pod p');
  t.is(
    t.throws(() => podContainer(pod({ containers: [{ name: 'a' }, { name: 'b' }], ephemeralContainers: [{ name: 'd' }] }), ''))?.message,
    'a container name must be specified for pod p, choose one of: [a b d]',
  );
});

test('the --kubelet-* flags are checked when the API server starts', (t) => {
  const flags = {
    'kubelet-preferred-address-types': ['InternalIP'],
    'kubelet-certificate-authority': '',
    'kubelet-client-certificate': '',
    'kubelet-client-key': '',
    'kubelet-bearer-token-file': '',
    'kubelet-timeout': 5000,
  };
  t.like(kubeletClientConfig(flags), { preferredAddressTypes: ['InternalIP'], timeoutMs: 5000 });
  t.throws(() => kubeletClientConfig({ ...flags, 'kubelet-preferred-address-types': ['InternalIp'] }), { instanceOf: FlagError, message: /unknown address type "InternalIp"/ });
  t.throws(() => kubeletClientConfig({ ...flags, 'kubelet-client-key': '/key.pem' }), { instanceOf: FlagError });
  t.throws(() => kubeletClientConfig({ ...flags, 'kubelet-bearer-token-file': '/nonexistent/token' }), { instanceOf: FlagError, message: /^--kubelet-bearer-token-file: / });
});

test('--kubelet-timeout bounds the wait for an agent, worded as Go words the phase it ran out in', async (t) => {
  // A TCP listener that never speaks TLS: the handshake times out.
  const silent = createNetServer(() => {});
  silent.listen(0, '127.0.0.1');
  await once(silent, 'listening');
  t.teardown(() => silent.close());
  const port = (silent.address() as AddressInfo).port;
  const stopping = new AbortController();
  t.teardown(() => stopping.abort());
  const client = new KubeletClient({ ...defaultKubeletClientConfig, timeoutMs: 100 }, {} as GenericStore, stopping.signal);
  const error = await t.throwsAsync(client.get({ host: '127.0.0.1', port }, '/containerLogs/ns/p/c', { insecureSkipVerify: false, signal: new AbortController().signal }));
  t.is(error?.message, `Get "https://127.0.0.1:${port}/containerLogs/ns/p/c": net/http: TLS handshake timeout`);
});
