// kube-apiserver's PodSecurity admission (plugin/pkg/admission/security/podsecurity over
// k8s.io/pod-security-admission), a validating plugin. A namespace's labels set the Pod Security
// Standards level of each mode: pods that violate the enforce level are refused (403), those that
// violate the audit level get an audit annotation, the warn level a Warning. Pod controllers'
// templates are warned and audited about, never refused. Namespace labels are validated, and a
// stricter enforce level warns about the pods already there.

import { errorMessage, fieldErrorMessage, goQuote, newForbidden, newInternalError, newInvalid, type StatusError } from '@capstan/common';
import type { PodSpec } from '@capstan/common/api-types/core-v1';
import type { GenericStore } from '../../registry/generic-store.ts';
import { isPlainObject } from '../../patch/merge-patch.ts';
import type { AdmissionAttributes } from '../admission-attributes.ts';
import type { AdmissionPlugin } from '../admission-plugin.ts';
import { existingPodsCheck } from './existing-pods-check.ts';
import { compareLevels, equivalentLevelVersions, fullyPrivileged, levelVersionText, sameLevelVersion, sameVersion, type LevelVersion, type PodSecurityPolicy } from './levels.ts';
import type { Violation } from './pod-check.ts';
import { labelPrefix, namespacePolicy, type NamespacePolicy } from './namespace-policy.ts';
import { defaultPodSecurityConfiguration, podSecurityConfigurationOf, type PodSecurityConfiguration } from './pod-security-configuration.ts';
import { evaluatePod } from './policy-evaluator.ts';
import { isPodController, podOf, podTemplateOf, type PodTemplate } from './pod-templates.ts';
import { isSignificantPodUpdate } from './significant-pod-update.ts';
import { exemptNamespaceWarning, goAggregate, violatesMessage, wouldViolateMessage } from './violation-messages.ts';
import { listerGet } from '../lister-read.ts';

export interface PodSecurityDependencies {
  readonly namespaces: GenericStore;
  readonly pods: GenericStore;
  readonly configuration: PodSecurityConfiguration;
}

/** What the server gives the plugin: the pods, and the plugin's document of --admission-control-config-file if there is one. */
export interface PodSecurityInputs {
  readonly pods: GenericStore;
  readonly configuration: unknown;
}

/** The plugin, its configuration read (a bad one throws: the server does not start). */
export const podSecurityAdmission = (namespaces: GenericStore, inputs: PodSecurityInputs): AdmissionPlugin =>
  podSecurity({
    namespaces,
    pods: inputs.pods,
    configuration: inputs.configuration === undefined ? defaultPodSecurityConfiguration : podSecurityConfigurationOf(inputs.configuration),
  });

/** The pod subresources that cannot change what the checks see. */
const ignoredPodSubresources: ReadonlySet<string> = new Set(['exec', 'attach', 'binding', 'eviction', 'log', 'portforward', 'proxy', 'status']);

