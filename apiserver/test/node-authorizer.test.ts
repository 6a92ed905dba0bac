// The Node authorizer's graph and decisions (kube 1.35's node authorizer): what a node reaches
// through the pods bound to it, and kube's answers and reasons for each kind of request.

import test from 'ava';
import type { UserInfo } from '../src/authentication/authenticator.ts';
import type { Attributes, ResourceAttributes } from '../src/authorization/authorizer.ts';
import { NodeAuthorizer } from '../src/authorization/node/node-authorizer.ts';
import { NodeGraph } from '../src/authorization/node/node-graph.ts';
import { attributesOf } from '../src/authorization/request-attributes.ts';
import { parseRequestInfo } from '../src/request-info/request-info.ts';

const nodeUser = (node: string): UserInfo => ({ username: `system:node:${node}`, uid: '', groups: ['system:nodes', 'system:authenticated'], extra: {} });

function resource(user: UserInfo, request: Partial<ResourceAttributes> & { verb: string; resource: string }): Attributes {
  return { user, isResourceRequest: true, path: '', group: '', version: 'v1', subresource: '', namespace: '', name: '', ...request };
}

const podOn = (node: string, name: string, spec: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  metadata: { namespace: 'ns', name, ...extra },
  spec: { nodeName: node, containers: [{ name: 'c', image: 'i' }], ...spec },
});

test('a pod bound to a node leads it to every secret, configmap and claim the pod references', (t) => {
  const graph = new NodeGraph();
  graph.setPod(
    podOn('a', 'p', {
      serviceAccountName: 'robot',
      imagePullSecrets: [{ name: 'pull' }],
      initContainers: [{ name: 'i', envFrom: [{ secretRef: { name: 'init-env' } }] }],
      containers: [
        {
          name: 'c',
          env: [
            { name: 'A', valueFrom: { secretKeyRef: { name: 'env-secret', key: 'k' } } },
            { name: 'B', valueFrom: { configMapKeyRef: { name: 'env-config', key: 'k' } } },
          ],
          envFrom: [{ configMapRef: { name: 'from-config' } }],
        },
      ],
      volumes: [
        { name: 'v1', secret: { secretName: 'volume-secret' } },
        { name: 'v2', configMap: { name: 'volume-config' } },
        { name: 'v3', projected: { sources: [{ secret: { name: 'projected-secret' } }, { configMap: { name: 'projected-config' } }] } },
        { name: 'v4', persistentVolumeClaim: { claimName: 'claim' } },
        { name: 'scratch', ephemeral: { volumeClaimTemplate: { spec: {} } } },
        { name: 'v6', csi: { driver: 'd', nodePublishSecretRef: { name: 'csi-secret' } } },
      ],
      resourceClaims: [
        { name: 'direct', resourceClaimName: 'gpu' },
        { name: 'templated', resourceClaimTemplateName: 'gpu-template' },
      ],
    }),
  );
  for (const secret of ['pull', 'init-env', 'env-secret', 'volume-secret', 'projected-secret', 'csi-secret']) t.true(graph.isRelated('a', 'secrets', 'ns', secret), secret);
  for (const config of ['env-config', 'from-config', 'volume-config', 'projected-config']) t.true(graph.isRelated('a', 'configmaps', 'ns', config), config);
  t.true(graph.isRelated('a', 'persistentvolumeclaims', 'ns', 'claim'));
  t.true(graph.isRelated('a', 'persistentvolumeclaims', 'ns', 'p-scratch'), "an ephemeral volume's claim is <pod>-<volume>");
  t.true(graph.isRelated('a', 'serviceaccounts', 'ns', 'robot'));
  t.true(graph.isRelated('a', 'resourceclaims', 'ns', 'gpu'));
  t.true(graph.isRelated('a', 'pods', 'ns', 'p'));
  t.false(graph.isRelated('b', 'secrets', 'ns', 'pull'), 'another node');
  t.false(graph.isRelated('a', 'secrets', 'other', 'pull'), 'another namespace');
  t.false(graph.isRelated('a', 'resourceclaims', 'ns', 'p-templated'), 'a templated claim counts once its status names it');
});

