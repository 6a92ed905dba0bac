// The ServiceAccount admission plugin on a real API server, compared field by field with what
// kube-apiserver 1.35.4 stored for the same pods (recorded below): the default account, the
// kube-api-access projected volume mounted in every container that has nothing at its path, the
// account's pull secrets, automountServiceAccountToken, and kube's refusals (a missing account, a
// mirror pod naming an account or a secret).

import test from 'ava';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startApiServer, type ApiServerProcess } from '../src/api-server-process.ts';
import { kubectlBinary } from '../src/kubectl-binary.ts';

const run = promisify(execFile);

let server: ApiServerProcess;
test.before(async () => {
  server = await startApiServer([], { serviceAccountAdmission: true });
});
test.after.always(() => server?.stop());

const kubectl = async (...args: string[]): Promise<string> => (await run(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, ...args], { encoding: 'utf8' })).stdout;
async function create(manifest: object): Promise<Record<string, unknown>> {
  const child = execFile(kubectlBinary(), [`--kubeconfig=${server.kubeconfig}`, 'create', '-o', 'json', '-f', '-'], { encoding: 'utf8' });
  const output = new Promise<string>((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: string) => (stdout += chunk));
    child.stderr?.on('data', (chunk: string) => (stderr += chunk));
    child.on('exit', (code) => (code === 0 ? resolve(stdout) : reject(new Error(stderr))));
  });
  child.stdin?.end(JSON.stringify(manifest));
  return JSON.parse(await output).spec;
}

const tokenPath = '/var/run/secrets/kubernetes.io/serviceaccount';
/** What kube-apiserver 1.35.4 stored for the pod `shaped` below (its random volume name as kube-api-access-XXXXX). */
const kubeShape = {
  serviceAccountName: 'default',
  serviceAccount: 'default',
  imagePullSecrets: [{ name: 'registry' }],
  volumes: [
    { emptyDir: {}, name: 'own-token' },
    {
      name: 'kube-api-access-XXXXX',
      projected: {
        defaultMode: 420,
        sources: [
          { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
          { configMap: { items: [{ key: 'ca.crt', path: 'ca.crt' }], name: 'kube-root-ca.crt' } },
          { downwardAPI: { items: [{ fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' }, path: 'namespace' }] } },
        ],
      },
    },
  ],
  mounts: {
    init: [{ mountPath: tokenPath, name: 'kube-api-access-XXXXX', readOnly: true }],
    app: [{ mountPath: tokenPath, name: 'kube-api-access-XXXXX', readOnly: true }],
    own: [{ mountPath: tokenPath, name: 'own-token' }],
  },
};

type Container = { name: string; volumeMounts?: unknown[] };
const normalised = (text: string): unknown => JSON.parse(text.replace(/kube-api-access-[bcdfghjklmnpqrstvwxz2456789]{5}/g, 'kube-api-access-XXXXX'));

test('a pod without an account gets the default one and the kube-api-access volume, as kube stores it', async (t) => {
  await kubectl('create', 'namespace', 'shape');
  // No account yet: kube waits for `default` a while, then refuses.
  const refused = await t.throwsAsync(kubectl('-n', 'shape', 'run', 'early', '--image=busybox'));
  t.regex(
    refused?.message ?? '',
    /Error from server \(Forbidden\): pods "early" is forbidden: error looking up service account shape\/default: serviceaccount "default" not found/,
  );

  await kubectl('-n', 'shape', 'create', 'serviceaccount', 'default');
  await kubectl('-n', 'shape', 'patch', 'serviceaccount', 'default', '-p', '{"imagePullSecrets":[{"name":"registry"}]}');
  const spec = await create({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'shaped', namespace: 'shape' },
    spec: {
      initContainers: [{ name: 'init', image: 'busybox' }],
      containers: [
        { name: 'app', image: 'busybox' },
        { name: 'own', image: 'busybox', volumeMounts: [{ name: 'own-token', mountPath: tokenPath }] },
      ],
      volumes: [{ name: 'own-token', emptyDir: {} }],
    },
  });
  const containers = [...(spec.initContainers as Container[]), ...(spec.containers as Container[])];
  const shape = {
    serviceAccountName: spec.serviceAccountName,
    serviceAccount: spec.serviceAccount,
    imagePullSecrets: spec.imagePullSecrets,
    volumes: spec.volumes,
    mounts: Object.fromEntries(containers.map((container) => [container.name, container.volumeMounts])),
  };
  t.deepEqual(normalised(JSON.stringify(shape)), kubeShape);
  t.is(spec.automountServiceAccountToken, undefined);
});

test('automountServiceAccountToken false on the account keeps the volume out; a missing account and mirror pods are refused as kube refuses them', async (t) => {
  await kubectl('create', 'namespace', 'rules');
  await kubectl('-n', 'rules', 'create', 'serviceaccount', 'quiet');
  await kubectl('-n', 'rules', 'patch', 'serviceaccount', 'quiet', '-p', '{"automountServiceAccountToken":false}');
  const quiet = await create({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'q', namespace: 'rules' },
    spec: { serviceAccountName: 'quiet', containers: [{ name: 'c', image: 'busybox' }] },
  });
  t.is(quiet.volumes, undefined);
  t.is((quiet.containers as Container[])[0]?.volumeMounts, undefined);
  // The pod's own setting wins over the account's.
  const asked = await create({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'a', namespace: 'rules' },
    spec: { serviceAccountName: 'quiet', automountServiceAccountToken: true, containers: [{ name: 'c', image: 'busybox' }] },
  });
  t.regex(String((asked.volumes as { name: string }[])[0]?.name), /^kube-api-access-[bcdfghjklmnpqrstvwxz2456789]{5}$/);

  const missing = await t.throwsAsync(
    create({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { generateName: 'gen-', namespace: 'rules' },
      spec: { serviceAccountName: 'missing', containers: [{ name: 'c', image: 'busybox' }] },
    }),
  );
  t.regex(missing?.message ?? '', /pods "gen-" is forbidden: error looking up service account rules\/missing: serviceaccount "missing" not found/);

  const mirror = { annotations: { 'kubernetes.io/config.mirror': 'x' } };
  const untouched = await create({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'm', namespace: 'rules', ...mirror },
    spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'busybox' }] },
  });
  t.is(untouched.volumes, undefined);
  t.is(untouched.serviceAccountName, undefined);
  const naming = await t.throwsAsync(
    create({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'm2', namespace: 'rules', ...mirror },
      spec: { nodeName: 'n1', serviceAccountName: 'quiet', containers: [{ name: 'c', image: 'busybox' }] },
    }),
  );
  t.regex(naming?.message ?? '', /pods "m2" is forbidden: a mirror pod may not reference service accounts/);
  const secret = await t.throwsAsync(
    create({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'm4', namespace: 'rules', ...mirror },
      spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'busybox', env: [{ name: 'A', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } }] }] },
    }),
  );
  t.regex(secret?.message ?? '', /pods "m4" is forbidden: a mirror pod may not reference secrets/);
});

test("a pod created while its namespace's default account is being made waits for it", async (t) => {
  await kubectl('create', 'namespace', 'racing');
  const pod = create({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'racing' }, spec: { containers: [{ name: 'c', image: 'busybox' }] } });
  await kubectl('-n', 'racing', 'create', 'serviceaccount', 'default');
  t.is((await pod).serviceAccountName, 'default');
});
