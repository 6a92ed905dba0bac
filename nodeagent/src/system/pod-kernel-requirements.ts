// The pod features that depend on what the node's runtime and kernel offer, failed with the
// kubelet's messages: user namespaces (hostUsers: false) at sandbox creation, recursive read-only
// mounts at container creation (CreateContainerConfigError).

import { goQuote } from '@capstan/common';

/**
 * UsernsManager.GetOrCreateUserNamespaceMappings' refusal when the runtime handler cannot do user
 * namespaces (the sandbox is not created; the kubelet reports it as FailedCreatePodSandBox).
 */
export function userNamespaceRefusal(hostUsers: boolean | undefined, runtimeHandler: string, handlerSupportsUserNamespaces: boolean): string | undefined {
  if (hostUsers !== false || handlerSupportsUserNamespaces) return undefined;
  return `RuntimeClass handler ${goQuote(runtimeHandler)} does not support user namespaces`;
}

export interface VolumeMountReadOnlySpec {
  readonly name: string;
  readonly readOnly?: boolean;
  readonly recursiveReadOnly?: string;
  readonly mountPropagation?: string;
}

export type RecursiveReadOnlyResolution = { readonly recursive: boolean } | { readonly error: string };

/**
 * resolveRecursiveReadOnly: whether a mount is made recursively read-only. The error becomes the
 * container's CreateContainerConfigError message, prefixed "failed to resolve recursive
 * read-only mode: ".
 */
export function resolveRecursiveReadOnly(mount: VolumeMountReadOnlySpec, runtimeSupportsRecursiveReadOnly: boolean): RecursiveReadOnlyResolution {
  const mode = mount.recursiveReadOnly;
  if (mode === undefined || mode === 'Disabled') return { recursive: false };
  const volume = goQuote(mount.name);
  if (mount.readOnly !== true) return { error: `volume ${volume} requested recursive read-only mode, but it is not read-only` };
  if (mount.mountPropagation !== undefined && mount.mountPropagation !== 'None') {
    return { error: `volume ${volume} requested recursive read-only mode, but it is not compatible with propagation ${goQuote(mount.mountPropagation)}` };
  }
  if (mode === 'IfPossible') return { recursive: runtimeSupportsRecursiveReadOnly };
  if (mode === 'Enabled') {
    return runtimeSupportsRecursiveReadOnly ? { recursive: true } : { error: `volume ${volume} requested recursive read-only mode, but it is not supported by the runtime` };
  }
  return { error: `unknown recursive read-only mode ${goQuote(mode)}` };
}

export const recursiveReadOnlyErrorPrefix = 'failed to resolve recursive read-only mode: ';