test("a claim generated from a template leads to the node once the pod's status names it", (t) => {
  const graph = new NodeGraph();
  const pod = podOn('a', 'p', { resourceClaims: [{ name: 'gpu', resourceClaimTemplateName: 't' }] });
  graph.setPod(pod);
  t.false(graph.isRelated('a', 'resourceclaims', 'ns', 'p-gpu-x1'));
  graph.setPod({ ...pod, status: { resourceClaimStatuses: [{ name: 'gpu', resourceClaimName: 'p-gpu-x1' }], extendedResourceClaimStatus: { resourceClaimName: 'p-extended' } } });
  t.true(graph.isRelated('a', 'resourceclaims', 'ns', 'p-gpu-x1'));
  t.true(graph.isRelated('a', 'resourceclaims', 'ns', 'p-extended'));
});

test('a persistent volume and its secrets lead to the nodes whose pods use the claim it is bound to', (t) => {
  const graph = new NodeGraph();
  graph.setPersistentVolume({
    metadata: { name: 'pv' },
    spec: {
      claimRef: { namespace: 'ns', name: 'claim' },
      csi: { driver: 'd', nodeStageSecretRef: { namespace: 'creds', name: 'stage' }, controllerPublishSecretRef: { namespace: 'creds', name: 'controller' } },
    },
  });
  graph.setPersistentVolume({ metadata: { name: 'rbd' }, spec: { claimRef: { namespace: 'ns', name: 'claim' }, rbd: { secretRef: { name: 'ceph' } } } });
  t.false(graph.isRelated('a', 'persistentvolumes', '', 'pv'), 'no pod uses the claim yet');
  graph.setPod(podOn('a', 'p', { volumes: [{ name: 'v', persistentVolumeClaim: { claimName: 'claim' } }] }));
  t.true(graph.isRelated('a', 'persistentvolumes', '', 'pv'));
  t.true(graph.isRelated('a', 'secrets', 'creds', 'stage'));
  t.false(graph.isRelated('a', 'secrets', 'creds', 'controller'), "the controller's secrets are not the node's");
  t.true(graph.isRelated('a', 'secrets', 'ns', 'ceph'), "a secretRef without a namespace is in the claim's");
  graph.deletePersistentVolume('pv');
  t.false(graph.isRelated('a', 'secrets', 'creds', 'stage'));
});

test("a deleted or changed pod takes the node's access with it, unless another pod of the node still references the object", (t) => {
  const graph = new NodeGraph();
  const volumes = [{ name: 'v', secret: { secretName: 'shared' } }];
  graph.setPod(podOn('a', 'one', { volumes }));
  graph.setPod(podOn('a', 'two', { volumes }));
  graph.deletePod('ns', 'one');
  t.true(graph.isRelated('a', 'secrets', 'ns', 'shared'));
  graph.setPod(podOn('a', 'two', { volumes: [{ name: 'v', secret: { secretName: 'other' } }] }));
  t.false(graph.isRelated('a', 'secrets', 'ns', 'shared'));
  t.true(graph.isRelated('a', 'secrets', 'ns', 'other'));
  graph.deletePod('ns', 'two');
  t.false(graph.isRelated('a', 'secrets', 'ns', 'other'));
  t.false(graph.isRelated('a', 'pods', 'ns', 'two'));
});

test('a mirror pod leads to its node but references nothing; an unbound pod is not in the graph', (t) => {
  const graph = new NodeGraph();
  graph.setPod(podOn('a', 'mirror', { volumes: [{ name: 'v', secret: { secretName: 's' } }] }, { annotations: { 'kubernetes.io/config.mirror': 'hash' } }));
  graph.setPod({ metadata: { namespace: 'ns', name: 'pending' }, spec: { volumes: [{ name: 'v', secret: { secretName: 'pending-secret' } }] } });
  t.true(graph.isRelated('a', 'pods', 'ns', 'mirror'));
  t.false(graph.isRelated('a', 'secrets', 'ns', 's'));
  t.false(graph.isRelated('a', 'secrets', 'ns', 'pending-secret'));
});

test('VolumeAttachments and ResourceSlices lead to the node they name', (t) => {
  const graph = new NodeGraph();
  graph.setVolumeAttachment('va', 'a');
  graph.setResourceSlice('slice', 'a');
  t.true(graph.isRelated('a', 'volumeattachments', '', 'va'));
  t.true(graph.isRelated('a', 'resourceslices', '', 'slice'));
  t.false(graph.isRelated('b', 'resourceslices', '', 'slice'));
  graph.deleteVolumeAttachment('va');
  t.false(graph.isRelated('a', 'volumeattachments', '', 'va'));
});

