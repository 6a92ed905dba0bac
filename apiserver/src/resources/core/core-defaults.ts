// kube's defaulting of the other core/v1 kinds that have any (SetDefaults_Service, _Secret,
// _PersistentVolume, _PersistentVolumeClaim, _Endpoints). A Service's cluster IP is allocated by
// its storage, not defaulted; the statuses objects start with are in initial-status.ts.

import type { JsonObject } from '../../registry/object-meta.ts';
import { defaultTo, defaultZeroTo, objectAt, objectsAt } from '../../registry/defaulting/json-fields.ts';
import { defaultVolumeSources } from './pod-defaults.ts';

export function defaultService(service: JsonObject): void {
  const spec = objectAt(service, 'spec');
  defaultTo(spec, 'type', 'ClusterIP');
  defaultTo(spec, 'sessionAffinity', 'None');
  if (spec.sessionAffinity === 'ClientIP') {
    const clientIP = objectAt(objectAt(spec, 'sessionAffinityConfig'), 'clientIP');
    defaultTo(clientIP, 'timeoutSeconds', 10800);
  }
  for (const port of objectsAt(spec, 'ports')) {
    defaultTo(port, 'protocol', 'TCP');
    defaultZeroTo(port, 'targetPort', port.port);
  }
  if (spec.type === 'NodePort' || spec.type === 'LoadBalancer') defaultTo(spec, 'externalTrafficPolicy', 'Cluster');
  if (spec.type !== 'ExternalName') defaultTo(spec, 'internalTrafficPolicy', 'Cluster');
  if (spec.type === 'LoadBalancer') defaultTo(spec, 'allocateLoadBalancerNodePorts', true);
}

export function defaultSecret(secret: JsonObject): void {
  defaultTo(secret, 'type', 'Opaque');
  mergeStringData(secret);
}

/**
 * stringData is write-only: kube's conversion to its internal Secret writes each entry into data
 * (in base64, over a data entry of the same key) and keeps nothing of it.
 */
function mergeStringData(secret: JsonObject): void {
  const stringData = secret.stringData;
  if (stringData === undefined) return;
  delete secret.stringData;
  if (typeof stringData !== 'object' || stringData === null || Array.isArray(stringData) || Object.keys(stringData).length === 0) return;
  const data = objectAt(secret, 'data');
  for (const [key, value] of Object.entries(stringData)) {
    if (typeof value === 'string') data[key] = Buffer.from(value, 'utf8').toString('base64');
  }
}

export function defaultPersistentVolume(volume: JsonObject): void {
  const spec = objectAt(volume, 'spec');
  defaultTo(spec, 'persistentVolumeReclaimPolicy', 'Retain');
  defaultTo(spec, 'volumeMode', 'Filesystem');
  defaultVolumeSources(spec);
}

export function defaultPersistentVolumeClaim(claim: JsonObject): void {
  defaultTo(objectAt(claim, 'spec'), 'volumeMode', 'Filesystem');
}

export function defaultEndpoints(endpoints: JsonObject): void {
  for (const subset of objectsAt(endpoints, 'subsets')) {
    for (const port of objectsAt(subset, 'ports')) defaultTo(port, 'protocol', 'TCP');
  }
}
