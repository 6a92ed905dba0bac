// kube's Node authorizer (--authorization-mode=Node): what a node agent (system:node:<name> in
// system:nodes) may do. Secrets, configmaps, claims, volumes, service accounts, resource claims,
// VolumeAttachments and ResourceSlices only when the graph relates them to the node; leases and
// CSINodes of its own name; its own Node object, and pods only listed by spec.nodeName (kube 1.35's
// AuthorizeNodeWithSelectors); everything else by the static node rules. It never denies: what it
// does not allow it has no opinion about (with kube's reason), so a later mode may still allow it.

import type { Attributes, AuthorizationDecision, Authorizer, ResourceAttributes } from '../authorizer.ts';
import type { GraphObjectKind, NodeGraph } from './node-graph.ts';
import { nodeNameOf } from './node-identity.ts';
import { nodeRules, rulesAllow } from './node-rules.ts';

type ResourceRequest = Extract<Attributes, { isResourceRequest: true }>;

const allow: AuthorizationDecision = { decision: 'allow', reason: '' };
const noOpinion = (reason = ''): AuthorizationDecision => ({ decision: 'noOpinion', reason });

/** kube's NamespaceNodeLease. */
const nodeLeaseNamespace = 'kube-node-lease';

/** Whether the request's fieldSelector has the term `<field>=<node>` (kube's selector check). */
const selectsNode = (attributes: ResourceAttributes, field: string, node: string): boolean =>
  (attributes.fieldSelector ?? []).some((requirement) => requirement.field === field && requirement.operator === '=' && requirement.value === node);

export class NodeAuthorizer implements Authorizer {
  readonly #graph: NodeGraph;

  constructor(graph: NodeGraph) {
    this.#graph = graph;
  }

  authorize(attributes: Attributes): AuthorizationDecision {
    const node = nodeNameOf(attributes.user);
    if (node === undefined) return noOpinion();
    if (node === '') return noOpinion(`unknown node for user ${JSON.stringify(attributes.user.username)}`);
    if (attributes.isResourceRequest) {
      const decided = this.#subdivided(node, attributes);
      if (decided !== undefined) return decided;
    }
    return rulesAllow(attributes, nodeRules) ? allow : noOpinion();
  }

