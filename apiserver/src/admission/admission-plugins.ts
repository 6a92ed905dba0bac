// The admission plugins Capstan implements, built for the enabled names in kube's order. An
// enabled plugin Capstan does not implement yet (ClusterTrustBundleAttest, ...) is accepted and
// does nothing, as is one whose feature gate is off (MutatingAdmissionPolicy).

import type { Logger } from '@capstan/common';
import type { Authorizer } from '../authorization/authorizer.ts';
import type { GenericStore } from '../registry/generic-store.ts';
import { nodeResource } from '../resources/core/nodes.ts';
import { ingressClassResource } from '../resources/networking/ingressclasses.ts';
import { runtimeClassResource } from '../resources/node/runtimeclasses.ts';
import { priorityClassResource } from '../resources/scheduling/priorityclasses.ts';
import { storageClassResource } from '../resources/storage/storageclasses.ts';
import type { ResourceDefinition } from '../resources/resource-definition.ts';
import { AdmissionChain } from './admission-chain.ts';
import { alwaysAdmit, alwaysDeny } from './always-admit-deny.ts';
import { alwaysPullImages } from './always-pull-images.ts';
import { certificateApproval } from './certificate-approval.ts';
import { certificateSigning } from './certificate-signing.ts';
import { certificateSubjectRestriction } from './certificate-subject-restriction.ts';
import { defaultIngressClass } from './default-ingress-class.ts';
import { defaultStorageClass } from './default-storage-class.ts';
import { denyServiceExternalIPs } from './deny-service-external-ips.ts';
import { extendedResourceToleration } from './extended-resource-toleration.ts';
import { limitPodHardAntiAffinityTopology } from './limit-pod-hard-anti-affinity-topology.ts';
import { namespaceAutoProvision } from './namespace-autoprovision.ts';
import { namespaceExists } from './namespace-exists.ts';
import { persistentVolumeClaimResize } from './persistent-volume-claim-resize.ts';
import { podNodeSelector } from './pod-node-selector.ts';
import { podTopologyLabels } from './pod-topology-labels.ts';
import { podTolerationRestriction } from './pod-toleration-restriction.ts';
import { priorityAdmission } from './priority.ts';
import { runtimeClassAdmission } from './runtime-class.ts';
import { storageObjectInUseProtection } from './storage-object-in-use-protection.ts';
import type { AdmissionPlugin } from './admission-plugin.ts';
import type { AdmissionPluginName } from './admission-plugin-names.ts';
import { defaultTolerationSecondsPlugin, type DefaultTolerationSeconds } from './default-toleration-seconds.ts';
import { namespaceLifecycle } from './namespace-lifecycle.ts';
import { nodeRestriction, type NodeRestrictionStores } from './node-restriction.ts';
import { podSecurityAdmission, type PodSecurityInputs } from './pod-security/pod-security-plugin.ts';
import { taintNodesByCondition } from './node-taint.ts';
import { limitRanger } from './limit-ranger/limit-ranger.ts';
import { QuotaLister } from './resource-quota/quota-lister.ts';
import { resourceQuotaAdmission } from './resource-quota/resource-quota.ts';
import { serviceAccountAdmission } from './service-account.ts';
import { mutatingWebhookPlugin, validatingWebhookPlugin, type AdmissionWebhookDependencies } from './webhooks/webhook-admission.ts';
import { validatingAdmissionPolicy, type ValidatingAdmissionPolicyDependencies } from './policy/validating-admission-policy.ts';
import { mutatingAdmissionPolicy } from './mutating-policy/mutating-admission-policy.ts';
import type { MutatingPolicyStores } from './mutating-policy/mutating-policy-stores.ts';

/** What the plugins read. */
export interface AdmissionPluginDependencies {
  readonly namespaces: GenericStore;
  readonly definitionOf: (group: string, resource: string) => ResourceDefinition | undefined;
  readonly defaultTolerationSeconds: DefaultTolerationSeconds;
  readonly serviceAccounts: GenericStore;
  readonly nodeRestriction: NodeRestrictionStores;
  readonly podSecurity: PodSecurityInputs;
  readonly limitRanges: GenericStore;
  readonly resourceQuotas: GenericStore;
  /** For the plugins' in-process informers. */
  readonly logger: Logger;
  /** Aborted when the server stops: the informers end. */
  readonly stopping: AbortSignal;
  /** The store of a built-in resource (the classes the plugins read). */
  readonly builtinStore: (definition: ResourceDefinition) => GenericStore;
  /** The request authorizer, which the certificate plugins ask about signers. */
  readonly authorizer: Authorizer;
  readonly webhooks: AdmissionWebhookDependencies;
  readonly validatingAdmissionPolicy: ValidatingAdmissionPolicyDependencies;
  /** The stores of the mutating policies and their bindings; undefined while their gate or group-version is off. */
  readonly mutatingAdmissionPolicy: MutatingPolicyStores | undefined;
}

