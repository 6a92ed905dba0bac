// --authorization-mode: the authorizers a request is asked of, in order (kube's union authorizer).
// Each mode is built here from what the API server has (its registry, for the authorizers that read
// roles or the pods bound to nodes), with the post-start hooks it needs (the bootstrap policy).

import { FlagError, type Logger } from '@capstan/common';
import type { PostStartHook } from '../health/post-start-hooks.ts';
import type { Registry } from '../registry/registry.ts';
import { allowEverything, denyEverything, privilegedGroupAuthorizer, type Authorizer } from './authorizer.ts';
import { rbacAuthorizer } from './rbac/rbac-authorizer.ts';
import type { RbacRuleResolver } from './rbac/rule-resolver.ts';
import { withDecisionMetrics } from './authorization-metrics.ts';
import { nodeModeAuthorizer } from './node/node-mode.ts';
import { unionAuthorizer } from './union-authorizer.ts';

export const authorizationModeNames = ['AlwaysAllow', 'AlwaysDeny', 'Node', 'RBAC'] as const;

export type AuthorizationMode = (typeof authorizationModeNames)[number];

/** What the modes are built from. */
export interface AuthorizationContext {
  readonly registry: Registry;
  readonly logger: Logger;
  /** The RBAC objects held in memory, shared by the RBAC authorizer and the RBAC resources' escalation check. */
  readonly rbacRules: RbacRuleResolver;
  /** Aborted when the server stops: the watches the authorizers keep end on it. */
  readonly stopping: AbortSignal;
}

/** One mode's authorizer, and the work it needs once the server listens. */
export interface ModeAuthorizer {
  readonly authorizer: Authorizer;
  readonly postStartHooks?: readonly PostStartHook[];
}

/** kube's privileged-group authorizer: the members of system:masters may do anything, whatever the modes. */
type ModeBuilder = (context: AuthorizationContext) => ModeAuthorizer;

const builders: Record<AuthorizationMode, ModeBuilder | undefined> = {
  AlwaysAllow: () => ({ authorizer: allowEverything }),
  AlwaysDeny: () => ({ authorizer: denyEverything }),
  Node: nodeModeAuthorizer,
  RBAC: (context) => ({ authorizer: rbacAuthorizer(context.rbacRules) }),
};

/** The --authorization-mode list, checked as kube-apiserver checks it. */
export function parseAuthorizationModes(modes: readonly string[]): AuthorizationMode[] {
  if (modes.length === 0) throw new FlagError('at least one authorization-mode must be passed');
  const seen = new Set<string>();
  for (const mode of modes) {
    if (!(authorizationModeNames as readonly string[]).includes(mode)) throw new FlagError(`authorization-mode ${JSON.stringify(mode)} is not a valid mode`);
    if (builders[mode as AuthorizationMode] === undefined) throw new FlagError(`authorization-mode ${JSON.stringify(mode)} is not implemented yet`);
    if (seen.has(mode)) throw new FlagError(`authorization-mode ${JSON.stringify(mode)} has mode specified more than once`);
    seen.add(mode);
  }
  return modes as AuthorizationMode[];
}

/** The authorizer of the modes, in their order after kube's superuser authorizer (system:masters), and their post-start hooks. */
export function authorizerOf(modes: readonly AuthorizationMode[], context: AuthorizationContext): { authorizer: Authorizer; postStartHooks: PostStartHook[] } {
  const built = modes.map((mode) => (builders[mode] as ModeBuilder)(context));
  const instrumented = built.map((one, i) => withDecisionMetrics(modes[i] as string, (modes[i] as string).toLowerCase(), one.authorizer));
  return { authorizer: unionAuthorizer([privilegedGroupAuthorizer, ...instrumented]), postStartHooks: built.flatMap((one) => one.postStartHooks ?? []) };
}
