// kube's NodeRestriction admission (only when listed in --enable-admission-plugins): a node agent
// (system:node:<name>) may write only what is its own, which the Node authorizer cannot tell from
// the request alone: its own Node (no taints, configSource, ownerReferences or restricted labels of
// its choosing), mirror pods bound to itself, the status and evictions of its own pods, its own
// Lease and CSINode, ResourceSlices for itself, certificates in its own name, tokens bound to its
// pods. Refusals are kube's 403s, worded as kube words them.

import { certificateRequestCommonName, errorMessage, newNotFound, isNotFound } from '@capstan/common';
import { isDeepStrictEqual } from 'node:util';
import { nodeNameOf } from '../authorization/node/node-identity.ts';
import { mirrorPodAnnotation } from '../authorization/node/pod-references.ts';
import { objectOf, objectsAt, stringOf } from '../registry/defaulting/json-fields.ts';
import type { GenericStore } from '../registry/generic-store.ts';
import { metadataOf, type JsonObject } from '../registry/object-meta.ts';
import type { AdmissionAttributes } from './admission-attributes.ts';
import { admissionForbidden } from './admission-forbidden.ts';
import type { AdmissionPlugin } from './admission-plugin.ts';
import { apiObjectReference } from './mirror-pod-references.ts';
import { forbiddenNodeLabels, modifiedLabels } from './node-restriction-labels.ts';
import { checkNodeTokenRequest, type TokenRequestStores } from './node-token-request.ts';
import { listerGet } from './lister-read.ts';

/** What the plugin reads: the pods, Nodes and ResourceSlices as stored, and what a TokenRequest's check reads. */
export interface NodeRestrictionStores extends TokenRequestStores {
  readonly nodes: GenericStore;
  readonly resourceSlices: GenericStore;
}

const nodeLeaseNamespace = 'kube-node-lease';

/** Empty and absent lists and maps are the same, as apimachinery's semantic equality has it. */
const semanticallyEqual = (a: unknown, b: unknown): boolean => {
  const empty = (value: unknown): boolean =>
    value === undefined || value === null || (Array.isArray(value) && value.length === 0) || (typeof value === 'object' && Object.keys(value as object).length === 0);
  return (empty(a) && empty(b)) || isDeepStrictEqual(a, b);
};

/**
 * A stored object read as kube's listers read it: a missing one is the lister's 404, which names
 * the resource in the singular ('pod "x" not found'); any other failure a 403.
 */
async function stored(attributes: AdmissionAttributes, store: GenericStore, namespace: string | undefined, name: string): Promise<JsonObject> {
  try {
    return await store.get(namespace, name);
  } catch (error) {
    if (isNotFound(error)) throw newNotFound({ group: '', resource: store.definition.kind.toLowerCase() }, name);
    throw admissionForbidden(attributes, errorMessage(error));
  }
}

const nodeNameOfPod = (pod: JsonObject): string => stringOf(objectOf(pod.spec).nodeName);

async function admitPod(node: string, attributes: AdmissionAttributes, stores: NodeRestrictionStores): Promise<void> {
  switch (attributes.operation) {
    case 'CREATE':
      return admitMirrorPod(node, attributes, stores);
    case 'DELETE': {
      // kube's delete reads the pod before its admission: a missing pod is the store's own 404.
      const pod = await stores.pods.get(attributes.namespace, attributes.name);
      if (nodeNameOfPod(pod) !== node) throw admissionForbidden(attributes, `node "${node}" can only delete pods with spec.nodeName set to itself`);
      return;
    }
    default:
      throw admissionForbidden(attributes, `unexpected operation "${attributes.operation}", node "${node}" can only create and delete mirror pods`);
  }
}

