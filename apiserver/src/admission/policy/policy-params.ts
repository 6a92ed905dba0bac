// The parameters of a binding (kube's CollectParams): the objects of the policy's paramKind that
// the binding's paramRef names, by name or by label selector, in the paramRef's namespace or the
// request's. Any served resource can be a paramKind; its objects are read through the registry.

import { labelSelectorString, parseLabelSelector, isNotFound } from '@capstan/common';
import type { ParamRef } from '@capstan/common/api-types/admissionregistration-v1';
import type { GenericStore } from '../../registry/generic-store.ts';
import type { Registry } from '../../registry/registry.ts';
import type { ResourceDefinition } from '../../resources/resource-definition.ts';
import type { JsonObject } from '../../registry/object-meta.ts';
import { wholeList } from '../../registry/store-list.ts';

/** Why a policy or a binding could not be evaluated: kube's "failed to configure policy: ..." (or binding). */
export class PolicyConfigurationError extends Error {
  override name = 'PolicyConfigurationError';
}

/** A Go schema.GroupVersionKind as %v prints it: "group/version, Kind=kind". */
const groupVersionKindText = (group: string, version: string, kind: string): string => `${group}/${version}, Kind=${kind}`;

/** The served resource of a policy's paramKind. */
export interface ParamSource {
  readonly paramKind: { readonly apiVersion: string; readonly kind: string };
  readonly definition: ResourceDefinition;
  readonly store: GenericStore;
}

/**
 * The resource a policy's paramKind names (undefined without one); a paramKind nothing serves is
 * the policy's configuration error, whichever binding matches (kube's policy source).
 */
export function paramSourceOf(registry: Registry, paramKind: { readonly apiVersion: string; readonly kind: string } | undefined): ParamSource | undefined {
  if (paramKind === undefined) return undefined;
  const slash = paramKind.apiVersion.indexOf('/');
  const group = slash === -1 ? '' : paramKind.apiVersion.slice(0, slash);
  const version = slash === -1 ? paramKind.apiVersion : paramKind.apiVersion.slice(slash + 1);
  const definition = registry.definitions.find(
    (candidate) => candidate.group === group && candidate.version === version && candidate.kind === paramKind.kind && candidate.storagePrefix !== undefined,
  );
  const store = definition === undefined ? undefined : registry.store(group, version, definition.resource);
  if (definition === undefined || store === undefined) {
    throw new PolicyConfigurationError(`failed to find resource referenced by paramKind: '${groupVersionKindText(group, version, paramKind.kind)}'`);
  }
  return { paramKind, definition, store };
}

/**
 * The parameter objects the binding gives the policy, each to be evaluated; [null] when the policy
 * or the binding takes none; [] when none is found and the binding allows that.
 */
export async function collectParams(source: ParamSource | undefined, paramRef: ParamRef | undefined, requestNamespace: string): Promise<(JsonObject | null)[]> {
  if (source === undefined || paramRef === undefined) return [null];
  const { paramKind, definition, store } = source;
  const refNamespace = paramRef.namespace ?? '';
  let namespace: string | undefined;
  if (definition.namespaced) {
    namespace = refNamespace !== '' ? refNamespace : requestNamespace;
    if (namespace === '') throw new PolicyConfigurationError('cannot use namespaced paramRef in policy binding that matches cluster-scoped resources');
  } else if (refNamespace !== '') {
    throw new PolicyConfigurationError('paramRef.namespace must not be provided for a cluster-scoped `paramKind`');
  }
  const withKind = (object: JsonObject): JsonObject => ({ ...object, apiVersion: paramKind.apiVersion, kind: paramKind.kind });
  let params: JsonObject[];
  const name = paramRef.name ?? '';
  if (name !== '') {
    if (paramRef.selector !== undefined) throw new PolicyConfigurationError('paramRef.name and paramRef.selector are mutually exclusive');
    try {
      params = [withKind(await store.get(namespace, name))];
    } catch (error) {
      if (!isNotFound(error)) throw new PolicyConfigurationError(error instanceof Error ? error.message : String(error));
      params = [];
    }
  } else if (paramRef.selector !== undefined) {
    const text = labelSelectorString(paramRef.selector);
    if (text === undefined) throw new PolicyConfigurationError('invalid paramRef.selector');
    const page = await store.list({ ...wholeList(namespace), resourceVersion: '0', labelSelector: text === '' ? undefined : parseLabelSelector(text) });
    params = page.items.map((item) => withKind(store.decode(item)));
  } else {
    throw new PolicyConfigurationError('one of name or selector must be provided');
  }
  if (params.length === 0 && paramRef.parameterNotFoundAction === 'Deny') {
    throw new PolicyConfigurationError('no params found for policy binding with `Deny` parameterNotFoundAction');
  }
  return params;
}
