// --authorization-mode=Node: the node authorizer over a graph kept from the stores.

import type { AuthorizationContext, ModeAuthorizer } from '../authorization-modes.ts';
import { graphPopulatorHook } from './graph-populator.ts';
import { NodeAuthorizer } from './node-authorizer.ts';
import { NodeGraph } from './node-graph.ts';

export function nodeModeAuthorizer(context: AuthorizationContext): ModeAuthorizer {
  const graph = new NodeGraph();
  return { authorizer: new NodeAuthorizer(graph), postStartHooks: [graphPopulatorHook(graph, context.registry, context.stopping, context.logger)] };
}