async function admitMirrorPod(node: string, attributes: AdmissionAttributes, stores: NodeRestrictionStores): Promise<void> {
  const pod = attributes.object ?? {};
  const metadata = metadataOf(pod);
  if (objectOf(metadata.annotations)[mirrorPodAnnotation] === undefined) {
    throw admissionForbidden(attributes, `pod does not have "${mirrorPodAnnotation}" annotation, node "${node}" can only create mirror pods`);
  }
  if (nodeNameOfPod(pod) !== node) throw admissionForbidden(attributes, `node "${node}" can only create pods with spec.nodeName set to itself`);
  const owners = objectsAt(metadata, 'ownerReferences');
  if (owners.length > 1) throw admissionForbidden(attributes, `node "${node}" can only create pods with a single owner reference set to itself`);
  const owner = owners[0];
  if (owner === undefined || owner.apiVersion !== 'v1' || owner.kind !== 'Node' || owner.name !== node) {
    throw admissionForbidden(attributes, `node "${node}" can only create pods with an owner reference set to itself`);
  }
  if (owner.controller !== true) throw admissionForbidden(attributes, `node "${node}" can only create pods with a controller owner reference set to itself`);
  if (owner.blockOwnerDeletion === true) throw admissionForbidden(attributes, `node "${node}" must not set blockOwnerDeletion on an owner reference`);
  let nodeObject: JsonObject;
  try {
    nodeObject = await listerGet(stores.nodes, undefined, node);
  } catch (error) {
    if (isNotFound(error)) throw newNotFound({ group: '', resource: 'node' }, node);
    throw admissionForbidden(attributes, `error looking up node ${node} to verify uid: ${errorMessage(error)}`);
  }
  const uid = stringOf(metadataOf(nodeObject).uid);
  if (owner.uid !== uid) throw admissionForbidden(attributes, `node ${node} UID mismatch: expected ${stringOf(owner.uid)} got ${uid}`);
  let reference: string | undefined;
  try {
    reference = apiObjectReference(pod);
  } catch (error) {
    throw admissionForbidden(attributes, `error checking mirror pod for API references: ${errorMessage(error)}`);
  }
  if (reference !== undefined) throw admissionForbidden(attributes, `node "${node}" can not create pods that reference ${reference}`);
}

/** The status of a pod bound to the node; not its labels, nor the resource claims the scheduler and controllers set. */
function admitPodStatus(node: string, attributes: AdmissionAttributes): void {
  if (attributes.operation !== 'UPDATE') throw admissionForbidden(attributes, `unexpected operation "${attributes.operation}"`);
  const old = attributes.oldObject ?? {};
  const pod = attributes.object ?? {};
  if (nodeNameOfPod(old) !== node) throw admissionForbidden(attributes, `node "${node}" can only update pod status for pods with spec.nodeName set to itself`);
  if (!semanticallyEqual(metadataOf(old).labels, metadataOf(pod).labels)) throw admissionForbidden(attributes, `node "${node}" cannot update labels through pod status`);
  const claimStatuses = (object: JsonObject) => objectsAt(objectOf(object.status), 'resourceClaimStatuses').map((claim) => [claim.name, claim.resourceClaimName ?? null]);
  if (!isDeepStrictEqual(claimStatuses(old), claimStatuses(pod))) throw admissionForbidden(attributes, `node "${node}" cannot update resource claim statues`);
  if (!isDeepStrictEqual(objectOf(old.status).extendedResourceClaimStatus, objectOf(pod.status).extendedResourceClaimStatus)) {
    throw admissionForbidden(attributes, `node "${node}" cannot update extended resource claim status`);
  }
}

async function admitPodEviction(node: string, attributes: AdmissionAttributes, stores: NodeRestrictionStores): Promise<void> {
  if (attributes.operation !== 'CREATE') throw admissionForbidden(attributes, `unexpected operation ${attributes.operation}`);
  // The pod named by the path, else by the Eviction sent.
  const podName = attributes.name || stringOf(metadataOf(attributes.object ?? {}).name);
  if (podName === '') throw admissionForbidden(attributes, 'could not determine pod from request data');
  const pod = await stored(attributes, stores.pods, attributes.namespace, podName);
  if (nodeNameOfPod(pod) !== node) throw admissionForbidden(attributes, `node ${node} can only evict pods with spec.nodeName set to itself`);
}

