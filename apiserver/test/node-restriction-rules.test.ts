// NodeRestriction's rules that need no store: which Node labels a node may not set (kube's
// getForbiddenLabels) and what a mirror pod may not reference (kube's HasAPIObjectReference).

import test from 'ava';
import { apiObjectReference } from '../src/admission/mirror-pod-references.ts';
import { forbiddenNodeLabels, modifiedLabels } from '../src/admission/node-restriction-labels.ts';

test('a node may set its kubelet labels and labels of its own domains, not node-restriction or other kubernetes.io and k8s.io ones', (t) => {
  const modified = [
    'kubernetes.io/hostname',
    'kubernetes.io/os',
    'node.kubernetes.io/instance-type',
    'kubelet.kubernetes.io/anything',
    'sub.node.kubernetes.io/anything',
    'beta.kubernetes.io/arch',
    'example.com/mine',
    'plain',
    'node-restriction.kubernetes.io/pool',
    'team.node-restriction.kubernetes.io/pool',
    'kubernetes.io/role',
    'x.k8s.io/y',
    'node-role.kubernetes.io/control-plane',
  ];
  t.deepEqual(forbiddenNodeLabels(modified), [
    'kubernetes.io/role',
    'node-restriction.kubernetes.io/pool',
    'node-role.kubernetes.io/control-plane',
    'team.node-restriction.kubernetes.io/pool',
    'x.k8s.io/y',
  ]);
});

test('the labels modified are those added, removed or changed', (t) => {
  t.deepEqual(modifiedLabels({ a: '1', b: '2', c: '3' }, { a: '1', b: 'x', d: '4' }).sort(), ['b', 'c', 'd']);
  t.deepEqual(modifiedLabels({}, {}), []);
});

const mirror = (spec: Record<string, unknown>) => ({ metadata: { name: 'm' }, spec: { containers: [{ name: 'c', image: 'i' }], ...spec } });

test("a mirror pod may use local volumes only, and names the first API object it references in kube's words", (t) => {
  t.is(
    apiObjectReference(
      mirror({
        volumes: [
          { name: 'a', emptyDir: {} },
          { name: 'b', hostPath: { path: '/x' } },
          { name: 'c', projected: { sources: [{ downwardAPI: {} }] } },
        ],
      }),
    ),
    undefined,
  );
  t.is(apiObjectReference(mirror({ serviceAccountName: 'robot' })), 'serviceaccounts');
  t.is(apiObjectReference(mirror({ imagePullSecrets: [{ name: 'pull' }] })), 'secrets');
  t.is(apiObjectReference(mirror({ containers: [{ name: 'c', envFrom: [{ configMapRef: { name: 'x' } }] }] })), 'configmaps');
  t.is(apiObjectReference(mirror({ resourceClaims: [{ name: 'gpu', resourceClaimName: 'g' }] })), 'resourceclaims');
  t.is(apiObjectReference(mirror({ volumes: [{ name: 'v', persistentVolumeClaim: { claimName: 'c' } }] })), 'persistentvolumeclaims');
  t.is(apiObjectReference(mirror({ volumes: [{ name: 'v', ephemeral: { volumeClaimTemplate: {} } }] })), 'persistentvolumeclaims (via ephemeral volumes)');
  t.is(apiObjectReference(mirror({ volumes: [{ name: 'v', csi: { driver: 'd' } }] })), 'csidrivers (via CSI volumes)');
  t.is(apiObjectReference(mirror({ volumes: [{ name: 'v', projected: { sources: [{ serviceAccountToken: { path: 't' } }] } }] })), 'serviceaccounts (via projected volumes)');
  t.is(apiObjectReference(mirror({ volumes: [{ name: 'v', projected: { sources: [{ clusterTrustBundle: { path: 'b' } }] } }] })), 'clustertrustbundles');
  t.throws(() => apiObjectReference(mirror({ volumes: [{ name: 'odd' }] })), { message: 'unknown volume type for volume  "odd"' });
  t.throws(() => apiObjectReference(mirror({ volumes: [{ name: 'p', projected: { sources: [{}] } }] })), { message: 'unknown source for projected volume "p"' });
});
