// The resources a server serves under its ResourceConfig: the built-in ones it leaves on, and the
// optional ones (optional-resources.ts) it turns on, those behind a feature gate only with the gate
// on too, as kube registers their storage. What the flag enables that kube-apiserver 1.35 would
// serve and Capstan does not is told, not refused: the rest of the flag still applies.

import type { OptionalResource } from '../../resources/optional-resources.ts';
import type { ResourceDefinition } from '../../resources/resource-definition.ts';
import type { ApiServerFeatureGates } from '../feature-gates.ts';
import { kubeOffByDefaultResources } from './kube-api-versions.ts';
import type { ResourceConfig } from './resource-config.ts';

export interface EnabledResources {
  /** The built-in and optional resources served, in that order. */
  readonly served: readonly ResourceDefinition[];
  /**
   * Every resource with a store: the built-in and optional ones, served or not. Those not served
   * keep theirs for the server's own use (its plugins and authorizers read them whatever is served).
   */
  readonly stored: readonly ResourceDefinition[];
  /** One line each for what is enabled and not served: resources kube would serve, optional ones whose feature gate is off. */
  readonly warnings: readonly string[];
}

const keyOf = (definition: Pick<ResourceDefinition, 'group' | 'version' | 'resource'>): string => `${definition.group}/${definition.version}/${definition.resource}`;

export function enabledResources(
  config: ResourceConfig,
  featureGates: ApiServerFeatureGates,
  builtin: readonly ResourceDefinition[],
  optional: readonly OptionalResource[],
): EnabledResources {
  const enabled = (definition: ResourceDefinition): boolean => config.resourceEnabled(definition.group, definition.version, definition.resource);
  const optionalOn = optional.filter(({ definition }) => enabled(definition));
  const gated = optionalOn.filter(({ featureGate }) => featureGate !== undefined && !featureGates[featureGate]);
  const optionalServed = optionalOn.filter((resource) => !gated.includes(resource)).map(({ definition }) => definition);
  const declared = new Set([...builtin, ...optional.map(({ definition }) => definition)].map(keyOf));
  const unserved = kubeOffByDefaultResources.filter((key) => {
    const [group = '', version = '', resource = ''] = key.split('/');
    return !declared.has(key) && config.resourceEnabled(group, version, resource);
  });
  const warnings = [
    ...(unserved.length === 0 ? [] : [`--runtime-config enables resources that kube-apiserver 1.35 serves and Capstan does not serve yet: ${unserved.join(', ')}`]),
    ...gated.map(({ definition, featureGate }) => `--runtime-config enables ${keyOf(definition)}, which is served only with --feature-gates=${featureGate}=true as well`),
  ];
  return { served: [...builtin.filter(enabled), ...optionalServed], stored: [...builtin, ...optional.map(({ definition }) => definition)], warnings };
}
