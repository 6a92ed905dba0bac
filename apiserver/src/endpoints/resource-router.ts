// Routes a resource request, once parsed into request info, to the endpoint of its verb and
// subresource.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { newMethodNotSupported, StatusError, type GroupResource } from '@capstan/common';
import type { AdmissionChain } from '../admission/admission-chain.ts';
import type { WriteGuard } from '../admission/request-admission.ts';
import type { Authorizer } from '../authorization/authorizer.ts';
import { requestInfoOf, userOf, type RequestContext } from '../filters/request-context.ts';
import { requireAllowed } from '../filters/authorization.ts';
import { attributesOf } from '../authorization/request-attributes.ts';
import type { KubeletClient } from '../kubelet/kubelet-client.ts';
import type { GenericStore } from '../registry/generic-store.ts';
import type { Registry } from '../registry/registry.ts';
import type { ResourceDefinition } from '../resources/resource-definition.ts';
import type { ResourceHooks } from '../registry/resource-hooks.ts';
import { servedBy } from './negotiated-conversion.ts';
import type { RequestScope } from './request-scope.ts';
import type { ResourceWrites } from './resource-writes.ts';
import { namespaceInPath, type RequestInfo } from '../request-info/request-info.ts';
import { parseListOptions } from '../registry/list-options.ts';
import { writeOptionsOf } from '../registry/write-options.ts';
import { serveComponentStatuses, type ComponentProbe } from './component-status.ts';
import { markDeprecatedApi } from './deprecated-api.ts';
import { createObject } from './create.ts';
import { managerOf } from '../apply/field-tracking.ts';
import { mainPatchTarget, subresourcePatchTarget } from './patch-targets.ts';
import { negotiateOutput, servesCustomObjects, servesNoTables } from './negotiate-media-type.ts';
import { createReview } from './create-review.ts';
import type { TokenAuthenticators } from '../authentication/token-union.ts';
import { deleteCollection, deleteObject } from './delete.ts';
import { getObject, namespaceOf } from './get.ts';
import { listObjects } from './list.ts';
import { approvalView, resizeView, scaleView, statusView, type ObjectView } from './object-view.ts';
import { patchObject } from './patch.ts';
import { bindPod } from './pod-binding.ts';
import { evictPod } from './pod-eviction.ts';
import { streamPodLog } from './pod-log.ts';
import { connectPodStream, isPodStreamSubresource } from './pod-stream.ts';
import { connectProxy } from './proxy/connect-proxy.ts';
import { readJsonBody } from './read-body.ts';
import { sendJson } from './send-json.ts';
import { updateObject, updateTracker } from './update.ts';
import { methodNotAllowed, unservedMethod } from './unserved-method.ts';
import { watchObjects, type WatchSettings } from './watch.ts';
import type { UserInfo } from '../authentication/authenticator.ts';
import type { ServiceAccountTokens } from '../authentication/service-account-tokens.ts';
import { serviceAccountObjectsOf } from '../authentication/service-account-objects.ts';
import { requestServiceAccountToken } from './service-account-token.ts';
import { auditAnnotator } from '../audit/audit-annotations.ts';
import { auditOf } from '../audit/request-audit.ts';

/** What the resource endpoints serve besides the request: the stores, and what is probed or limited. */
export interface ServedResources {
  readonly registry: Registry;
  readonly watchSettings: WatchSettings;
  /** What componentstatuses reports on. */
  readonly components: readonly ComponentProbe[];
  /** The hooks of a resource's storage around writes, where it has any (Services). */
  readonly hooks: (definition: ResourceDefinition) => ResourceHooks | undefined;
  /** The pods the legacy bindings resource binds. */
  readonly pods: GenericStore;
  /** The budgets an eviction respects. */
  readonly podDisruptionBudgets: GenericStore;
  /** The Endpoints a service's proxy picks an address from. */
  readonly endpoints: GenericStore;
  /** The node agents, behind pods' log, exec, attach and portforward, and nodes' proxy. */
  readonly kubelet: KubeletClient;
  /** The PodLogsQuerySplitStreams gate: pods/log's stream option. */
  readonly podLogsQuerySplitStreams: boolean;
  /** What the endpoints that ask more than the authorization filter did ask (an unsafe delete). */
  readonly authorizer: Authorizer;
  /** The enabled admission plugins, which every write goes through. */
  readonly admission: AdmissionChain;
  /** What a service account's TokenRequest issues; the token subresource is unserved without it. */
  readonly serviceAccountTokens?: ServiceAccountTokens;
  /** What the storage checks before admission (the RBAC resources' escalation check). */
  readonly writeGuard?: WriteGuard;
  /** The bearer token authenticators, which TokenReview asks. */
  readonly tokens: TokenAuthenticators;
}