test("the authorizer answers only nodes, and a node's reads of graph objects as kube does", (t) => {
  const graph = new NodeGraph();
  graph.setPod(podOn('a', 'p', { volumes: [{ name: 'v', secret: { secretName: 's' } }] }));
  const authorizer = new NodeAuthorizer(graph);
  const a = nodeUser('a');
  const decide = (request: Partial<ResourceAttributes> & { verb: string; resource: string }, user = a) => authorizer.authorize(resource(user, request));
  t.deepEqual(
    decide({ verb: 'get', resource: 'secrets', namespace: 'ns', name: 's' }, { ...a, groups: ['system:authenticated'] }),
    { decision: 'noOpinion', reason: '' },
    'not in system:nodes',
  );
  t.deepEqual(decide({ verb: 'get', resource: 'secrets', namespace: 'ns', name: 's' }, nodeUser('')), { decision: 'noOpinion', reason: 'unknown node for user "system:node:"' });
  t.is(decide({ verb: 'get', resource: 'secrets', namespace: 'ns', name: 's' }).decision, 'allow');
  t.is(decide({ verb: 'watch', resource: 'secrets', namespace: 'ns', name: 's' }).decision, 'allow');
  t.deepEqual(decide({ verb: 'get', resource: 'secrets', namespace: 'ns', name: 'x' }), {
    decision: 'noOpinion',
    reason: "no relationship found between node 'a' and this object",
  });
  t.is(decide({ verb: 'list', resource: 'secrets', namespace: 'ns' }).reason, 'No Object name found');
  t.is(decide({ verb: 'create', resource: 'secrets', namespace: 'ns' }).reason, 'can only read resources of this type');
  t.is(decide({ verb: 'list', resource: 'secrets' }).reason, 'can only read namespaced object of this type');
  t.is(decide({ verb: 'list', resource: 'persistentvolumeclaims', namespace: 'ns' }).reason, 'can only get individual resources of this type');
  t.is(decide({ verb: 'get', resource: 'persistentvolumes', name: 'pv', subresource: 'status' }).reason, 'cannot get subresource');
  t.is(decide({ verb: 'get', resource: 'persistentvolumeclaims', namespace: 'ns', name: 'c', subresource: 'status' }).reason, 'can only get/update/patch this type');
  t.is(decide({ verb: 'list', resource: 'serviceaccounts', namespace: 'ns' }).reason, 'can only create tokens for individual service accounts');
  t.is(decide({ verb: 'create', resource: 'serviceaccounts', namespace: 'ns', name: 'robot' }).reason, 'can only create token subresource of serviceaccount');
  t.is(decide({ verb: 'get', resource: 'pods', namespace: 'ns', name: 'p' }).decision, 'allow');
  t.is(decide({ verb: 'watch', resource: 'pods', namespace: 'ns', name: 'p' }).decision, 'allow', 'a single pod known to be its own');
});

