// The declaration of a built-in kind, for tests that ask about a kind by its group and kind.

import { builtinResources } from '../src/resources/builtin-resources.ts';
import type { ResourceDefinition } from '../src/resources/resource-definition.ts';

/** The first built-in resource of the kind (autoscaling's HorizontalPodAutoscaler: its v1); throws when there is none. */
export function builtinDefinition(group: string, kind: string): ResourceDefinition {
  const found = builtinResources.find((definition) => definition.group === group && definition.kind === kind);
  if (found === undefined) throw new Error(`no built-in resource of kind ${group}/${kind}`);
  return found;
}

/** Whether any built-in resource is of the kind. */
export const isBuiltinKind = (group: string, kind: string): boolean => builtinResources.some((definition) => definition.group === group && definition.kind === kind);
