// The checks of the restricted level of the Pod Security Standards, as Kubernetes 1.35 has them
// (k8s.io/pod-security-admission/policy): the hardening best practices, on top of the baseline
// checks, some of which they replace (`overrides`) from the version they apply.

import { containersText, joinQuote, pluralize, settersText, sortedSet } from './check-text.ts';
import { forbiddenSeccompTypes, procMountDefault, seccompTypeViolation } from './baseline-checks.ts';
import { containersWhere, inUserNamespace, isWindowsPod, podContainers, type Check, type PodCheck } from './pod-check.ts';

/** From v1.25 a Windows pod passes the Linux-only checks (validation refuses their fields there). */
const exceptWindows =
  (check: PodCheck): PodCheck =>
  (metadata, spec) =>
    isWindowsPod(spec) ? undefined : check(metadata, spec);

/** From v1.35 a pod in a user namespace passes the checks about root. */
const exceptUserNamespace =
  (check: PodCheck): PodCheck =>
  (metadata, spec) =>
    inUserNamespace(spec) ? undefined : check(metadata, spec);

const allowPrivilegeEscalation: PodCheck = (_metadata, spec) => {
  const containers = containersWhere(spec, (c) => c.securityContext?.allowPrivilegeEscalation !== false);
  if (containers.length === 0) return undefined;
  return { reason: 'allowPrivilegeEscalation != false', detail: `${containersText(containers)} must set securityContext.allowPrivilegeEscalation=false` };
};

/** Every container drops ALL capabilities and adds none but NET_BIND_SERVICE. */
const capabilitiesRestricted: PodCheck = (_metadata, spec) => {
  const missingDropAll: string[] = [];
  const adding: string[] = [];
  const added = new Set<string>();
  for (const c of podContainers(spec)) {
    const capabilities = c.securityContext?.capabilities;
    if (capabilities == null) {
      missingDropAll.push(c.name);
      continue;
    }
    if (!(capabilities.drop ?? []).includes('ALL')) missingDropAll.push(c.name);
    const forbidden = (capabilities.add ?? []).filter((capability) => capability !== 'NET_BIND_SERVICE');
    for (const capability of forbidden) added.add(capability);
    if (forbidden.length > 0) adding.push(c.name);
  }
  const details = [
    ...(missingDropAll.length > 0 ? [`${containersText(missingDropAll)} must set securityContext.capabilities.drop=["ALL"]`] : []),
    ...(adding.length > 0 ? [`${containersText(adding)} must not include ${joinQuote(sortedSet(added))} in securityContext.capabilities.add`] : []),
  ];
  return details.length === 0 ? undefined : { reason: 'unrestricted capabilities', detail: details.join('; ') };
};

/** The inline volume sources a restricted pod may use. */
const allowedVolumeSources = ['configMap', 'csi', 'downwardAPI', 'emptyDir', 'ephemeral', 'image', 'persistentVolumeClaim', 'projected', 'secret'];

/** The other sources, in the order kube names the first one a volume has. */
const restrictedVolumeSources = [
  'hostPath',
  'gcePersistentDisk',
  'awsElasticBlockStore',
  'gitRepo',
  'nfs',
  'iscsi',
  'glusterfs',
  'rbd',
  'flexVolume',
  'cinder',
  'cephfs',
  'flocker',
  'fc',
  'azureFile',
  'vsphereVolume',
  'quobyte',
  'azureDisk',
  'photonPersistentDisk',
  'portworxVolume',
  'scaleIO',
  'storageos',
];

const restrictedVolumes: PodCheck = (_metadata, spec) => {
  const volumes: string[] = [];
  const types = new Set<string>();
  for (const volume of spec.volumes ?? []) {
    const sources = volume as unknown as Readonly<Record<string, unknown>>;
    const has = (source: string): boolean => sources[source] !== undefined && sources[source] !== null;
    if (allowedVolumeSources.some(has)) continue;
    volumes.push(volume.name);
    types.add(restrictedVolumeSources.find(has) ?? 'unknown');
  }
  if (volumes.length === 0) return undefined;
  return {
    reason: 'restricted volume types',
    detail: `${pluralize('volume', 'volumes', volumes.length)} ${joinQuote(volumes)} ${pluralize('uses', 'use', volumes.length)} ${pluralize('restricted volume type', 'restricted volume types', types.size)} ${joinQuote(sortedSet(types))}`,
  };
};

