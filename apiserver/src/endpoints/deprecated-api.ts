// Requests to a deprecated API, as kube-apiserver's installer and CRD handler mark them: a Warning
// in kube's words ("v1 Endpoints is deprecated in v1.33+; use discovery.k8s.io/v1 EndpointSlice"),
// the audit annotations k8s.io/deprecated and k8s.io/removed-release, and the request noted for
// apiserver_requested_deprecated_apis (filters/request-metrics.ts).

import { groupVersionString, kubernetesMinor } from '@capstan/common';
import { recordDeprecatedApi } from '../audit/audit-annotations.ts';
import type { RequestContext } from '../filters/request-context.ts';
import type { ResourceDefinition } from '../resources/resource-definition.ts';

type Release = readonly [major: number, minor: number];

/** kube's APILifecycle facts of a served kind (k8s.io/api's lifecycle.go and prerelease-lifecycle files). */
export interface ApiLifecycle {
  readonly deprecated: Release;
  readonly removed?: Release;
  readonly replacement?: { readonly group: string; readonly version: string; readonly kind: string };
}

/** The built-in kinds Capstan serves that kube 1.35 deprecates (or will), by "<apiVersion> <Kind>". */
const builtinLifecycles: ReadonlyMap<string, ApiLifecycle> = new Map([
  ['v1 ComponentStatus', { deprecated: [1, 19] }],
  ['v1 Endpoints', { deprecated: [1, 33], replacement: { group: 'discovery.k8s.io', version: 'v1', kind: 'EndpointSlice' } }],
  ['admissionregistration.k8s.io/v1beta1 MutatingAdmissionPolicy', { deprecated: [1, 37], removed: [1, 40] }],
  ['admissionregistration.k8s.io/v1beta1 MutatingAdmissionPolicyBinding', { deprecated: [1, 37], removed: [1, 40] }],
]);

const currentRelease: Release = kubernetesMinor.split('.').map(Number) as unknown as Release;

/** What a request to a deprecated API is told, and the release that removes it ("" when none is planned). */
export interface Deprecation {
  readonly warning: string;
  readonly removedRelease: string;
}

/** kube's deprecation.IsDeprecated, RemovedRelease and WarningMessage of a built-in kind; a CRD version's own flag and warning. */
export function deprecationOf(definition: ResourceDefinition): Deprecation | undefined {
  if (definition.custom !== undefined) {
    const warning = definition.custom.deprecationWarning;
    return warning === undefined ? undefined : { warning, removedRelease: '' };
  }
  const apiVersion = groupVersionString(definition.group, definition.version);
  const lifecycle = builtinLifecycles.get(`${apiVersion} ${definition.kind}`);
  if (lifecycle === undefined || compareReleases(lifecycle.deprecated, currentRelease) > 0) return undefined;
  return { warning: lifecycleWarning(apiVersion, definition.kind, lifecycle), removedRelease: lifecycle.removed?.join('.') ?? '' };
}

/** kube's deprecation.WarningMessage: since when, until when if a removal is planned, and what to use if there is a replacement. */
export function lifecycleWarning(apiVersion: string, kind: string, lifecycle: ApiLifecycle): string {
  let warning = `${apiVersion} ${kind} is deprecated in v${lifecycle.deprecated.join('.')}+`;
  if (lifecycle.removed !== undefined) warning += `, unavailable in v${lifecycle.removed.join('.')}+`;
  const replacement = lifecycle.replacement;
  if (replacement !== undefined) warning += `; use ${groupVersionString(replacement.group, replacement.version)} ${replacement.kind}`;
  return warning;
}

/** Marks a request served by `definition` when its API is deprecated: the Warning, the audit annotations, the metric's note. */
export function markDeprecatedApi(context: RequestContext, definition: ResourceDefinition): void {
  const deprecation = deprecationOf(definition);
  if (deprecation === undefined) return;
  context.warnings.add(deprecation.warning);
  recordDeprecatedApi(context.request, deprecation.removedRelease);
  context.deprecatedApi = { removedRelease: deprecation.removedRelease };
}

function compareReleases(a: Release, b: Release): number {
  return a[0] !== b[0] ? a[0] - b[0] : a[1] - b[1];
}