test("leases, CSINodes, Nodes, pods and ResourceSlices: a node's own, by name or by its spec.nodeName field selector", (t) => {
  const graph = new NodeGraph();
  graph.setResourceSlice('mine', 'a');
  const authorizer = new NodeAuthorizer(graph);
  const decide = (request: Partial<ResourceAttributes> & { verb: string; resource: string }) => authorizer.authorize(resource(nodeUser('a'), request));
  const lease = { group: 'coordination.k8s.io', resource: 'leases', namespace: 'kube-node-lease' };
  t.is(decide({ ...lease, verb: 'update', name: 'a' }).decision, 'allow');
  t.is(decide({ ...lease, verb: 'create' }).decision, 'allow', 'NodeRestriction checks the name of a create');
  t.is(decide({ ...lease, verb: 'get', name: 'b' }).reason, 'can only access node lease with the same name as the requesting node');
  t.is(decide({ ...lease, verb: 'list' }).reason, 'can only get, create, update, patch, or delete a node lease');
  t.is(decide({ ...lease, verb: 'get', name: 'a', namespace: 'default' }).reason, 'can only access leases in the "kube-node-lease" system namespace');
  const csiNode = { group: 'storage.k8s.io', resource: 'csinodes' };
  t.is(decide({ ...csiNode, verb: 'patch', name: 'a' }).decision, 'allow');
  t.is(decide({ ...csiNode, verb: 'get', name: 'b' }).reason, 'can only access CSINode with the same name as the requesting node');
  t.is(decide({ ...csiNode, verb: 'get', name: 'a', subresource: 'status' }).reason, 'cannot authorize CSINode subresources');
  t.is(decide({ verb: 'get', resource: 'nodes', name: 'a' }).decision, 'allow');
  t.is(decide({ verb: 'get', resource: 'nodes', name: 'b' }).reason, "node 'a' cannot read 'b', only its own Node object");
  t.is(decide({ verb: 'list', resource: 'nodes' }).reason, "node 'a' cannot read all nodes, only its own Node object");
  t.is(decide({ verb: 'patch', resource: 'nodes', name: 'b', subresource: 'status' }).decision, 'allow', 'NodeRestriction keeps it to its own');
  t.deepEqual(decide({ verb: 'delete', resource: 'nodes', name: 'a' }), { decision: 'noOpinion', reason: '' });
  const byNode = [{ field: 'spec.nodeName', operator: '=', value: 'a' }] as const;
  t.is(decide({ verb: 'watch', resource: 'pods', fieldSelector: byNode }).decision, 'allow');
  t.is(
    decide({ verb: 'list', resource: 'pods', fieldSelector: [{ field: 'spec.nodeName', operator: '!=', value: 'a' }] }).reason,
    'can only list/watch pods with spec.nodeName field selector',
  );
  t.is(decide({ verb: 'list', resource: 'pods' }).reason, 'can only list/watch pods with spec.nodeName field selector');
  t.deepEqual(decide({ verb: 'update', resource: 'pods', namespace: 'ns', name: 'p' }), { decision: 'noOpinion', reason: '' });
  t.is(decide({ verb: 'create', resource: 'pods', namespace: 'ns', subresource: 'eviction', name: 'p' }).decision, 'allow');
  const slices = { group: 'resource.k8s.io', resource: 'resourceslices' };
  t.is(decide({ ...slices, verb: 'list', fieldSelector: byNode }).decision, 'allow');
  t.is(decide({ ...slices, verb: 'list' }).reason, 'can only list/watch/deletecollection resourceslices with nodeName field selector');
  t.is(decide({ ...slices, verb: 'delete', name: 'mine' }).decision, 'allow');
  t.is(decide({ ...slices, verb: 'delete', name: 'theirs' }).reason, "no relationship found between node 'a' and this object");
  t.is(decide({ ...slices, verb: 'deletecollection', name: '', fieldSelector: byNode }).decision, 'allow');
});

test("everything else is decided by kube's system:node rules", (t) => {
  const authorizer = new NodeAuthorizer(new NodeGraph());
  const a = nodeUser('a');
  const decide = (request: Partial<ResourceAttributes> & { verb: string; resource: string }) => authorizer.authorize(resource(a, request)).decision;
  t.is(decide({ verb: 'list', resource: 'services' }), 'allow');
  t.is(decide({ verb: 'create', resource: 'events', namespace: 'default' }), 'allow');
  t.is(decide({ verb: 'patch', group: 'events.k8s.io', resource: 'events', namespace: 'default' }), 'allow');
  t.is(decide({ verb: 'create', group: 'authentication.k8s.io', resource: 'tokenreviews' }), 'allow');
  t.is(decide({ verb: 'watch', group: 'node.k8s.io', resource: 'runtimeclasses' }), 'allow');
  t.is(decide({ verb: 'get', resource: 'endpoints', namespace: 'ns', name: 'e' }), 'allow');
  t.is(decide({ verb: 'list', resource: 'namespaces' }), 'noOpinion');
  t.is(decide({ verb: 'delete', resource: 'services', namespace: 'ns', name: 's' }), 'noOpinion');
  t.is(decide({ verb: 'get', group: 'certificates.k8s.io', resource: 'podcertificaterequests', namespace: 'ns', name: 'x' }), 'noOpinion');
  t.is(authorizer.authorize({ user: a, isResourceRequest: false, path: '/healthz', verb: 'get' }).decision, 'noOpinion');
});

test("a list's field and label selectors are in the authorizer's attributes, as kube parses them", (t) => {
  const user = nodeUser('a');
  const of = (method: string, url: string) => attributesOf(user, parseRequestInfo(method, url)) as ResourceAttributes;
  t.deepEqual(of('GET', '/api/v1/pods?fieldSelector=spec.nodeName%3Da&labelSelector=app%3Dweb').fieldSelector, [{ field: 'spec.nodeName', operator: '=', value: 'a' }]);
  t.is(of('GET', '/api/v1/pods?labelSelector=app%3Dweb').labelSelector?.length, 1);
  const broken = of('GET', '/api/v1/pods?fieldSelector=spec.nodeName');
  t.is(broken.fieldSelector, undefined);
  t.regex(broken.fieldSelectorError ?? '', /invalid selector/);
  t.is(of('GET', '/api/v1/namespaces/ns/pods/p?fieldSelector=spec.nodeName%3Da').fieldSelector, undefined, 'a get carries no selector');
});
