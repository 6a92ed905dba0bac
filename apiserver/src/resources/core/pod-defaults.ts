// kube's defaulting of a pod spec (core/v1 SetDefaults_PodSpec, _Container, _Probe, _Volume, ...),
// wherever a pod spec stands: Pods, pod templates, and the templates of the workload kinds.

import type { JsonObject } from '../../registry/object-meta.ts';
import { defaultTo, defaultZeroTo, isObject, objectAt, objectsAt } from '../../registry/defaulting/json-fields.ts';

export function defaultPodSpec(spec: JsonObject): void {
  defaultTo(spec, 'dnsPolicy', 'ClusterFirst');
  defaultTo(spec, 'restartPolicy', 'Always');
  defaultTo(spec, 'terminationGracePeriodSeconds', 30);
  defaultTo(spec, 'securityContext', {});
  defaultTo(spec, 'schedulerName', 'default-scheduler');
  const hostNetwork = spec.hostNetwork === true;
  for (const key of ['initContainers', 'containers', 'ephemeralContainers']) {
    for (const container of objectsAt(spec, key)) defaultContainer(container, hostNetwork);
  }
  for (const volume of objectsAt(spec, 'volumes')) defaultVolume(volume);
  mirrorServiceAccountName(spec);
}

/**
 * kube's conversion of the deprecated serviceAccount: read as serviceAccountName when that is
 * empty, and written back as a copy of it (so left out when it is empty).
 */
export function mirrorServiceAccountName(spec: JsonObject): void {
  if ((spec.serviceAccountName === undefined || spec.serviceAccountName === '') && typeof spec.serviceAccount === 'string' && spec.serviceAccount !== '') {
    spec.serviceAccountName = spec.serviceAccount;
  }
  if (typeof spec.serviceAccountName === 'string' && spec.serviceAccountName !== '') spec.serviceAccount = spec.serviceAccountName;
  else delete spec.serviceAccount;
}

/** A pod template: its spec, which every template has once defaulted. */
export function defaultPodTemplateSpec(template: JsonObject): void {
  defaultPodSpec(objectAt(template, 'spec'));
}

function defaultContainer(container: JsonObject, hostNetwork: boolean): void {
  defaultTo(container, 'terminationMessagePath', '/dev/termination-log');
  defaultTo(container, 'terminationMessagePolicy', 'File');
  defaultZeroTo(container, 'imagePullPolicy', imageTag(String(container.image ?? '')) === 'latest' ? 'Always' : 'IfNotPresent');
  defaultTo(container, 'resources', {});
  for (const port of objectsAt(container, 'ports')) {
    defaultTo(port, 'protocol', 'TCP');
    if (hostNetwork) defaultZeroTo(port, 'hostPort', port.containerPort);
  }
  for (const env of objectsAt(container, 'env')) {
    const fieldRef = isObject(env.valueFrom) ? env.valueFrom.fieldRef : undefined;
    if (isObject(fieldRef)) defaultTo(fieldRef, 'apiVersion', 'v1');
  }
  for (const key of ['livenessProbe', 'readinessProbe', 'startupProbe']) {
    if (isObject(container[key])) defaultProbe(container[key]);
  }
  if (isObject(container.lifecycle)) {
    for (const key of ['postStart', 'preStop']) {
      const handler = container.lifecycle[key];
      if (isObject(handler) && isObject(handler.httpGet)) defaultHttpGet(handler.httpGet);
    }
  }
}

/**
 * The tag of an image reference, as kube's ParseImageName reads it: "latest" when it names
 * neither tag nor digest, "" when it names only a digest.
 */
function imageTag(image: string): string {
  const digestAt = image.indexOf('@');
  const named = digestAt < 0 ? image : image.slice(0, digestAt);
  const colon = named.lastIndexOf(':');
  const tag = colon > named.lastIndexOf('/') ? named.slice(colon + 1) : '';
  if (tag !== '') return tag;
  return digestAt < 0 ? 'latest' : '';
}

function defaultProbe(probe: JsonObject): void {
  defaultTo(probe, 'timeoutSeconds', 1);
  defaultTo(probe, 'periodSeconds', 10);
  defaultTo(probe, 'successThreshold', 1);
  defaultTo(probe, 'failureThreshold', 3);
  if (isObject(probe.httpGet)) defaultHttpGet(probe.httpGet);
}

function defaultHttpGet(action: JsonObject): void {
  defaultTo(action, 'path', '/');
  defaultTo(action, 'scheme', 'HTTP');
}

/** The defaults of the volume sources a pod's volume and a PersistentVolume's spec share. */
export function defaultVolumeSources(sources: JsonObject): void {
  if (isObject(sources.hostPath)) defaultTo(sources.hostPath, 'type', '');
  if (isObject(sources.iscsi)) defaultTo(sources.iscsi, 'iscsiInterface', 'default');
  if (isObject(sources.azureDisk)) {
    defaultTo(sources.azureDisk, 'cachingMode', 'ReadWrite');
    defaultTo(sources.azureDisk, 'fsType', 'ext4');
    defaultTo(sources.azureDisk, 'readOnly', false);
    defaultTo(sources.azureDisk, 'kind', 'Shared');
  }
}

/** A volume with no source is an emptyDir; file modes of the projected kinds default to 0644. */
function defaultVolume(volume: JsonObject): void {
  const sources = Object.keys(volume).filter((key) => key !== 'name');
  if (sources.length === 0) volume.emptyDir = {};
  for (const key of ['secret', 'configMap', 'downwardAPI', 'projected']) {
    if (isObject(volume[key])) defaultTo(volume[key], 'defaultMode', 0o644);
  }
  defaultVolumeSources(volume);
  if (isObject(volume.projected)) {
    for (const source of objectsAt(volume.projected, 'sources')) {
      const token = source.serviceAccountToken;
      if (isObject(token)) defaultTo(token, 'expirationSeconds', 3600);
    }
  }
}

/**
 * A Pod itself (SetDefaults_Pod), beyond its spec: service links on, and a container's limits
 * copied into the requests it does not set.
 */
export function defaultPod(pod: JsonObject): void {
  const spec = objectAt(pod, 'spec');
  defaultPodSpec(spec);
  defaultTo(spec, 'enableServiceLinks', true);
  for (const key of ['initContainers', 'containers']) {
    for (const container of objectsAt(spec, key)) {
      const resources = objectAt(container, 'resources');
      if (!isObject(resources.limits)) continue;
      const requests = objectAt(resources, 'requests');
      for (const [name, quantity] of Object.entries(resources.limits)) defaultTo(requests, name, quantity);
    }
  }
}