/** The pod, or each container, sets runAsNonRoot=true, and none sets it false. */
const runAsNonRoot: PodCheck = (_metadata, spec) => {
  const podSetting = spec.securityContext?.runAsNonRoot;
  const explicitlyBad = containersWhere(spec, (c) => c.securityContext?.runAsNonRoot === false);
  // Containers that leave it to a pod that does not set it true.
  const implicitlyBad = containersWhere(spec, (c) => c.securityContext?.runAsNonRoot == null && podSetting !== true);
  const setters = settersText(podSetting === false, explicitlyBad);
  if (setters.length > 0) return { reason: 'runAsNonRoot != true', detail: `${setters.join(' and ')} must not set securityContext.runAsNonRoot=false` };
  if (implicitlyBad.length === 0) return undefined;
  return { reason: 'runAsNonRoot != true', detail: `pod or ${containersText(implicitlyBad)} must set securityContext.runAsNonRoot=true` };
};

const runAsUser: PodCheck = (_metadata, spec) => {
  const setters = settersText(
    spec.securityContext?.runAsUser === 0,
    containersWhere(spec, (c) => c.securityContext?.runAsUser === 0),
  );
  return setters.length === 0 ? undefined : { reason: 'runAsUser=0', detail: `${setters.join(' and ')} must not set runAsUser=0` };
};

/** A seccomp profile is set, for the pod or each container, and is the runtime's default or a node's. */
const seccompProfileRestricted: PodCheck = (_metadata, spec) => {
  const { pod, containers, types } = forbiddenSeccompTypes(spec);
  const setters = settersText(pod, containers);
  if (setters.length > 0) return seccompTypeViolation(setters, types);
  // A container without a profile of its own needs the pod's (which, set, is allowed here).
  if (spec.securityContext?.seccompProfile != null) return undefined;
  const unset = containersWhere(spec, (c) => c.securityContext?.seccompProfile == null);
  if (unset.length === 0) return undefined;
  return { reason: 'seccompProfile', detail: `pod or ${containersText(unset)} must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost"` };
};

/**
 * A restricted check from v1.<since>, and from v1.<exceptFrom> the same check passing the pods
 * `exempt` picks; `overrides` at both.
 */
function checkWithException(id: string, since: number, check: PodCheck, exceptFrom: number, exempt: (check: PodCheck) => PodCheck, overrides?: readonly string[]): Check {
  const overriding = overrides === undefined ? {} : { overrides };
  return {
    id,
    level: 'restricted',
    versions: [
      { minimumMinor: since, check, ...overriding },
      { minimumMinor: exceptFrom, check: exempt(check), ...overriding },
    ],
  };
}

export const restrictedChecks: readonly Check[] = [
  checkWithException('allowPrivilegeEscalation', 8, allowPrivilegeEscalation, 25, exceptWindows),
  checkWithException('capabilities_restricted', 22, capabilitiesRestricted, 25, exceptWindows, ['capabilities_baseline']),
  // From v1.35 the baseline check lets user-namespaced pods unmask /proc; the restricted level does not.
  { id: 'procMount_restricted', level: 'restricted', versions: [{ minimumMinor: 35, check: procMountDefault, overrides: ['procMount'] }] },
  { id: 'restrictedVolumes', level: 'restricted', versions: [{ minimumMinor: 0, check: restrictedVolumes, overrides: ['hostPathVolumes'] }] },
  checkWithException('runAsNonRoot', 0, runAsNonRoot, 35, exceptUserNamespace),
  checkWithException('runAsUser', 23, runAsUser, 35, exceptUserNamespace),
  checkWithException('seccompProfile_restricted', 19, seccompProfileRestricted, 25, exceptWindows, ['seccompProfile_baseline']),
];
