// The key the registry finds a resource's store by.

import { groupVersionString } from '@capstan/common';
import type { ResourceDefinition } from './resource-definition.ts';

/** "v1/pods", "batch/v1/jobs". */
export const versionedResourceKeyOf = (definition: Pick<ResourceDefinition, 'group' | 'version' | 'resource'>): string =>
  `${groupVersionString(definition.group, definition.version)}/${definition.resource}`;
