// Linux security settings of sandboxes and containers: namespaces, user namespaces, SELinux,
// capabilities, seccomp and AppArmor profiles, users and groups.

import { enumOf, field, message, repeated, type Declarations } from './declare.ts';
import type { Int64Value } from './wrappers.ts';

export const namespaceModes = ['POD', 'CONTAINER', 'NODE', 'TARGET'] as const;
/** Which namespace a container joins: the pod's, its own, the node's, or another container's (TARGET). */
export type NamespaceMode = (typeof namespaceModes)[number];

export const supplementalGroupsPolicies = ['Merge', 'Strict'] as const;
export type SupplementalGroupsPolicy = (typeof supplementalGroupsPolicies)[number];

export const securityProfileTypes = ['RuntimeDefault', 'Unconfined', 'Localhost'] as const;
export type SecurityProfileType = (typeof securityProfileTypes)[number];

/** One range of ids mapped into a user namespace. */
export interface IDMapping {
  readonly hostId: number;
  readonly containerId: number;
  readonly length: number;
}

export interface UserNamespace {
  /** POD for a namespace of the pod's own, NODE for the host's. */
  readonly mode: NamespaceMode;
  readonly uids: readonly IDMapping[];
  readonly gids: readonly IDMapping[];
}

export interface NamespaceOption {
  readonly network: NamespaceMode;
  readonly pid: NamespaceMode;
  readonly ipc: NamespaceMode;
  /** The container whose namespace is joined when a mode is TARGET. */
  readonly targetId: string;
  readonly usernsOptions: UserNamespace | null;
}

/** A seccomp or AppArmor profile; `localhostRef` is the profile's path (seccomp) or name (AppArmor) for Localhost. */
export interface SecurityProfile {
  readonly profileType: SecurityProfileType;
  readonly localhostRef: string;
}

export interface SELinuxOption {
  readonly user: string;
  readonly role: string;
  readonly type: string;
  readonly level: string;
}

export interface Capability {
  readonly addCapabilities: readonly string[];
  readonly dropCapabilities: readonly string[];
  readonly addAmbientCapabilities: readonly string[];
}

export interface LinuxSandboxSecurityContext {
  readonly namespaceOptions: NamespaceOption | null;
  readonly selinuxOptions: SELinuxOption | null;
  readonly runAsUser: Int64Value | null;
  readonly runAsGroup: Int64Value | null;
  readonly readonlyRootfs: boolean;
  readonly supplementalGroups: readonly number[];
  readonly supplementalGroupsPolicy: SupplementalGroupsPolicy;
  readonly privileged: boolean;
  readonly seccomp: SecurityProfile | null;
  readonly apparmor: SecurityProfile | null;
  /** Deprecated by `seccomp`; still sent by the kubelet for older runtimes. */
  readonly seccompProfilePath: string;
}

export interface LinuxContainerSecurityContext {
  readonly capabilities: Capability | null;
  readonly privileged: boolean;
  readonly namespaceOptions: NamespaceOption | null;
  readonly selinuxOptions: SELinuxOption | null;
  readonly runAsUser: Int64Value | null;
  readonly runAsGroup: Int64Value | null;
  readonly runAsUsername: string;
  readonly readonlyRootfs: boolean;
  readonly supplementalGroups: readonly number[];
  readonly supplementalGroupsPolicy: SupplementalGroupsPolicy;
  readonly noNewPrivs: boolean;
  readonly maskedPaths: readonly string[];
  readonly readonlyPaths: readonly string[];
  readonly seccomp: SecurityProfile | null;
  readonly apparmor: SecurityProfile | null;
  /** Deprecated by `apparmor`. */
  readonly apparmorProfile: string;
  /** Deprecated by `seccomp`. */
  readonly seccompProfilePath: string;
}

/** The user a container's process actually runs as, reported in its status. */
export interface LinuxContainerUser {
  readonly uid: number;
  readonly gid: number;
  readonly supplementalGroups: readonly number[];
}

export interface ContainerUser {
  readonly linux: LinuxContainerUser | null;
}

export const securityDeclarations: Declarations = {
  NamespaceMode: enumOf(namespaceModes),
  SupplementalGroupsPolicy: enumOf(supplementalGroupsPolicies),
  IDMapping: message({ hostId: field(1, 'uint32'), containerId: field(2, 'uint32'), length: field(3, 'uint32') }),
  UserNamespace: message({ mode: field(1, 'NamespaceMode'), uids: repeated(2, 'IDMapping'), gids: repeated(3, 'IDMapping') }),
  NamespaceOption: message({
    network: field(1, 'NamespaceMode'),
    pid: field(2, 'NamespaceMode'),
    ipc: field(3, 'NamespaceMode'),
    targetId: field(4, 'string'),
    usernsOptions: field(5, 'UserNamespace'),
  }),
  SecurityProfile: message({ profileType: field(1, 'ProfileType'), localhostRef: field(2, 'string') }, { ProfileType: enumOf(securityProfileTypes) }),
  SELinuxOption: message({ user: field(1, 'string'), role: field(2, 'string'), type: field(3, 'string'), level: field(4, 'string') }),
  Capability: message({
    addCapabilities: repeated(1, 'string'),
    dropCapabilities: repeated(2, 'string'),
    addAmbientCapabilities: repeated(3, 'string'),
  }),
  LinuxSandboxSecurityContext: message({
    namespaceOptions: field(1, 'NamespaceOption'),
    selinuxOptions: field(2, 'SELinuxOption'),
    runAsUser: field(3, 'Int64Value'),
    readonlyRootfs: field(4, 'bool'),
    supplementalGroups: repeated(5, 'int64'),
    privileged: field(6, 'bool'),
    seccompProfilePath: field(7, 'string'),
    runAsGroup: field(8, 'Int64Value'),
    seccomp: field(9, 'SecurityProfile'),
    apparmor: field(10, 'SecurityProfile'),
    supplementalGroupsPolicy: field(11, 'SupplementalGroupsPolicy'),
  }),
  LinuxContainerSecurityContext: message({
    capabilities: field(1, 'Capability'),
    privileged: field(2, 'bool'),
    namespaceOptions: field(3, 'NamespaceOption'),
    selinuxOptions: field(4, 'SELinuxOption'),
    runAsUser: field(5, 'Int64Value'),
    runAsUsername: field(6, 'string'),
    readonlyRootfs: field(7, 'bool'),
    supplementalGroups: repeated(8, 'int64'),
    apparmorProfile: field(9, 'string'),
    seccompProfilePath: field(10, 'string'),
    noNewPrivs: field(11, 'bool'),
    runAsGroup: field(12, 'Int64Value'),
    maskedPaths: repeated(13, 'string'),
    readonlyPaths: repeated(14, 'string'),
    seccomp: field(15, 'SecurityProfile'),
    apparmor: field(16, 'SecurityProfile'),
    supplementalGroupsPolicy: field(17, 'SupplementalGroupsPolicy'),
  }),
  LinuxContainerUser: message({ uid: field(1, 'int64'), gid: field(2, 'int64'), supplementalGroups: repeated(3, 'int64') }),
  ContainerUser: message({ linux: field(1, 'LinuxContainerUser') }),
};
