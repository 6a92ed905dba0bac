// Legacy (non-aggregated) discovery documents built from resource declarations: /api
// (APIVersions), /apis (APIGroupList), /apis/<group> (APIGroup), /api/v1 and /apis/<g>/<v> (APIResourceList).

import { groupVersionString } from '@capstan/common';
import type { ResourceDefinition, Verb } from '../resources/resource-definition.ts';
import { compareGroups, compareKubeAwareVersions } from './group-version-order.ts';
import { storageVersionHashOf } from './storage-version-hash.ts';
import { discoveryVerbs } from './discovery-verbs.ts';

// Property order below is the field order of the metav1 Go structs, which kube's JSON encoder follows;
// optional properties are the `omitempty` ones and are left out rather than set to undefined.

export interface ServerAddressByClientCIDR {
  readonly clientCIDR: string;
  readonly serverAddress: string;
}

export interface APIVersions {
  readonly kind: 'APIVersions';
  readonly versions: readonly string[];
  readonly serverAddressByClientCIDRs: readonly ServerAddressByClientCIDR[];
}

export interface GroupVersionForDiscovery {
  readonly groupVersion: string;
  readonly version: string;
}

/** An entry of APIGroupList.groups: no kind/apiVersion. */
export interface APIGroupEntry {
  readonly name: string;
  readonly versions: readonly GroupVersionForDiscovery[];
  readonly preferredVersion: GroupVersionForDiscovery;
}

export interface APIGroup {
  readonly kind: 'APIGroup';
  readonly apiVersion: 'v1';
  readonly name: string;
  readonly versions: readonly GroupVersionForDiscovery[];
  readonly preferredVersion: GroupVersionForDiscovery;
}

export interface APIGroupList {
  readonly kind: 'APIGroupList';
  readonly apiVersion: 'v1';
  readonly groups: readonly APIGroupEntry[];
}

export interface APIResource {
  readonly name: string;
  readonly singularName: string;
  readonly namespaced: boolean;
  readonly group?: string;
  readonly version?: string;
  readonly kind: string;
  readonly verbs: readonly Verb[];
  readonly shortNames?: readonly string[];
  readonly categories?: readonly string[];
  readonly storageVersionHash?: string;
}

/** Core /api/v1 carries no apiVersion; group-version lists carry apiVersion "v1". */
export interface APIResourceList {
  readonly kind: 'APIResourceList';
  readonly apiVersion?: 'v1';
  readonly groupVersion: string;
  readonly resources: readonly APIResource[];
}

/** "v1" for the core group, "<group>/<version>" otherwise. */
export { groupVersionString };

/** The named groups (core excluded unless asked) in kube's discovery order. */
export function orderedGroups(defs: readonly ResourceDefinition[]): readonly string[] {
  return [...new Set(defs.map((d) => d.group))].sort(compareGroups);
}

/** The versions `defs` serve for `group`, preferred version first. */
export function orderedVersions(defs: readonly ResourceDefinition[], group: string): readonly string[] {
  return [...new Set(defs.filter((d) => d.group === group).map((d) => d.version))].sort(compareKubeAwareVersions);
}

/** The declarations of one group-version, ordered by resource name as kube's installer sorts its paths. */
export function resourcesOf(defs: readonly ResourceDefinition[], group: string, version: string): readonly ResourceDefinition[] {
  return defs.filter((d) => d.group === group && d.version === version).sort((a, b) => (a.resource < b.resource ? -1 : a.resource > b.resource ? 1 : 0));
}

/** GET /api. */
export function apiVersions(defs: readonly ResourceDefinition[], serverAddress: string): APIVersions {
  return {
    kind: 'APIVersions',
    versions: orderedVersions(defs, ''),
    serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }],
  };
}

function groupEntry(defs: readonly ResourceDefinition[], group: string): APIGroupEntry | undefined {
  const versions = orderedVersions(defs, group).map((version) => ({ groupVersion: `${group}/${version}`, version }));
  const preferredVersion = versions[0];
  if (preferredVersion === undefined) return undefined;
  return { name: group, versions, preferredVersion };
}

/** GET /apis: every named group, in kube's group priority order. */
export function apiGroupList(defs: readonly ResourceDefinition[]): APIGroupList {
  const groups: APIGroupEntry[] = [];
  for (const group of orderedGroups(defs)) {
    if (group === '') continue;
    const entry = groupEntry(defs, group);
    if (entry !== undefined) groups.push(entry);
  }
  return { kind: 'APIGroupList', apiVersion: 'v1', groups };
}

/** GET /apis/<group>, or undefined when no declaration serves that group. */
export function apiGroup(defs: readonly ResourceDefinition[], group: string): APIGroup | undefined {
  if (group === '') return undefined;
  const entry = groupEntry(defs, group);
  if (entry === undefined) return undefined;
  return { kind: 'APIGroup', apiVersion: 'v1', ...entry };
}

function mainResource(def: ResourceDefinition, all: readonly ResourceDefinition[]): APIResource {
  const hash = storageVersionHashOf(def, all);
  return {
    name: def.resource,
    singularName: def.singularName,
    namespaced: def.namespaced,
    kind: def.kind,
    verbs: discoveryVerbs(def),
    ...(def.shortNames.length > 0 ? { shortNames: def.shortNames } : {}),
    ...(def.categories.length > 0 ? { categories: def.categories } : {}),
    ...(hash !== undefined ? { storageVersionHash: hash } : {}),
  };
}

/** GET /api/v1 or /apis/<group>/<version>, or undefined when nothing is served there. */
export function apiResourceList(defs: readonly ResourceDefinition[], group: string, version: string): APIResourceList | undefined {
  const served = resourcesOf(defs, group, version);
  if (served.length === 0) return undefined;
  const entries: APIResource[] = [];
  for (const def of served) {
    entries.push(mainResource(def, defs));
    for (const sub of def.subresources) {
      const subGroup = sub.group ?? def.group;
      const subVersion = sub.version ?? def.version;
      const foreign = subGroup !== def.group || subVersion !== def.version;
      entries.push({
        name: `${def.resource}/${sub.name}`,
        singularName: '',
        namespaced: def.namespaced,
        ...(foreign && subGroup !== '' ? { group: subGroup } : {}),
        ...(foreign && subVersion !== '' ? { version: subVersion } : {}),
        kind: sub.kind,
        verbs: sub.verbs,
      });
    }
  }
  // kube sorts the full paths, so "pods/status" lands between "pods" and "podtemplates".
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const groupVersion = groupVersionString(group, version);
  return group === '' ? { kind: 'APIResourceList', groupVersion, resources: entries } : { kind: 'APIResourceList', apiVersion: 'v1', groupVersion, resources: entries };
}