/** A claim's status: only its capacity and conditions (kube ignores resourceVersion and managedFields too, and the resize fields). */
function admitClaimStatus(node: string, attributes: AdmissionAttributes): void {
  if (attributes.operation !== 'UPDATE') throw admissionForbidden(attributes, `unexpected operation "${attributes.operation}"`);
  const comparable = (claim: JsonObject): JsonObject => {
    const { resourceVersion: _version, managedFields: _fields, ...metadata } = metadataOf(claim);
    const { capacity: _capacity, conditions: _conditions, allocatedResourceStatuses: _statuses, allocatedResources: _allocated, ...status } = objectOf(claim.status);
    return { ...claim, metadata, status };
  };
  const old = comparable(attributes.oldObject ?? {});
  const claim = comparable(attributes.object ?? {});
  if (!isDeepStrictEqual(old, claim)) {
    throw admissionForbidden(attributes, `node "${node}" is not allowed to update fields other than status.quantity and status.conditions: ${JSON.stringify({ old, new: claim })}`);
  }
}

function admitNode(node: string, attributes: AdmissionAttributes): void {
  if (attributes.name !== node) throw admissionForbidden(attributes, `node "${node}" is not allowed to modify node "${attributes.name}"`);
  const object = attributes.object ?? {};
  const spec = objectOf(object.spec);
  const labels = objectOf(metadataOf(object).labels);
  if (attributes.operation === 'CREATE') {
    if (spec.configSource !== undefined && spec.configSource !== null)
      throw admissionForbidden(attributes, `node "${node}" is not allowed to create pods with a non-nil configSource`);
    const forbiddenLabels = forbiddenNodeLabels(modifiedLabels(labels, {}));
    if (forbiddenLabels.length > 0) throw admissionForbidden(attributes, `node "${node}" is not allowed to set the following labels: ${forbiddenLabels.join(', ')}`);
  } else if (attributes.operation === 'UPDATE') {
    const old = attributes.oldObject ?? {};
    const oldSpec = objectOf(old.spec);
    if (spec.configSource !== undefined && spec.configSource !== null && !semanticallyEqual(spec.configSource, oldSpec.configSource)) {
      throw admissionForbidden(attributes, `node "${node}" is not allowed to update configSource to a new non-nil configSource`);
    }
    if (!semanticallyEqual(spec.taints, oldSpec.taints)) throw admissionForbidden(attributes, `node "${node}" is not allowed to modify taints`);
    if (!semanticallyEqual(metadataOf(object).ownerReferences, metadataOf(old).ownerReferences))
      throw admissionForbidden(attributes, `node "${node}" is not allowed to modify ownerReferences`);
    const forbiddenLabels = forbiddenNodeLabels(modifiedLabels(labels, objectOf(metadataOf(old).labels)));
    // kube's message has no subject here.
    if (forbiddenLabels.length > 0) throw admissionForbidden(attributes, `is not allowed to modify labels: ${forbiddenLabels.join(', ')}`);
  }
}

function admitLease(node: string, attributes: AdmissionAttributes): void {
  if (attributes.namespace !== nodeLeaseNamespace) throw admissionForbidden(attributes, `can only access leases in the "${nodeLeaseNamespace}" system namespace`);
  const name = attributes.operation === 'CREATE' ? stringOf(metadataOf(attributes.object ?? {}).name) : attributes.name;
  if (name !== node) throw admissionForbidden(attributes, 'can only access node lease with the same name as the requesting node');
}

function admitCsiNode(node: string, attributes: AdmissionAttributes): void {
  const name = attributes.operation === 'CREATE' ? stringOf(metadataOf(attributes.object ?? {}).name) : attributes.name;
  if (name !== node) throw admissionForbidden(attributes, 'can only access CSINode with the same name as the requesting node');
}

async function admitResourceSlice(node: string, attributes: AdmissionAttributes, stores: NodeRestrictionStores): Promise<void> {
  if (attributes.operation === 'CREATE' && stringOf(objectOf(attributes.object?.spec).nodeName) !== node) {
    throw admissionForbidden(attributes, 'can only create ResourceSlice with the same NodeName as the requesting node');
  }
  if (attributes.operation === 'DELETE') {
    // kube's delete admission gets the stored slice; Capstan's runs before the delete reads it.
    const old = attributes.oldObject ?? (await stores.resourceSlices.get(undefined, attributes.name));
    if (stringOf(objectOf(old.spec).nodeName) !== node) throw admissionForbidden(attributes, 'can only delete ResourceSlice with the same NodeName as the requesting node');
  }
}

