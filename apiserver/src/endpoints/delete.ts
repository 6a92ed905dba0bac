// DELETE .../{resource}/{name}: the object goes at once (a Success Status names it, or the object
// itself for the kinds that answer so), or stays marked for deletion and is answered as it now is.
// With ignoreStoreReadErrorWithClusterBreakingPotential (and its gate), a corrupt object goes unread.

import type { RequestScope } from './request-scope.ts';
import type { IncomingMessage } from 'node:http';
import { fieldInvalid, goQuote, newForbidden, newInvalid, isNotFound } from '@capstan/common';
import type { UserInfo } from '../authentication/authenticator.ts';
import { isAllowed, type Authorizer } from '../authorization/authorizer.ts';
import { attributesOf } from '../authorization/request-attributes.ts';
import { admissionAttributes } from '../admission/request-admission.ts';
import { parseDeleteOptions, type DeleteOptions } from '../registry/delete-options.ts';
import type { GenericStore } from '../registry/generic-store.ts';
import { metadataOf, type JsonObject } from '../registry/object-meta.ts';
import type { RequestInfo } from '../request-info/request-info.ts';
import { namespaceOf } from './get.ts';
import { listRequestOf, sendObjectList } from './list.ts';
import { negotiateOutput } from './negotiate-media-type.ts';
import { readOptionsBody } from './read-body.ts';
import { sendJson } from './send-json.ts';

export async function deleteObject({ store, info, query, request, response, writes }: RequestScope, authorizer: Authorizer): Promise<void> {
  const options = await deleteOptionsOf(request, query, store);
  const { admission, hooks } = writes;
  const unsafe = options.ignoreStoreReadErrorWithClusterBreakingPotential === true;
  if (unsafe) await authorizeUnsafeDelete(authorizer, admission.user, info);
  // kube's admission plugins see the object being deleted as the old object (a policy's oldObject,
  // a webhook's objectSelector); it is read only for plugins that would look.
  const looks =
    admission.chain.validates('DELETE', store.definition.group, store.definition.resource) || admission.chain.mutates(store.definition.group, store.definition.resource);
  const oldObject = unsafe || !looks ? undefined : await storedObjectOrNone(store, namespaceOf(info), info.name);
  await admission.chain.admitAndValidate(
    admissionAttributes(admission, store.definition, {
      operation: 'DELETE',
      namespace: namespaceOf(info),
      name: info.name,
      dryRun: options.dryRun,
      ...(oldObject === undefined ? {} : { oldObject }),
      options: deleteOptionsObject(options),
    }),
  );
  const { object, deleted } = unsafe ? await store.deleteCorrupt(namespaceOf(info), info.name) : await store.delete(namespaceOf(info), info.name, options);
  if (object === undefined) {
    // Nothing could be read of the object, so no hook runs and kube's handler fills in the Status.
    sendJson(response, 200, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details: { name: info.name, kind: store.definition.kind }, code: 200 });
    return;
  }
  if (deleted && !options.dryRun) await hooks?.afterDelete?.(object);
  if (!deleted || store.strategy.returnsDeletedObject === true) {
    // kube answers 202 only where a client asked for cascading with the old orphanDependents=false.
    sendJson(response, !deleted && options.orphanDependents === false ? 202 : 200, object);
    return;
  }
  const uid = (object.metadata as { uid?: string } | undefined)?.uid;
  const { group, resource } = store.groupResource;
  sendJson(response, 200, {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Success',
    details: { name: info.name, ...(group === '' ? {} : { group }), kind: resource, ...(uid === undefined ? {} : { uid }) },
  });
}

// DELETE .../{resource}: every object the selectors pick; the answer lists them.
export async function deleteCollection({ store, info, query, request, response, writes }: RequestScope): Promise<void> {
  const { hooks } = writes;
  const options = await deleteOptionsOf(request, query, store);
  if (options.ignoreStoreReadErrorWithClusterBreakingPotential === true) {
    throw newInvalid({ group: 'meta.k8s.io', kind: 'DeleteOptions' }, '', [
      fieldInvalid('ignoreStoreReadErrorWithClusterBreakingPotential', true, 'is not allowed with DELETECOLLECTION, try again after removing the option'),
    ]);
  }
  // kube's admission of a collection's deletion: both phases for each object, as the old object,
  // under the collection's attributes (no name: a refusal names the object "Unknown").
  const { admission } = writes;
  const namespace = namespaceOf(info);
  const admit = (oldObject: JsonObject) =>
    admission.chain.admitAndValidate(
      admissionAttributes(admission, store.definition, { operation: 'DELETE', namespace, name: '', dryRun: options.dryRun, oldObject, options: deleteOptionsObject(options) }),
    );
  const deleted = await store.deleteCollection(listRequestOf(store, info, query), options, admit);
  // Those still held by finalizers or a grace period keep what they hold until they go.
  if (!options.dryRun) for (const object of deleted.items) if (metadataOf(object).deletionTimestamp === undefined) await hooks?.afterDelete?.(object);
  sendObjectList(store, deleted, response);
}

/**
 * DeleteOptions come in the body (kubectl) or, when there is none, in the query. The answer is
 * negotiated first: kube-apiserver answers 406 before it deletes anything.
 */
async function deleteOptionsOf(request: IncomingMessage, query: URLSearchParams, store: GenericStore): Promise<DeleteOptions> {
  negotiateOutput(request);
  const hasBody = request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? '0') > 0;
  const body: JsonObject | undefined = hasBody ? await readOptionsBody(request) : undefined;
  return parseDeleteOptions(body, query, { allowUnsafeMalformedObjectDeletion: store.allowUnsafeMalformedObjectDeletion });
}

/** The DeleteOptions as kube's admission gets them: what the request set, in Go's field order. */
function deleteOptionsObject(options: DeleteOptions): JsonObject {
  const { gracePeriodSeconds, preconditions, orphanDependents, propagationPolicy, dryRun, ignoreStoreReadErrorWithClusterBreakingPotential: unsafe } = options;
  return {
    ...(gracePeriodSeconds === undefined ? {} : { gracePeriodSeconds }),
    ...(preconditions === undefined ? {} : { preconditions }),
    ...(orphanDependents === undefined ? {} : { orphanDependents }),
    ...(propagationPolicy === undefined ? {} : { propagationPolicy }),
    ...(dryRun ? { dryRun: ['All'] } : {}),
    ...(unsafe === undefined ? {} : { ignoreStoreReadErrorWithClusterBreakingPotential: unsafe }),
  };
}

/** The verbs an unsafe deletion needs on the resource: the delete itself, and the right to skip reading the object. */
const unsafeDeleteVerbs = ['delete', 'unsafe-delete-ignore-read-errors'] as const;

/** kube's 403 when the caller may not do one of them. */
async function authorizeUnsafeDelete(authorizer: Authorizer, user: UserInfo, info: RequestInfo): Promise<void> {
  for (const verb of unsafeDeleteVerbs) {
    const decision = await authorizer.authorize({ ...attributesOf(user, info), verb });
    if (!isAllowed(decision)) {
      throw newForbidden({ group: info.apiGroup, resource: info.resource }, info.name, `not permitted to do ${goQuote(verb)}, reason: ${decision.reason}`);
    }
  }
}

/** The stored object, or undefined when there is none (the delete then answers its 404). */
async function storedObjectOrNone(store: GenericStore, namespace: string | undefined, name: string): Promise<JsonObject | undefined> {
  try {
    return await store.get(namespace, name);
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}
