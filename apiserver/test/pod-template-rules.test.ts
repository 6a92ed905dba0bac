// kube's rules for the pods of workloads and for sysctls: the long-running workloads (Deployment,
// ReplicaSet, StatefulSet, DaemonSet, ReplicationController) only restart Always and have no
// activeDeadlineSeconds, Jobs restart OnFailure or Never; a pod's sysctls have valid, distinct
// names and leave alone the namespaces it shares with the host.

import test from 'ava';
import { startApiServerChild, type ApiServerChild } from '../../common/test/api-server-child.ts';

let server: ApiServerChild | undefined;
test.before(async () => {
  server = await startApiServerChild({ prefix: 'capstan-pod-rules-' });
});
test.after.always(() => server?.stop());

type Status = { code: number; reason: string; message: string; details?: { causes?: { field: string; message: string; reason: string }[] } };

async function create(path: string, body: object): Promise<{ status: number; answer: Status }> {
  const response = await fetch(`${(server as ApiServerChild).url}${path}?dryRun=All`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, answer: (await response.json()) as Status };
}

const containers = [{ name: 'c', image: 'nginx' }];
const selected = (name: string, podSpec: object) => ({
  metadata: { name },
  spec: { serviceName: 's', selector: { matchLabels: { app: 'a' } }, template: { metadata: { labels: { app: 'a' } }, spec: { containers, ...podSpec } } },
});

test('a Deployment, ReplicaSet, StatefulSet or DaemonSet whose pods restart Never, or have a deadline, is refused in kube’s words', async (t) => {
  const kinds: [string, string][] = [
    ['deployments', 'ReplicaSet'],
    ['replicasets', 'ReplicaSet'],
    ['statefulsets', 'StatefulSet'],
    ['daemonsets', 'DaemonSet'],
  ];
  for (const [resource, wordedAs] of kinds) {
    const path = `/apis/apps/v1/namespaces/default/${resource}`;
    t.is((await create(path, selected('fine', {}))).status, 201, resource);
    const { status, answer } = await create(path, selected('never', { restartPolicy: 'Never', activeDeadlineSeconds: 30 }));
    t.is(status, 422, resource);
    t.deepEqual(
      answer.details?.causes?.map(({ field, message }) => `${field}: ${message}`),
      [
        'spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"',
        `spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in ${wordedAs} is not Supported`,
      ],
      resource,
    );
    const mismatched = await create(path, { ...selected('mismatch', {}), spec: { ...selected('mismatch', {}).spec, selector: { matchLabels: { app: 'other' } } } });
    t.is(mismatched.status, 422, resource);
    t.regex(mismatched.answer.message, /spec\.template\.metadata\.labels: Invalid value: .*`selector` does not match template `labels`/, resource);
  }
  const rc = await create('/api/v1/namespaces/default/replicationcontrollers', {
    metadata: { name: 'rc' },
    spec: { selector: { app: 'a' }, template: { metadata: { labels: { app: 'a' } }, spec: { containers, restartPolicy: 'OnFailure' } } },
  });
  t.is(rc.status, 422);
  t.regex(rc.answer.message, /spec\.template\.spec\.restartPolicy: Unsupported value: "OnFailure": supported values: "Always"/);
  const job = await create('/apis/batch/v1/namespaces/default/jobs', { metadata: { name: 'job' }, spec: { template: { spec: { containers, restartPolicy: 'Never' } } } });
  t.is(job.status, 201);
});

