// What the validating and the mutating policy plugins share to match a request: the matcher's
// context (namespace labels from an in-process namespace cache, the served equivalent resources)
// and the namespace object their CEL sees, and the resources no policy ever applies to.

import type { Logger } from '@capstan/common';
import type { JsonObject } from '../../registry/object-meta.ts';
import type { Registry } from '../../registry/registry.ts';
import type { AdmissionAttributes } from '../admission-attributes.ts';
import { servedEquivalentResources } from '../matching/equivalent-resources.ts';
import type { MatchingContext } from '../matching/match-request.ts';
import { NamespaceCache } from '../matching/namespace-cache.ts';
import { namespaceLabelsFrom } from '../matching/namespace-labels.ts';

/** The admission policy resources themselves are never subject to policies. */
const policyResources = new Set(['validatingadmissionpolicies', 'validatingadmissionpolicybindings', 'mutatingadmissionpolicies', 'mutatingadmissionpolicybindings']);

export const isPolicyResource = (group: string, resource: string): boolean => group === 'admissionregistration.k8s.io' && policyResources.has(resource);

export interface PolicyMatching {
  readonly matching: MatchingContext;
  /** The request's namespace (`namespaceObject`); undefined for cluster-scoped objects and namespaces themselves. */
  namespaceOf(attributes: AdmissionAttributes): Promise<JsonObject | undefined>;
}

export function policyMatching(registry: Registry, logger: Logger, stopping: AbortSignal): PolicyMatching {
  const namespaces = new NamespaceCache(registry.namespaces, logger, stopping);
  return {
    matching: { namespaceLabels: namespaceLabelsFrom(namespaces), equivalents: servedEquivalentResources(() => registry.definitions) },
    async namespaceOf(attributes) {
      const isNamespace = attributes.kind.group === '' && attributes.kind.version === 'v1' && attributes.kind.kind === 'Namespace';
      if (attributes.namespace === '' || isNamespace) return undefined;
      return namespaces.get(undefined, attributes.namespace);
    },
  };
}
