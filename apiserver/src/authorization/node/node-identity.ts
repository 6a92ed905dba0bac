// kube's default NodeIdentifier: who is a node agent (kubelet). A node's user is
// system:node:<name> in the group system:nodes; both are needed.

import type { UserInfo } from '../../authentication/authenticator.ts';

const nodeUserPrefix = 'system:node:';
export const nodesGroup = 'system:nodes';

/** The node a user is ("" for a node whose name is empty), or undefined for a user that is not a node. */
export function nodeNameOf(user: UserInfo): string | undefined {
  if (!user.username.startsWith(nodeUserPrefix) || !user.groups.includes(nodesGroup)) return undefined;
  return user.username.slice(nodeUserPrefix.length);
}
