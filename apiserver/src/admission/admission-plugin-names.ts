// kube-apiserver 1.35's admission plugins by name: all of them in the order they run
// (AllOrderedPlugins), the ones on by default, and --enable-admission-plugins /
// --disable-admission-plugins read as kube reads them: the order is always this one, whatever the
// order of the flags; an unknown name, or one both enabled and disabled, fails the start in
// kube's words. Capstan implements some of them (admission-plugins.ts); the others are accepted
// and do nothing yet.

import { FlagError } from '@capstan/common';

export const admissionPluginNames = [
  'AlwaysAdmit',
  'NamespaceAutoProvision',
  'NamespaceLifecycle',
  'NamespaceExists',
  'LimitPodHardAntiAffinityTopology',
  'LimitRanger',
  'ServiceAccount',
  'NodeRestriction',
  'TaintNodesByCondition',
  'AlwaysPullImages',
  'ImagePolicyWebhook',
  'PodSecurity',
  'PodNodeSelector',
  'Priority',
  'DefaultTolerationSeconds',
  'PodTolerationRestriction',
  'EventRateLimit',
  'ExtendedResourceToleration',
  'DefaultStorageClass',
  'StorageObjectInUseProtection',
  'OwnerReferencesPermissionEnforcement',
  'PersistentVolumeClaimResize',
  'RuntimeClass',
  'CertificateApproval',
  'CertificateSigning',
  'ClusterTrustBundleAttest',
  'CertificateSubjectRestriction',
  'DefaultIngressClass',
  'DenyServiceExternalIPs',
  'PodTopologyLabels',
  'NodeDeclaredFeatureValidator',
  // Webhooks, quota and the deny plugin go last.
  'MutatingAdmissionPolicy',
  'MutatingAdmissionWebhook',
  'ValidatingAdmissionPolicy',
  'ValidatingAdmissionWebhook',
  'ResourceQuota',
  'AlwaysDeny',
] as const;

export type AdmissionPluginName = (typeof admissionPluginNames)[number];

/** The plugins kube-apiserver runs when no flag says otherwise. */
export const defaultOnAdmissionPlugins: ReadonlySet<AdmissionPluginName> = new Set<AdmissionPluginName>([
  'NamespaceLifecycle',
  'LimitRanger',
  'ServiceAccount',
  'DefaultStorageClass',
  'PersistentVolumeClaimResize',
  'DefaultTolerationSeconds',
  'MutatingAdmissionWebhook',
  'ValidatingAdmissionWebhook',
  'ResourceQuota',
  'StorageObjectInUseProtection',
  'Priority',
  'TaintNodesByCondition',
  'RuntimeClass',
  'CertificateApproval',
  'CertificateSigning',
  'ClusterTrustBundleAttest',
  'CertificateSubjectRestriction',
  'DefaultIngressClass',
  'PodSecurity',
  'PodTopologyLabels',
  'MutatingAdmissionPolicy',
  'ValidatingAdmissionPolicy',
  'NodeDeclaredFeatureValidator',
]);

const isPluginName = (name: string): name is AdmissionPluginName => (admissionPluginNames as readonly string[]).includes(name);

/** The plugins that run, in kube's order, from the two flags; a FlagError with all of kube's complaints otherwise. */
export function enabledAdmissionPlugins(enable: readonly string[], disable: readonly string[]): AdmissionPluginName[] {
  const errors: string[] = [];
  for (const name of enable) if (!isPluginName(name)) errors.push(`enable-admission-plugins plugin "${name}" is unknown`);
  for (const name of disable) if (!isPluginName(name)) errors.push(`disable-admission-plugins plugin "${name}" is unknown`);
  const overlap = [...new Set(enable.filter((name) => disable.includes(name)))].sort();
  if (overlap.length > 0) errors.push(`[${overlap.join(' ')}] in enable-admission-plugins and disable-admission-plugins overlapped`);
  if (errors.length === 1) throw new FlagError(errors[0] as string);
  if (errors.length > 1) throw new FlagError(`[${errors.join(', ')}]`);
  return admissionPluginNames.filter((name) => (defaultOnAdmissionPlugins.has(name) || enable.includes(name)) && (enable.includes(name) || !disable.includes(name)));
}
