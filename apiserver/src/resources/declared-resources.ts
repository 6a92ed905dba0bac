// Every resource Capstan declares in resources/<group>/: the built-in ones and the optional ones,
// whether --runtime-config serves them or not. For what looks a kind up without the server at hand
// (a work thread, a Table answer); the server itself serves enabledResources' list.

import { builtinResources } from './builtin-resources.ts';
import { optionalResources } from './optional-resources.ts';
import type { ResourceDefinition } from './resource-definition.ts';

let declared: readonly ResourceDefinition[] | undefined;

/** Made on first use: the endpoints that ask are imported by the declarations themselves (a cycle). */
export const declaredResources = (): readonly ResourceDefinition[] => (declared ??= [...builtinResources, ...optionalResources.map(({ definition }) => definition)]);
