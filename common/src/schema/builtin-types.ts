// Every declared type of the built-in API, by its OpenAPI schema name.

import type { TypeDeclaration } from './schema.ts';
import { admissionregistrationV1Types } from './types/admissionregistration-v1.ts';
import { admissionregistrationV1beta1Types } from './types/admissionregistration-v1beta1.ts';
import { apiextensionsV1Types } from './types/apiextensions-v1.ts';
import { apiregistrationV1Types } from './types/apiregistration-v1.ts';
import { appsV1Types } from './types/apps-v1.ts';
import { authenticationV1Types } from './types/authentication-v1.ts';
import { authorizationV1Types } from './types/authorization-v1.ts';
import { autoscalingV1Types } from './types/autoscaling-v1.ts';
import { autoscalingV2Types } from './types/autoscaling-v2.ts';
import { batchV1Types } from './types/batch-v1.ts';
import { certificatesV1Types } from './types/certificates-v1.ts';
import { coordinationV1Types } from './types/coordination-v1.ts';
import { coreV1ClusterTypes } from './types/core-v1-cluster.ts';
import { coreV1PodTypes } from './types/core-v1-pods.ts';
import { coreV1VolumeTypes } from './types/core-v1-volumes.ts';
import { discoveryV1Types } from './types/discovery-v1.ts';
import { eventsV1Types } from './types/events-v1.ts';
import { flowcontrolV1Types } from './types/flowcontrol-v1.ts';
import { metaV1Types } from './types/meta-v1.ts';
import { networkingV1Types } from './types/networking-v1.ts';
import { nodeV1Types } from './types/node-v1.ts';
import { policyV1Types } from './types/policy-v1.ts';
import { rbacV1Types } from './types/rbac-v1.ts';
import { resourceV1Types } from './types/resource-v1.ts';
import { schedulingV1Types } from './types/scheduling-v1.ts';
import { storageV1Types } from './types/storage-v1.ts';

const declarations: readonly TypeDeclaration[] = [
  ...admissionregistrationV1Types,
  ...admissionregistrationV1beta1Types,
  ...apiextensionsV1Types,
  ...apiregistrationV1Types,
  ...appsV1Types,
  ...authenticationV1Types,
  ...authorizationV1Types,
  ...autoscalingV1Types,
  ...autoscalingV2Types,
  ...batchV1Types,
  ...certificatesV1Types,
  ...coordinationV1Types,
  ...coreV1ClusterTypes,
  ...coreV1PodTypes,
  ...coreV1VolumeTypes,
  ...discoveryV1Types,
  ...eventsV1Types,
  ...flowcontrolV1Types,
  ...metaV1Types,
  ...networkingV1Types,
  ...nodeV1Types,
  ...policyV1Types,
  ...rbacV1Types,
  ...resourceV1Types,
  ...schedulingV1Types,
  ...storageV1Types,
];

export const builtinTypes: ReadonlyMap<string, TypeDeclaration> = indexByName(declarations);

function indexByName(types: readonly TypeDeclaration[]): Map<string, TypeDeclaration> {
  const byName = new Map<string, TypeDeclaration>();
  for (const type of types) {
    if (byName.has(type.name)) throw new Error(`${type.name} is declared twice`);
    byName.set(type.name, type);
  }
  return byName;
}
