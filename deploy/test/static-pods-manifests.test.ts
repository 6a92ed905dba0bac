// The control plane's static pods as kubeadm writes kube-apiserver.yaml and
// kube-controller-manager.yaml (cmd/kubeadm/app/phases/controlplane, util/staticpod).

import test from 'ava';
import { capstanImage } from '@capstan/common';
import { advertiseAddressEndpointAnnotation, controlPlaneStaticPods } from '../src/static-pods-manifests.ts';

const pods = controlPlaneStaticPods({
  advertiseAddress: '127.0.0.1',
  apiserverPort: 6443,
  apiserverFlags: ['--secure-port=6443'],
  apiserverMounts: [
    { name: 'k8s-certs', path: '/etc/capstan/pki', type: 'DirectoryOrCreate', readOnly: true },
    { name: 'capstan-data', path: '/var/lib/capstan', type: 'DirectoryOrCreate', readOnly: false },
  ],
  controllersPort: 10257,
  controllersFlags: ['--kubeconfig=/etc/capstan/controllers.kubeconfig'],
  controllersMounts: [{ name: 'kubeconfig', path: '/etc/capstan/controllers.kubeconfig', type: 'FileOrCreate', readOnly: true }],
});

test('kube-apiserver.yaml: a kube-system pod on the host network, system-node-critical, RuntimeDefault seccomp, its advertised endpoint annotated', (t) => {
  const pod = pods.get('kube-apiserver.yaml');
  t.like(pod?.metadata, {
    name: 'kube-apiserver',
    namespace: 'kube-system',
    labels: { component: 'kube-apiserver', tier: 'control-plane' },
    annotations: { [advertiseAddressEndpointAnnotation]: '127.0.0.1:6443' },
  });
  t.like(pod?.spec, { hostNetwork: true, priorityClassName: 'system-node-critical', priority: 2000001000, securityContext: { seccompProfile: { type: 'RuntimeDefault' } } });
  const container = pod?.spec?.containers[0];
  t.like(container, { name: 'kube-apiserver', image: capstanImage, imagePullPolicy: 'IfNotPresent', resources: { requests: { cpu: '250m' } } });
  t.deepEqual(container?.command, ['capstan', 'apiserver', '--secure-port=6443']);
  t.deepEqual(container?.ports, [{ name: 'probe-port', containerPort: 6443, protocol: 'TCP' }]);
});

test("kube-apiserver.yaml's probes: liveness and startup on /livez, readiness on /readyz, HTTPS at 127.0.0.1 with kubeadm's timing", (t) => {
  const container = pods.get('kube-apiserver.yaml')?.spec?.containers[0];
  const httpGet = (path: string) => ({ host: '127.0.0.1', path, port: 'probe-port', scheme: 'HTTPS' });
  t.deepEqual(container?.livenessProbe, { httpGet: httpGet('/livez'), initialDelaySeconds: 10, timeoutSeconds: 15, failureThreshold: 8, periodSeconds: 10 });
  t.deepEqual(container?.readinessProbe, { httpGet: httpGet('/readyz'), initialDelaySeconds: 0, timeoutSeconds: 15, failureThreshold: 3, periodSeconds: 1 });
  t.deepEqual(container?.startupProbe, { httpGet: httpGet('/livez'), initialDelaySeconds: 10, timeoutSeconds: 15, failureThreshold: 24, periodSeconds: 10 });
});

test('the host paths are volumes of their kind, mounted at the same paths (the certificates read-only)', (t) => {
  const pod = pods.get('kube-apiserver.yaml');
  t.deepEqual(pod?.spec?.volumes, [
    { name: 'k8s-certs', hostPath: { path: '/etc/capstan/pki', type: 'DirectoryOrCreate' } },
    { name: 'capstan-data', hostPath: { path: '/var/lib/capstan', type: 'DirectoryOrCreate' } },
  ]);
  t.deepEqual(pod?.spec?.containers[0]?.volumeMounts, [
    { name: 'k8s-certs', mountPath: '/etc/capstan/pki', readOnly: true },
    { name: 'capstan-data', mountPath: '/var/lib/capstan', readOnly: false },
  ]);
});

test('kube-controller-manager.yaml: /healthz on the secure port 10257 for liveness and startup, no readiness probe, no kubeadm annotation', (t) => {
  const pod = pods.get('kube-controller-manager.yaml');
  t.like(pod?.metadata, { name: 'kube-controller-manager', labels: { component: 'kube-controller-manager', tier: 'control-plane' } });
  t.is(pod?.metadata?.annotations, undefined);
  const container = pod?.spec?.containers[0];
  t.deepEqual(container?.command?.slice(0, 2), ['capstan', 'controllers']);
  t.like(container?.livenessProbe, { httpGet: { host: '127.0.0.1', path: '/healthz', port: 'probe-port', scheme: 'HTTPS' } });
  t.like(container?.startupProbe, { httpGet: { path: '/healthz' }, failureThreshold: 24 });
  t.is(container?.readinessProbe, undefined);
  t.deepEqual(container?.ports, [{ name: 'probe-port', containerPort: 10257, protocol: 'TCP' }]);
  t.like(container?.resources, { requests: { cpu: '200m' } });
});
