// The container configuration the pod workers hand to CRI, as the kubelet builds it: the log path,
// $(VAR) expansion, the downward API, cpu and memory settings, the OOM score by QoS class, the
// LimitedSwap share, and the seccomp profile (the container's own over the pod's).

import test from 'ava';
import { generateContainerConfig, type ContainerContext, type ContainerSettings } from '../src/pods/container-config.ts';
import type { Container } from '@capstan/common/api-types/core-v1';
import type { Pod } from '../src/pods/pod-types.ts';

const gib = 1024 ** 3;
const settings: ContainerSettings = {
  podsDir: '/var/lib/kubelet/pods',
  seccompProfileRoot: '/var/lib/kubelet/seccomp',
  seccompDefault: false,
  nodeName: 'node-a',
  hostIPs: ['192.0.2.10'],
  memoryCapacityBytes: 8 * gib,
  swap: { swapBehavior: 'LimitedSwap', cgroupVersion: 2, swapControllerAvailable: true, memoryCapacity: 8 * gib, swapCapacity: 2 * gib },
};

const pod = (container: Container, spec: Partial<Pod['spec']> = {}): Pod => ({
  metadata: { name: 'web', namespace: 'shop', uid: 'uid-1' },
  spec: { containers: [container], ...spec },
});

const context = (p: Pod, restartCount = 0): ContainerContext => ({
  pod: p,
  container: p.spec.containers[0] as Container,
  type: 'container',
  restartCount,
  imageRef: 'sha256:abc',
  podIPs: ['10.244.0.7'],
  runtimeHandler: '',
  runtimeSupportsRecursiveReadOnly: true,
});

test('a Burstable container gets cpu shares and quota, its OOM score and its LimitedSwap share', (t) => {
  const p = pod({ name: 'app', image: 'nginx', resources: { requests: { cpu: '250m', memory: '1Gi' }, limits: { cpu: '500m', memory: '2Gi' } } });
  const config = generateContainerConfig(context(p, 3), settings);
  t.is(config.logPath, 'app/3.log');
  t.deepEqual(config.metadata, { name: 'app', attempt: 3 });
  t.like(config.annotations, { 'io.kubernetes.container.restartCount': '3', 'io.kubernetes.container.type': 'container' });
  t.like(config.linux?.resources, {
    cpuShares: 256,
    cpuPeriod: 100_000,
    cpuQuota: 50_000,
    memoryLimitInBytes: 2 * gib,
    // 1000 - 1000 x 1 GiB / 8 GiB
    oomScoreAdj: 875,
    // 1 GiB of 8 GiB of memory: an eighth of the node's 2 GiB of swap.
    unified: { 'memory.swap.max': String(gib / 4) },
  });
});

test('Guaranteed and BestEffort containers get no swap and the OOM scores of their class', (t) => {
  const guaranteed = generateContainerConfig(context(pod({ name: 'app', resources: { requests: { cpu: '1', memory: '1Gi' }, limits: { cpu: '1', memory: '1Gi' } } })), settings);
  t.like(guaranteed.linux?.resources, { oomScoreAdj: -997, cpuShares: 1024, unified: { 'memory.swap.max': '0' } });
  const bestEffort = generateContainerConfig(context(pod({ name: 'app' })), settings);
  t.like(bestEffort.linux?.resources, { oomScoreAdj: 1000, cpuShares: 2, memoryLimitInBytes: 0, unified: { 'memory.swap.max': '0' } });
});

test('$(VAR) references expand from the environment, which may use the downward API', (t) => {
  const p = pod({
    name: 'app',
    command: ['sh', '-c'],
    args: ['echo $(GREETING) from $(POD) at $(IP); echo $$(GREETING) $(UNKNOWN)'],
    env: [
      { name: 'POD', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
      { name: 'IP', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } },
      { name: 'GREETING', value: 'hello $(POD)' },
    ],
  });
  const config = generateContainerConfig(context(p), settings);
  t.deepEqual(config.envs, [
    { key: 'POD', value: 'web' },
    { key: 'IP', value: '10.244.0.7' },
    { key: 'GREETING', value: 'hello web' },
  ]);
  t.deepEqual(config.args, ['echo hello web from web at 10.244.0.7; echo $(GREETING) $(UNKNOWN)']);
});

test('the seccomp profile: the container own over the pod, Localhost under the seccomp root, seccompDefault for none', (t) => {
  const localhost = pod({ name: 'app' }, { securityContext: { seccompProfile: { type: 'Localhost', localhostProfile: 'profiles/audit.json' } } });
  t.deepEqual(generateContainerConfig(context(localhost), settings).linux?.securityContext?.seccomp, {
    profileType: 'Localhost',
    localhostRef: '/var/lib/kubelet/seccomp/profiles/audit.json',
  });
  const own = pod({ name: 'app', securityContext: { seccompProfile: { type: 'Unconfined' } } }, { securityContext: { seccompProfile: { type: 'RuntimeDefault' } } });
  t.deepEqual(generateContainerConfig(context(own), settings).linux?.securityContext?.seccomp, { profileType: 'Unconfined' });
  t.deepEqual(generateContainerConfig(context(pod({ name: 'app' })), settings).linux?.securityContext?.seccomp, { profileType: 'Unconfined' });
  t.deepEqual(generateContainerConfig(context(pod({ name: 'app' })), { ...settings, seccompDefault: true }).linux?.securityContext?.seccomp, { profileType: 'RuntimeDefault' });
  t.throws(() => generateContainerConfig(context(pod({ name: 'app', securityContext: { seccompProfile: { type: 'Localhost' } } })), settings), {
    message: 'localhostProfile must be set if seccompProfile type is Localhost.',
  });
});

test('subPathExpr expands the container’s $(VAR)s into the mount’s subpath; a missing value, an absolute path or ".." fail the config as the kubelet words it', async (t) => {
  const { mkdtempSync, rmSync, statSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const podsDir = mkdtempSync(join(tmpdir(), 'capstan-subpath-'));
  t.teardown(() => rmSync(podsDir, { recursive: true, force: true }));
  const withMount = (subPathExpr: string) =>
    pod(
      {
        name: 'app',
        env: [
          { name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } },
          { name: 'EMPTY', value: '' },
        ],
        volumeMounts: [{ name: 'work', mountPath: '/logs', subPathExpr }],
      },
      { volumes: [{ name: 'work', emptyDir: {} }] },
    );
  const config = generateContainerConfig(context(withMount('logs/$(POD_NAME)')), { ...settings, podsDir });
  const root = join(podsDir, 'uid-1', 'volumes', 'kubernetes.io~empty-dir', 'work');
  t.like(
    config.mounts?.find((m) => m.containerPath === '/logs'),
    { hostPath: join(root, 'logs', 'web') },
  );
  t.is(statSync(root).mode & 0o777, 0o777, 'an emptyDir is world-writable whatever the umask');
  t.throws(() => generateContainerConfig(context(withMount('$(EMPTY)/$(NOPE)')), { ...settings, podsDir }), { message: 'missing value for EMPTY, NOPE' });
  t.throws(() => generateContainerConfig(context(withMount('/$(POD_NAME)')), { ...settings, podsDir }), { message: 'error SubPath `/web` must not be an absolute path' });
  t.throws(() => generateContainerConfig(context(withMount('$(POD_NAME)/../..')), { ...settings, podsDir }), {
    message: "unable to provision SubPath `web/../..`: must not contain '..'",
  });
});