test('a pod’s sysctls: names are sysctl names, not repeated, and not of a namespace shared with the host', async (t) => {
  const pod = (sysctls: object[], extra: object = {}) => ({ metadata: { name: 'p' }, spec: { containers, ...extra, securityContext: { sysctls } } });
  t.is(
    (
      await create(
        '/api/v1/namespaces/default/pods',
        pod([
          { name: 'net.core.somaxconn', value: '1024' },
          { name: 'kernel/shm_rmid_forced', value: '1' },
        ]),
      )
    ).status,
    201,
  );
  const { status, answer } = await create(
    '/api/v1/namespaces/default/pods',
    pod([
      { name: 'net.core.somaxconn', value: '1' },
      { name: 'net.core.somaxconn', value: '2' },
      { name: 'Net.Core', value: '1' },
      { name: '', value: '1' },
      { name: `a.${'b'.repeat(253)}`, value: '1' },
    ]),
  );
  t.is(status, 422);
  const pattern = '^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[\\./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$';
  t.deepEqual(
    answer.details?.causes?.map(({ reason, field }) => `${reason} ${field}`),
    [
      'FieldValueDuplicate spec.securityContext.sysctls[1].name',
      'FieldValueInvalid spec.securityContext.sysctls[2].name',
      'FieldValueRequired spec.securityContext.sysctls[3].name',
      'FieldValueInvalid spec.securityContext.sysctls[4].name',
    ],
  );
  t.is(answer.details?.causes?.[1]?.message, `Invalid value: "Net.Core": must have at most 253 characters and match regex ${pattern}`);
  const shared = await create(
    '/api/v1/namespaces/default/pods',
    pod(
      [
        { name: 'net/ipv4/ip_forward', value: '1' },
        { name: 'kernel.shmmax', value: '1' },
      ],
      { hostNetwork: true, hostIPC: true },
    ),
  );
  t.is(shared.status, 422);
  t.deepEqual(
    shared.answer.details?.causes?.map(({ message }) => message),
    ['Invalid value: "net/ipv4/ip_forward": may not be specified when \'hostNetwork\' is true', 'Invalid value: "kernel.shmmax": may not be specified when \'hostIPC\' is true'],
  );
});

test('an empty selector is refused as kube words it per kind; a Deployment’s progress deadline comes after minReadySeconds, its counts are not negative', async (t) => {
  const empty = (name: string) => ({ ...selected(name, {}), spec: { ...selected(name, {}).spec, selector: {} } });
  const kinds: [string, string][] = [
    ['deployments', 'deployment'],
    ['replicasets', 'deployment'],
    ['statefulsets', 'statefulset'],
    ['daemonsets', 'daemonset'],
  ];
  for (const [resource, wordedAs] of kinds) {
    const { status, answer } = await create(`/apis/apps/v1/namespaces/default/${resource}`, empty('empty'));
    t.is(status, 422, resource);
    t.is(answer.details?.causes?.[0]?.message, `Invalid value: {}: empty selector is invalid for ${wordedAs}`, resource);
  }
  const deployment = selected('counts', {});
  const { status, answer } = await create('/apis/apps/v1/namespaces/default/deployments', {
    ...deployment,
    spec: { ...deployment.spec, minReadySeconds: 10, progressDeadlineSeconds: 5, revisionHistoryLimit: -1 },
  });
  t.is(status, 422);
  t.deepEqual(
    answer.details?.causes?.map(({ field, message }) => `${field}: ${message}`),
    ['spec.revisionHistoryLimit: Invalid value: -1: must be greater than or equal to 0', 'spec.progressDeadlineSeconds: Invalid value: 5: must be greater than minReadySeconds'],
  );
});

test('a StatefulSet’s containers may mount its volumeClaimTemplates, and its template’s hostname and subdomain are left to the controller; other mounts still need a volume', async (t) => {
  const path = '/apis/apps/v1/namespaces/default/statefulsets';
  const withClaims = (name: string, mounts: string[]) => {
    const set = selected(name, { hostname: 'Not_A_Name', subdomain: 'Not_A_Name' }) as { spec: Record<string, unknown> & { template: { spec: Record<string, unknown> } } };
    set.spec.template.spec.containers = [{ name: 'c', image: 'nginx', volumeMounts: mounts.map((mount, i) => ({ name: mount, mountPath: `/m${i}` })) }];
    set.spec.volumeClaimTemplates = [{ metadata: { name: 'data' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }];
    return set;
  };
  const fine = await create(path, withClaims('claims', ['data']));
  t.is(fine.status, 201, fine.answer.message);
  const { status, answer } = await create(path, withClaims('unknown', ['data', 'other']));
  t.is(status, 422);
  t.deepEqual(
    answer.details?.causes?.map(({ field, message }) => `${field}: ${message}`),
    ['spec.template.spec.containers[0].volumeMounts[1].name: Not found: "other"'],
  );
});
