// The types of core/v1 cluster objects: nodes, services, endpoints, namespaces, config maps, secrets, events, quotas.

import type { TypeDeclaration } from '../schema.ts';

export const coreV1ClusterTypes: readonly TypeDeclaration[] = [];