/** The signers whose certificates name a node: a node may ask them only for its own name. */
const kubeletSigners: ReadonlySet<string> = new Set(['kubernetes.io/kubelet-serving', 'kubernetes.io/kube-apiserver-client-kubelet']);

/** A node's certificate signing request to a kubelet signer must be for CN=system:node:<itself>. */
function admitCertificateSigningRequest(node: string, attributes: AdmissionAttributes): void {
  if (attributes.operation !== 'CREATE') return;
  const spec = objectOf(attributes.object?.spec);
  if (!kubeletSigners.has(stringOf(spec.signerName))) return;
  let commonName: string;
  try {
    commonName = certificateRequestCommonName(Buffer.from(stringOf(spec.request), 'base64').toString('latin1'));
  } catch (error) {
    throw admissionForbidden(attributes, `unable to parse csr: ${errorMessage(error)}`);
  }
  if (commonName !== `system:node:${node}`) throw admissionForbidden(attributes, `can only create a node CSR with CN=system:node:${node}`);
}

async function admit(attributes: AdmissionAttributes, stores: NodeRestrictionStores): Promise<void> {
  const node = nodeNameOf(attributes.userInfo);
  if (node === undefined) return;
  if (node === '') throw admissionForbidden(attributes, `could not determine node from user "${attributes.userInfo.username}"`);
  const { group, resource } = attributes.resource;
  const subresource = attributes.subresource;
  if (group === '' && resource === 'pods') {
    if (subresource === '') return admitPod(node, attributes, stores);
    if (subresource === 'status') return admitPodStatus(node, attributes);
    if (subresource === 'eviction') return admitPodEviction(node, attributes, stores);
    throw admissionForbidden(attributes, `unexpected pod subresource "${subresource}", only 'status' and 'eviction' are allowed`);
  }
  if (group === '' && resource === 'nodes') return admitNode(node, attributes);
  if (group === '' && resource === 'persistentvolumeclaims') {
    if (subresource === 'status') return admitClaimStatus(node, attributes);
    throw admissionForbidden(attributes, 'may only update PVC status');
  }
  if (group === '' && resource === 'serviceaccounts') {
    if (attributes.operation !== 'CREATE' || subresource !== 'token') return;
    return checkNodeTokenRequest(node, attributes, stores, (message) => admissionForbidden(attributes, message));
  }
  if (group === 'coordination.k8s.io' && resource === 'leases') return admitLease(node, attributes);
  if (group === 'storage.k8s.io' && resource === 'csinodes') return admitCsiNode(node, attributes);
  if (group === 'resource.k8s.io' && resource === 'resourceslices') return admitResourceSlice(node, attributes, stores);
  if (group === 'certificates.k8s.io' && resource === 'certificatesigningrequests') return admitCertificateSigningRequest(node, attributes);
  // PodCertificateRequest is off in 1.35: kube refuses nodes' writes of them.
  if (group === 'certificates.k8s.io' && resource === 'podcertificaterequests') throw admissionForbidden(attributes, 'PodCertificateRequest feature gate is disabled');
}

/** The resources whose writes by nodes the plugin restricts. */
const restrictedResources: ReadonlySet<string> = new Set([
  '/pods',
  '/nodes',
  '/persistentvolumeclaims',
  '/serviceaccounts',
  'coordination.k8s.io/leases',
  'storage.k8s.io/csinodes',
  'resource.k8s.io/resourceslices',
  'certificates.k8s.io/certificatesigningrequests',
  'certificates.k8s.io/podcertificaterequests',
]);

export function nodeRestriction(stores: NodeRestrictionStores): AdmissionPlugin {
  return {
    name: 'NodeRestriction',
    operations: ['CREATE', 'UPDATE', 'DELETE'],
    // It changes nothing, but it works in kube's mutating phase, which runs only for writes kept on
    // the event loop (a large write prepared on a work thread meets the validating phase alone).
    mutates: (group, resource) => restrictedResources.has(`${group}/${resource}`),
    admit: (attributes) => admit(attributes, stores),
  };
}