export function podSecurity(dependencies: PodSecurityDependencies): AdmissionPlugin {
  const { configuration } = dependencies;
  const { exemptions } = configuration;
  const exemptNamespace = (namespace: string): boolean => namespace !== '' && exemptions.namespaces.includes(namespace);
  const exemptUser = (username: string): boolean => username !== '' && exemptions.usernames.includes(username);
  const exemptRuntimeClass = (spec: PodSpec): boolean => (spec.runtimeClassName ?? '') !== '' && exemptions.runtimeClasses.includes(spec.runtimeClassName ?? '');
  const policyOf = (labels: unknown): NamespacePolicy => namespacePolicy(isPlainObject(labels) ? (labels as Record<string, string>) : undefined, configuration.defaults);

  /** The audit annotations, under kube's pod-security.kubernetes.io/ prefix. */
  const annotate = (attributes: AdmissionAttributes, annotations: Readonly<Record<string, string>>): void => {
    for (const [key, value] of Object.entries(annotations)) attributes.addAnnotation?.(labelPrefix + key, value);
  };

  /** Exemptions by namespace or user: recorded, nothing checked. */
  const exempted = (attributes: AdmissionAttributes): boolean => {
    const reason = exemptNamespace(attributes.namespace) ? 'namespace' : exemptUser(attributes.userInfo.username) ? 'user' : undefined;
    if (reason !== undefined) annotate(attributes, { exempt: reason });
    return reason !== undefined;
  };

  const namespaceOf = async (name: string): Promise<NamespacePolicy> => {
    const namespace = await listerGet(dependencies.namespaces, undefined, name);
    return policyOf(isPlainObject(namespace.metadata) ? namespace.metadata.labels : undefined);
  };

  /**
   * Checks a pod (enforce: refuses) or a controller's template (warns and audits only) against the
   * namespace's policy, reusing one evaluation for the modes that share a level and version.
   */
  const evaluate = (attributes: AdmissionAttributes, read: NamespacePolicy, pod: PodTemplate, enforce: boolean): void => {
    if (exemptRuntimeClass(pod.spec)) return annotate(attributes, { exempt: 'runtimeClass' });
    const { policy, errors } = read;
    const annotations: Record<string, string> = {};
    if (errors.length > 0) annotations.error = `Failed to parse policy: ${goAggregate(errors.map(fieldErrorMessage))}`;
    const evaluations: { readonly levelVersion: LevelVersion; readonly violations: readonly Violation[] }[] = [];
    const violationsOf = (levelVersion: LevelVersion): readonly Violation[] => {
      const known = evaluations.find((evaluation) => sameLevelVersion(evaluation.levelVersion, levelVersion));
      if (known !== undefined) return known.violations;
      const violations = evaluatePod(levelVersion, pod.metadata, pod.spec);
      evaluations.push({ levelVersion, violations });
      return violations;
    };
    let refusal: StatusError | undefined;
    if (enforce) {
      annotations['enforce-policy'] = levelVersionText(policy.enforce);
      const violations = violationsOf(policy.enforce);
      if (violations.length > 0) refusal = newForbidden(attributes.resource, nameOf(attributes), violatesMessage(policy.enforce, violations));
    }
    const audit = violationsOf(policy.audit);
    if (audit.length > 0) annotations['audit-violations'] = wouldViolateMessage(policy.audit, audit);
    // No warnings on a request refused anyway.
    if (refusal === undefined) {
      const warn = violationsOf(policy.warn);
      if (warn.length > 0) attributes.addWarning?.(wouldViolateMessage(policy.warn, warn));
    }
    annotate(attributes, annotations);
    if (refusal !== undefined) throw refusal;
  };

  const validatePod = async (attributes: AdmissionAttributes): Promise<void> => {
    if (ignoredPodSubresources.has(attributes.subresource) || exempted(attributes)) return;
    let read: NamespacePolicy;
    try {
      read = await namespaceOf(attributes.namespace);
    } catch (error) {
      const refusal = newInternalError(`failed to lookup namespace ${goQuote(attributes.namespace)}`);
      annotate(attributes, { error: `${refusal.status.message}: ${errorMessage(error)}` });
      throw refusal;
    }
    if (read.errors.length === 0 && fullyPrivileged(read.policy)) return annotate(attributes, { 'enforce-policy': 'privileged:latest' });
    if (attributes.object === undefined) return;
    const pod = podOf(attributes.object);
    if (attributes.operation === 'UPDATE' && attributes.oldObject !== undefined && !isSignificantPodUpdate(pod.spec, podOf(attributes.oldObject).spec)) return;
    evaluate(attributes, read, pod, true);
  };

  const validatePodController = async (attributes: AdmissionAttributes): Promise<void> => {
    if (attributes.subresource !== '' || exempted(attributes)) return;
    let read: NamespacePolicy;
    try {
      read = await namespaceOf(attributes.namespace);
    } catch (error) {
      return annotate(attributes, { error: `failed to lookup namespace ${goQuote(attributes.namespace)}: ${errorMessage(error)}` });
    }
    if (read.errors.length === 0 && read.policy.warn.level === 'privileged' && read.policy.audit.level === 'privileged') return;
    const template = attributes.object === undefined ? undefined : podTemplateOf(attributes.resource.group, attributes.resource.resource, attributes.object);
    if (template !== undefined) evaluate(attributes, read, template, false);
  };

  const validateNamespace = async (attributes: AdmissionAttributes): Promise<void> => {
    if (attributes.subresource !== '' || attributes.object === undefined) return;
    const metadata = isPlainObject(attributes.object.metadata) ? attributes.object.metadata : {};
    const labels = (isPlainObject(metadata.labels) ? metadata.labels : {}) as Record<string, string>;
    const name = nameOf(attributes);
    const { policy, errors } = policyOf(labels);
    const invalid = () => newInvalid({ group: '', kind: 'Namespace' }, name, errors);
    // An exempt namespace's labels are ignored: say so, unless they set nothing beyond the defaults.
    const warnIfExempt = (): void => {
      if (!exemptNamespace(name) || fullyPrivileged(policy) || equivalentPolicies(policy, configuration.defaults)) return;
      attributes.addWarning?.(exemptNamespaceWarning(name, policy, labels));
    };
    if (attributes.operation === 'CREATE') {
      if (errors.length > 0) throw invalid();
      return warnIfExempt();
    }
    const oldMetadata = isPlainObject(attributes.oldObject?.metadata) ? attributes.oldObject.metadata : {};
    const old = policyOf(oldMetadata.labels);
    // Labels that could not be read before may stay as they were.
    if (errors.length > 0 && (old.errors.length === 0 || !sameErrors(errors, old.errors))) throw invalid();
    const { enforce } = policy;
    // No pods to check: the enforce level unchanged, privileged, or relaxed at the same version.
    if (sameLevelVersion(enforce, old.policy.enforce) || enforce.level === 'privileged') return;
    if (sameVersion(enforce.version, old.policy.enforce.version) && compareLevels(enforce.level, old.policy.enforce.level) < 1) return;
    if (exemptNamespace(name)) return warnIfExempt();
    for (const warning of await existingPodsCheck(dependencies.pods, name, enforce, exemptRuntimeClass)) attributes.addWarning?.(warning);
  };

  return {
    name: 'PodSecurity',
    operations: ['CREATE', 'UPDATE'],
    validates: (group, resource) => (group === '' && (resource === 'namespaces' || resource === 'pods')) || isPodController(group, resource),
    validate: async (attributes) => {
      const { group, resource } = attributes.resource;
      if (group === '' && resource === 'namespaces') return validateNamespace(attributes);
      if (group === '' && resource === 'pods') return validatePod(attributes);
      if (isPodController(group, resource)) return validatePodController(attributes);
    },
  };
}

/** The object's name: the request's, or the one generated for it (the validating phase sees it). */
function nameOf(attributes: AdmissionAttributes): string {
  if (attributes.name !== '') return attributes.name;
  const metadata = attributes.object?.metadata;
  return isPlainObject(metadata) && typeof metadata.name === 'string' ? metadata.name : '';
}

const equivalentPolicies = (a: PodSecurityPolicy, b: PodSecurityPolicy): boolean =>
  equivalentLevelVersions(a.enforce, b.enforce) && equivalentLevelVersions(a.audit, b.audit) && equivalentLevelVersions(a.warn, b.warn);

const sameErrors = (a: readonly { readonly field: string; readonly badValue?: unknown; readonly detail?: string }[], b: typeof a): boolean =>
  a.length === b.length && a.every((error, i) => error.field === b[i]?.field && error.badValue === b[i]?.badValue && error.detail === b[i]?.detail);