export async function routeResourceRequest(served: ServedResources, context: RequestContext): Promise<boolean> {
  const { request, response } = context;
  const info = requestInfoOf(context);
  const query = context.url.searchParams;
  const { registry, watchSettings } = served;
  const definition = registry.definition(info.apiGroup, info.apiVersion, info.resource);
  if (definition === undefined) return false;
  // A cluster-scoped resource has no path under a namespace (kube's 404, as for a path it does not serve).
  if (!definition.namespaced && namespaceInPath(info)) return false;
  servedBy(request, definition);
  markDeprecatedApi(context, definition);
  if (definition.custom !== undefined && info.subresource !== 'scale') servesCustomObjects(request);
  const groupResource = { group: definition.group, resource: definition.resource };
  const store = registry.store(info.apiGroup, info.apiVersion, info.resource);
  if (info.subresource !== '') {
    await routeSubresource(served, context, definition, store);
    return true;
  }
  const unserved = unservedMethod(definition, info);
  if (unserved !== undefined) throw unserved;
  if (definition.virtual !== undefined || store === undefined) {
    await routeVirtual(served, definition, info, userOf(context), query, request, response);
    return true;
  }
  auditOf(request)?.defaultObjectsAs(definition);
  const user = userOf(context);
  // A PUT or an apply may create the object: kube then asks for `create` as well.
  const authorizeCreate = info.verb === 'update' || info.verb === 'patch' ? () => requireAllowed(served.authorizer, { ...attributesOf(user, info), verb: 'create' }) : undefined;
  const admission = {
    chain: served.admission,
    user,
    guard: served.writeGuard,
    annotate: auditAnnotator(request),
    warn: (text: string) => context.warnings.add(text),
    writeOptions: admissionWriteOptions(query),
    ...(authorizeCreate === undefined ? {} : { authorizeCreate }),
  };
  const writes: ResourceWrites = { admission, hooks: served.hooks(definition) };
  const scope: RequestScope = { info, query, request, response, store, writes, warnings: context.warnings };
  switch (info.verb) {
    case 'get':
      await getObject(scope);
      return true;
    case 'list':
      await listObjects(scope);
      return true;
    case 'watch':
      await watchObjects(scope, watchSettings);
      return true;
    case 'create':
      await createObject(scope);
      return true;
    case 'update':
      await updateObject(scope);
      return true;
    case 'patch':
      await patchObject(await mainPatchTarget(scope), scope);
      return true;
    case 'deletecollection':
      await deleteCollection(scope);
      return true;
    case 'delete':
      await deleteObject(scope, served.authorizer);
      return true;
    default:
      throw newMethodNotSupported(groupResource, info.verb);
  }
}

/** A resource that is never stored: what its declaration says answers it. */
async function routeVirtual(
  served: ServedResources,
  definition: ResourceDefinition,
  info: RequestInfo,
  user: UserInfo,
  query: URLSearchParams,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  switch (definition.virtual) {
    case 'review':
      if (info.verb === 'create') return createReview(definition, info, user, request, response, served.authorizer, served.tokens);
      break;
    case 'binding':
      if (info.verb === 'create') return bindPod(served.pods, info, request, response);
      break;
    case 'component-statuses':
      return serveComponentStatuses(definition, served.components, info, query, response);
  }
  throw newMethodNotSupported({ group: definition.group, resource: definition.resource }, info.verb);
}