const implementations: Partial<Record<AdmissionPluginName, (dependencies: AdmissionPluginDependencies) => AdmissionPlugin | undefined>> = {
  NamespaceLifecycle: (dependencies) => namespaceLifecycle(dependencies.namespaces, dependencies.definitionOf),
  ServiceAccount: (dependencies) => serviceAccountAdmission(dependencies.serviceAccounts),
  NodeRestriction: (dependencies) => nodeRestriction(dependencies.nodeRestriction),
  TaintNodesByCondition: () => taintNodesByCondition,
  DefaultTolerationSeconds: (dependencies) => defaultTolerationSecondsPlugin(dependencies.defaultTolerationSeconds),
  PodSecurity: (dependencies) => podSecurityAdmission(dependencies.namespaces, dependencies.podSecurity),
  LimitRanger: (dependencies) => limitRanger(dependencies.limitRanges),
  ResourceQuota: (dependencies) => resourceQuotaAdmission(dependencies.resourceQuotas, new QuotaLister(dependencies.resourceQuotas, dependencies.logger, dependencies.stopping)),
  Priority: (dependencies) => priorityAdmission(dependencies.builtinStore(priorityClassResource)),
  DefaultStorageClass: (dependencies) => defaultStorageClass(dependencies.builtinStore(storageClassResource)),
  StorageObjectInUseProtection: () => storageObjectInUseProtection,
  PersistentVolumeClaimResize: (dependencies) => persistentVolumeClaimResize(dependencies.builtinStore(storageClassResource)),
  RuntimeClass: (dependencies) => runtimeClassAdmission(dependencies.builtinStore(runtimeClassResource)),
  CertificateApproval: (dependencies) => certificateApproval(dependencies.authorizer),
  CertificateSigning: (dependencies) => certificateSigning(dependencies.authorizer),
  CertificateSubjectRestriction: () => certificateSubjectRestriction,
  DefaultIngressClass: (dependencies) => defaultIngressClass(dependencies.builtinStore(ingressClassResource)),
  AlwaysAdmit: () => alwaysAdmit,
  AlwaysDeny: () => alwaysDeny,
  DenyServiceExternalIPs: () => denyServiceExternalIPs,
  NamespaceAutoProvision: (dependencies) => namespaceAutoProvision(dependencies.namespaces),
  NamespaceExists: (dependencies) => namespaceExists(dependencies.namespaces),
  AlwaysPullImages: () => alwaysPullImages,
  LimitPodHardAntiAffinityTopology: () => limitPodHardAntiAffinityTopology,
  PodNodeSelector: (dependencies) => podNodeSelector(dependencies.namespaces),
  PodTolerationRestriction: (dependencies) => podTolerationRestriction(dependencies.namespaces),
  PodTopologyLabels: (dependencies) => podTopologyLabels(dependencies.builtinStore(nodeResource)),
  ExtendedResourceToleration: () => extendedResourceToleration,
  MutatingAdmissionPolicy: ({ mutatingAdmissionPolicy: stores, validatingAdmissionPolicy: { registry, authorizer, logger, stopping } }) =>
    stores === undefined ? undefined : mutatingAdmissionPolicy({ ...stores, registry, authorizer, logger, stopping }),
  MutatingAdmissionWebhook: (dependencies) => mutatingWebhookPlugin(dependencies.webhooks),
  ValidatingAdmissionWebhook: (dependencies) => validatingWebhookPlugin(dependencies.webhooks),
  ValidatingAdmissionPolicy: (dependencies) => validatingAdmissionPolicy(dependencies.validatingAdmissionPolicy),
};

export function admissionChainOf(enabled: readonly AdmissionPluginName[], dependencies: AdmissionPluginDependencies): AdmissionChain {
  return new AdmissionChain(enabled.flatMap((name) => implementations[name]?.(dependencies) ?? []));
}

/** The enabled plugins Capstan does not implement yet. */
export function unimplementedAdmissionPlugins(enabled: readonly AdmissionPluginName[]): AdmissionPluginName[] {
  return enabled.filter((name) => implementations[name] === undefined);
}