  /** The decision for the resources the node's access to is narrowed; undefined for the others. */
  #subdivided(node: string, attributes: ResourceRequest): AuthorizationDecision | undefined {
    const group = attributes.group;
    const resource = attributes.resource;
    if (group === '') {
      switch (resource) {
        case 'secrets':
        case 'configmaps':
          return this.#readNamespaced(node, resource, attributes);
        case 'persistentvolumeclaims':
          return attributes.subresource === 'status' ? this.#statusUpdate(node, resource, attributes) : this.#get(node, resource, attributes);
        case 'persistentvolumes':
          return this.#get(node, resource, attributes);
        case 'serviceaccounts':
          // KubeletServiceAccountTokenForCredentialProviders (on in 1.35) lets nodes get them.
          if (attributes.verb === 'get' && attributes.subresource === '') return this.#readNamespaced(node, resource, attributes);
          return this.#createToken(node, attributes);
        case 'nodes':
          return this.#node(node, attributes);
        case 'pods':
          return this.#pod(node, attributes);
      }
    }
    if (group === 'resource.k8s.io' && resource === 'resourceclaims') return this.#get(node, resource, attributes);
    if (group === 'resource.k8s.io' && resource === 'resourceslices') return this.#resourceSlice(node, attributes);
    if (group === 'storage.k8s.io' && resource === 'volumeattachments') return this.#get(node, resource, attributes);
    if (group === 'storage.k8s.io' && resource === 'csinodes') return this.#csiNode(node, attributes);
    if (group === 'coordination.k8s.io' && resource === 'leases') return this.#lease(node, attributes);
    // PodCertificateRequest is off in 1.35: nodes have no opinion on them.
    if (group === 'certificates.k8s.io' && resource === 'podcertificaterequests') return noOpinion();
    return undefined;
  }

  /** kube's authorize: the named object must lead to the node in the graph. */
  #related(node: string, kind: GraphObjectKind, attributes: ResourceRequest): AuthorizationDecision {
    if (attributes.name === '') return noOpinion('No Object name found');
    if (this.#graph.isRelated(node, kind, attributes.namespace, attributes.name)) return allow;
    return noOpinion(`no relationship found between node '${node}' and this object`);
  }

  #get(node: string, kind: GraphObjectKind, attributes: ResourceRequest): AuthorizationDecision {
    if (attributes.verb !== 'get') return noOpinion('can only get individual resources of this type');
    if (attributes.subresource !== '') return noOpinion('cannot get subresource');
    return this.#related(node, kind, attributes);
  }

  #readNamespaced(node: string, kind: GraphObjectKind, attributes: ResourceRequest): AuthorizationDecision {
    if (!['get', 'list', 'watch'].includes(attributes.verb)) return noOpinion('can only read resources of this type');
    if (attributes.subresource !== '') return noOpinion('cannot read subresource');
    if (attributes.namespace === '') return noOpinion('can only read namespaced object of this type');
    return this.#related(node, kind, attributes);
  }

  #statusUpdate(node: string, kind: GraphObjectKind, attributes: ResourceRequest): AuthorizationDecision {
    if (attributes.verb !== 'update' && attributes.verb !== 'patch') return noOpinion('can only get/update/patch this type');
    return this.#related(node, kind, attributes);
  }

  /** A token of a service account a pod of the node runs as. */
  #createToken(node: string, attributes: ResourceRequest): AuthorizationDecision {
    if (attributes.verb !== 'create' || attributes.name === '') return noOpinion('can only create tokens for individual service accounts');
    if (attributes.subresource !== 'token') return noOpinion('can only create token subresource of serviceaccount');
    return this.#related(node, 'serviceaccounts', attributes);
  }

  /** The lease of its own name in kube-node-lease; a create's name is checked by NodeRestriction. */
  #lease(node: string, attributes: ResourceRequest): AuthorizationDecision {
    if (!['get', 'create', 'update', 'patch', 'delete'].includes(attributes.verb)) return noOpinion('can only get, create, update, patch, or delete a node lease');
    if (attributes.namespace !== nodeLeaseNamespace) return noOpinion(`can only access leases in the "${nodeLeaseNamespace}" system namespace`);
    if (attributes.verb !== 'create' && attributes.name !== node) return noOpinion('can only access node lease with the same name as the requesting node');
    return allow;
  }

  #csiNode(node: string, attributes: ResourceRequest): AuthorizationDecision {
    if (!['get', 'create', 'update', 'patch', 'delete'].includes(attributes.verb)) return noOpinion('can only get, create, update, patch, or delete a CSINode');
    if (attributes.subresource !== '') return noOpinion('cannot authorize CSINode subresources');
    if (attributes.verb !== 'create' && attributes.name !== node) return noOpinion('can only access CSINode with the same name as the requesting node');
    return allow;
  }

  #resourceSlice(node: string, attributes: ResourceRequest): AuthorizationDecision {
    if (attributes.subresource !== '') return noOpinion('cannot authorize ResourceSlice subresources');
    switch (attributes.verb) {
      case 'create':
        // NodeRestriction checks the new slice's spec.nodeName.
        return allow;
      case 'get':
      case 'update':
      case 'patch':
      case 'delete':
        return this.#related(node, 'resourceslices', attributes);
      case 'watch':
      case 'list':
      case 'deletecollection':
        if (selectsNode(attributes, 'spec.nodeName', node)) return allow;
        return noOpinion('can only list/watch/deletecollection resourceslices with nodeName field selector');
      default:
        return noOpinion('only the following verbs are allowed for a ResourceSlice: get, watch, list, create, update, patch, delete, deletecollection');
    }
  }

  /** Its own Node: reads by name (even before it exists); writes are narrowed by NodeRestriction. */
  #node(node: string, attributes: ResourceRequest): AuthorizationDecision {
    const verb = attributes.verb;
    if (attributes.subresource === '') {
      if (verb === 'create' || verb === 'update' || verb === 'patch') return allow;
      if (verb === 'get' || verb === 'list' || verb === 'watch') {
        if (attributes.name === node) return allow;
        if (attributes.name === '') return noOpinion(`node '${node}' cannot read all nodes, only its own Node object`);
        return noOpinion(`node '${node}' cannot read '${attributes.name}', only its own Node object`);
      }
    } else if (attributes.subresource === 'status' && (verb === 'update' || verb === 'patch')) {
      return allow;
    }
    return noOpinion();
  }

  /** Pods: its own by name or by the spec.nodeName selector; mirror pods, status and evictions (narrowed by NodeRestriction). */
  #pod(node: string, attributes: ResourceRequest): AuthorizationDecision {
    const verb = attributes.verb;
    switch (attributes.subresource) {
      case '':
        if (verb === 'get') return this.#get(node, 'pods', attributes);
        if (verb === 'list' || verb === 'watch') {
          if (selectsNode(attributes, 'spec.nodeName', node)) return allow;
          if (attributes.name !== '') return this.#related(node, 'pods', attributes);
          return noOpinion('can only list/watch pods with spec.nodeName field selector');
        }
        if (verb === 'create' || verb === 'delete') return allow;
        break;
      case 'status':
        if (verb === 'update' || verb === 'patch') return allow;
        break;
      case 'eviction':
        if (verb === 'create') return allow;
        break;
    }
    return noOpinion();
  }
}