async function routeSubresource(served: ServedResources, context: RequestContext, definition: ResourceDefinition, store: GenericStore | undefined): Promise<void> {
  const { request, response, warnings } = context;
  const info = requestInfoOf(context);
  const query = context.url.searchParams;
  const subresource = definition.subresources.find((s) => s.name === info.subresource);
  if (subresource === undefined) throw notFoundPath();
  const subject: GroupResource = { group: definition.group, resource: `${definition.resource}/${subresource.name}` };
  // OPTIONS has no kube verb; kube's proxy subresources serve it all the same.
  const proxiedOptions = subresource.endpoint === 'proxy' && request.method === 'OPTIONS';
  if (!proxiedOptions && !(subresource.verbs as readonly string[]).includes(info.verb)) throw methodNotAllowed();
  if (store === undefined) throw newMethodNotSupported(subject, info.verb);
  const namespace = namespaceOf(info);
  if (subresource.noTables === true || subresource.endpoint === 'scale' || subresource.endpoint === 'approval') servesNoTables(request);
  // Status and approval writes and evictions are admitted (kube admits every subresource write; Capstan these so far).
  const admission = { chain: served.admission, user: userOf(context), annotate: auditAnnotator(request), warn: (text: string) => context.warnings.add(text) };
  let view: ObjectView;
  switch (subresource.endpoint) {
    case 'status':
      if (info.verb === 'get') return getObject({ store, info, query, response });
      view = statusView(store, namespace, info.name, admission);
      break;
    case 'scale':
      view = scaleView(store, namespace, info.name, info.verb === 'get');
      break;
    case 'resize':
      view = resizeView(store, namespace, info.name, admission);
      break;
    case 'approval':
      view = approvalView(store, info.name, admission);
      break;
    case 'finalize':
      return sendJson(response, 200, await store.finalize(info.name, await readJsonBody(request)));
    case 'binding':
      return bindPod(store, info, request, response, admission);
    case 'eviction':
      return evictPod(store, served.podDisruptionBudgets, info, query, request, response, admission);
    case 'log':
      return streamPodLog(store, served.kubelet, info, query, response, served.podLogsQuerySplitStreams);
    case 'stream':
      if (!isPodStreamSubresource(subresource.name)) throw newMethodNotSupported(subject, info.verb);
      return connectPodStream(subresource.name, store, served.kubelet, info, query, request, response, admission);
    case 'token':
      if (served.serviceAccountTokens === undefined) throw newMethodNotSupported(subject, info.verb);
      return requestServiceAccountToken(
        {
          tokens: served.serviceAccountTokens,
          objects: serviceAccountObjectsOf(served.registry),
          admission: { chain: served.admission, user: userOf(context) },
          definition,
          warnings,
        },
        info,
        request,
        response,
      );
    case 'proxy':
      return connectProxy({ store, pods: served.pods, endpoints: served.endpoints, kubelet: served.kubelet }, info, request, response, admission);
    case 'unserved':
      throw newMethodNotSupported(subject, info.verb);
  }
  switch (info.verb) {
    case 'get':
      // As every GET: 406 before anything is read, then a state at least as new as the resourceVersion.
      negotiateOutput(request);
      return sendJson(response, 200, await view.get(parseListOptions(query, 'get').resourceVersion));
    case 'update': {
      negotiateOutput(request);
      const { dryRun } = writeOptionsOf(query, 'UpdateOptions');
      const track = await updateTracker(definition, subresource.name, managerOf(query, request));
      return sendJson(response, 200, await view.update(await readJsonBody(request), { dryRun, track }));
    }
    case 'patch':
      return patchObject(await subresourcePatchTarget(store, info, subresource.endpoint, admission), { query, request, response, warnings });
    default:
      throw newMethodNotSupported(subject, info.verb);
  }
}

/** The 404 of a path nothing is served at. */
export function notFoundPath(): StatusError {
  return new StatusError({
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'the server could not find the requested resource',
    reason: 'NotFound',
    details: {},
    code: 404,
  });
}

/** The fieldManager and fieldValidation of a write, as its CreateOptions or UpdateOptions hold them. */
function admissionWriteOptions(query: URLSearchParams): Record<string, string> {
  const fieldManager = query.get('fieldManager');
  const fieldValidation = query.get('fieldValidation');
  return { ...(fieldManager === null ? {} : { fieldManager }), ...(fieldValidation === null ? {} : { fieldValidation }) };
}
