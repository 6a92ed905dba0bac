// The admission plugins Capstan implements, built for the enabled names in kube's order. An
// enabled plugin Capstan does not implement yet (LimitRanger, ResourceQuota,
// PodSecurity, the webhook plugins, ...) is accepted and does nothing.

import type { GenericStore } from '../registry/generic-store.ts';
import type { ResourceDefinition } from '../resources/resource-definition.ts';
import { AdmissionChain } from './admission-chain.ts';
import type { AdmissionPlugin } from './admission-plugin.ts';
import type { AdmissionPluginName } from './admission-plugin-names.ts';
import { defaultTolerationSecondsPlugin, type DefaultTolerationSeconds } from './default-toleration-seconds.ts';
import { namespaceLifecycle } from './namespace-lifecycle.ts';
import { nodeRestriction, type NodeRestrictionStores } from './node-restriction.ts';
import { taintNodesByCondition } from './node-taint.ts';
import { serviceAccountAdmission } from './service-account.ts';
import { mutatingWebhookPlugin, validatingWebhookPlugin, type AdmissionWebhookDependencies } from './webhooks/webhook-admission.ts';
import { validatingAdmissionPolicy, type ValidatingAdmissionPolicyDependencies } from './policy/validating-admission-policy.ts';

/** What the plugins read. */
export interface AdmissionPluginDependencies {
  readonly namespaces: GenericStore;
  readonly definitionOf: (group: string, resource: string) => ResourceDefinition | undefined;
  readonly defaultTolerationSeconds: DefaultTolerationSeconds;
  readonly serviceAccounts: GenericStore;
  readonly nodeRestriction: NodeRestrictionStores;
  readonly webhooks: AdmissionWebhookDependencies;
  readonly validatingAdmissionPolicy: ValidatingAdmissionPolicyDependencies;
}

const implementations: Partial<Record<AdmissionPluginName, (dependencies: AdmissionPluginDependencies) => AdmissionPlugin>> = {
  NamespaceLifecycle: (dependencies) => namespaceLifecycle(dependencies.namespaces, dependencies.definitionOf),
  ServiceAccount: (dependencies) => serviceAccountAdmission(dependencies.serviceAccounts),
  NodeRestriction: (dependencies) => nodeRestriction(dependencies.nodeRestriction),
  TaintNodesByCondition: () => taintNodesByCondition,
  DefaultTolerationSeconds: (dependencies) => defaultTolerationSecondsPlugin(dependencies.defaultTolerationSeconds),
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
