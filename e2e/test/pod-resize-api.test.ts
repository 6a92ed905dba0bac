// pods/resize on the API server alone, as kube-apiserver 1.35 serves it: kubectl patches and
// reads the subresource, only the containers' cpu and memory change (generation bumped), and
// every other change gets kube's 422; a plain update of the resources is refused as any pod
// spec change.

import test from 'ava';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startApiServer, type ApiServerProcess } from '../src/api-server-process.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';

const run = promisify(execFile);
interface Answer {
  readonly status: number;
  readonly body: {
    kind?: string;
    message?: string;
    reason?: string;
    metadata?: { generation?: number };
    spec?: { containers?: { resources?: unknown; image?: string }[] };
    details?: { causes?: unknown[] };
  };
}

let server: ApiServerProcess;
test.before(async () => {
  server = await startApiServer();
});
test.after.always(() => server.stop());

const kubectl = async (...args: string[]): Promise<string> => (await run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, ...args], { encoding: 'utf8' })).stdout;
const kubectlFails = async (...args: string[]): Promise<string> => {
  try {
    await run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, ...args], { encoding: 'utf8' });
  } catch (error) {
    return String((error as { stderr: string }).stderr);
  }
  throw new Error(`kubectl ${args.join(' ')} succeeded`);
};
const call = async (method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<Answer> => {
  const response = await fetch(`${server.url}${path}`, { method, headers: { 'content-type': contentType }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
};

const pods = '/api/v1/namespaces/default/pods';
const createPod = async (name: string, resources: object, extra: object = {}): Promise<void> => {
  const created = await call('POST', pods, { metadata: { name }, spec: { containers: [{ name: 'app', image: 'busybox', resources }], ...extra } });
  if (created.status !== 201) throw new Error(`create ${name}: ${JSON.stringify(created.body)}`);
};
const burstable = { requests: { cpu: '100m', memory: '64Mi' }, limits: { cpu: '200m', memory: '128Mi' } };
const patch = (containers: object) => JSON.stringify({ spec: { containers } });
/** `kubectl patch pod <name> --subresource resize -p <containers>`. */
const resizeArgs = (name: string, containers: object): string[] => ['patch', 'pod', name, '--subresource', 'resize', '-p', patch(containers)];
/** A strategic merge patch of .../resize. */
const patchResize = (name: string, containers: object): Promise<Answer> =>
  call('PATCH', `${pods}/${name}/resize`, { spec: { containers } }, 'application/strategic-merge-patch+json');

test('kubectl patch --subresource resize changes cpu and memory, bumps generation, and get --subresource resize reads the pod', async (t) => {
  await createPod('resize-ok', burstable);
  const out = await kubectl(...resizeArgs('resize-ok', [{ name: 'app', resources: { requests: { cpu: '150m' }, limits: { cpu: '300m' } } }]));
  t.is(out, 'pod/resize-ok patched\n');
  const pod = JSON.parse(await kubectl('get', 'pod', 'resize-ok', '--subresource', 'resize', '-o', 'json')) as Answer['body'];
  t.deepEqual(pod.spec?.containers?.[0]?.resources, { requests: { cpu: '150m', memory: '64Mi' }, limits: { cpu: '300m', memory: '128Mi' } });
  t.is(pod.metadata?.generation, 2);
  // The same resources again change nothing, generation included.
  await kubectl(...resizeArgs('resize-ok', [{ name: 'app', resources: { requests: { cpu: '150m' } } }]));
  t.is(JSON.parse(await kubectl('get', 'pod', 'resize-ok', '-o', 'json')).metadata.generation, 2);
});

test('a resize keeps everything but the resources; an image sent along is dropped, not an error', async (t) => {
  await createPod('resize-image', burstable);
  const answer = await patchResize('resize-image', [{ name: 'app', image: 'nginx', resources: { requests: { memory: '100Mi' } } }]);
  t.is(answer.status, 200);
  t.is(answer.body.spec?.containers?.[0]?.image, 'busybox');
  t.deepEqual(answer.body.spec?.containers?.[0]?.resources, { requests: { cpu: '100m', memory: '100Mi' }, limits: { cpu: '200m', memory: '128Mi' } });
});

test('a resize that changes the QoS class, removes a limit or touches another resource gets kube-apiserver 1.35 422s', async (t) => {
  await createPod('resize-bad', burstable);
  const qos = await kubectlFails(
    ...resizeArgs('resize-bad', [{ name: 'app', resources: { requests: { cpu: '200m', memory: '128Mi' }, limits: { cpu: '200m', memory: '128Mi' } } }]),
  );
  t.is(qos, 'The Pod "resize-bad" is invalid: spec: Invalid value: "Burstable": Pod QOS Class may not change as a result of resizing\n');
  const removed = await call('PUT', `${pods}/resize-bad/resize`, {
    ...(await call('GET', `${pods}/resize-bad`)).body,
    spec: { containers: [{ name: 'app', image: 'busybox', resources: { requests: burstable.requests } }] },
  });
  t.is(removed.status, 422);
  t.is(removed.body.message, 'Pod "resize-bad" is invalid: spec.containers[0].resources.limits: Forbidden: resource limits cannot be removed');
  const storage = await kubectlFails(...resizeArgs('resize-bad', [{ name: 'app', resources: { requests: { 'ephemeral-storage': '1Gi' } } }]));
  t.is(storage, 'The Pod "resize-bad" is invalid: spec: Forbidden: only cpu and memory resources are mutable\n');
  const renamed = await call('PATCH', `${pods}/resize-bad/resize`, [{ op: 'replace', path: '/spec/containers/0/name', value: 'other' }], 'application/json-patch+json');
  t.is(renamed.status, 422);
  t.is(renamed.body.message, 'Pod "resize-bad" is invalid: spec.containers[0].name: Forbidden: containers may not be renamed or reordered on resize');
});

test('static and Windows pods cannot be resized; RestartContainer needs a restartPolicy other than Never', async (t) => {
  await createPod('resize-windows', burstable, { os: { name: 'windows' } });
  const windows = await patchResize('resize-windows', [{ name: 'app', resources: { requests: { cpu: '150m' } } }]);
  t.is(windows.status, 422);
  t.is(windows.body.message, 'Pod "resize-windows" is invalid: : Forbidden: windows pods cannot be resized');
  const created = await call('POST', pods, {
    metadata: { name: 'resize-mirror', annotations: { 'kubernetes.io/config.mirror': 'x' } },
    spec: { nodeName: 'n1', containers: [{ name: 'app', image: 'busybox', resources: burstable }] },
  });
  t.is(created.status, 201);
  const mirror = await patchResize('resize-mirror', [{ name: 'app', resources: { requests: { cpu: '150m' } } }]);
  t.is(mirror.body.message, 'Pod "resize-mirror" is invalid: : Forbidden: static pods cannot be resized');
  const never = await call('POST', pods, {
    metadata: { name: 'resize-never' },
    spec: { restartPolicy: 'Never', containers: [{ name: 'app', image: 'busybox', resizePolicy: [{ resourceName: 'cpu', restartPolicy: 'RestartContainer' }] }] },
  });
  t.is(never.status, 422);
  t.is(
    never.body.message,
    `Pod "resize-never" is invalid: spec.containers[0].resizePolicy: Invalid value: "RestartContainer": must be 'NotRequired' when \`restartPolicy\` is 'Never'`,
  );
});

test('a plain update of a pod that changes its resources is refused as kube refuses any spec change', async (t) => {
  await createPod('resize-update', burstable);
  const answer = await call(
    'PATCH',
    `${pods}/resize-update`,
    { spec: { containers: [{ name: 'app', resources: { requests: { cpu: '150m' } } }] } },
    'application/strategic-merge-patch+json',
  );
  t.is(answer.status, 422);
  t.regex(answer.body.message ?? '', /^Pod "resize-update" is invalid: spec: Forbidden: pod updates may not change fields other than `spec.containers\[\*\].image`/);
});
