// The security settings of core/v1 pods and containers: security contexts, Linux capabilities,
// SELinux, seccomp and AppArmor profiles, Windows options and sysctls.

import { apiName, boolean, field, int64, list, pointer, ref, string, struct, type TypeDeclaration } from '../schema.ts';
import { appArmorProfileTypes, podFSGroupChangePolicies, procMountTypes, seccompProfileTypes, supplementalGroupsPolicies } from './enum-values.ts';

const core = (type: string): string => apiName('core', 'v1', type);

export const coreV1PodSecurityTypes: readonly TypeDeclaration[] = [
  struct(core('PodSecurityContext'), 'Security settings for the whole pod, and defaults for the security settings of its containers.', {
    seLinuxOptions: pointer(field(1, ref(core('SELinuxOptions')), 'The SELinux context given to every container that sets none itself.')),
    windowsOptions: pointer(field(8, ref(core('WindowsSecurityContextOptions')), 'Windows settings given to every container that sets none itself.')),
    runAsUser: pointer(field(2, int64(), 'The user ID container processes run as, unless a container says otherwise.')),
    runAsGroup: pointer(field(6, int64(), 'The primary group ID container processes run as, unless a container says otherwise.')),
    runAsNonRoot: pointer(field(3, boolean(), 'With true, the kubelet refuses to start a container whose process would run as root.')),
    supplementalGroups: field(4, list(int64({ default: 0 })), 'Extra group IDs given to the first process of every container.', { listType: 'atomic' }),
    supplementalGroupsPolicy: pointer(
      field(12, string({ enum: supplementalGroupsPolicies }), 'Merge or Strict: whether the groups the image defines are kept alongside supplementalGroups.'),
    ),
    fsGroup: pointer(field(5, int64(), 'A group that owns the volumes the kubelet can change ownership of, and that every container joins.')),
    sysctls: field(7, list(ref(core('Sysctl'), { default: {} })), 'Namespaced kernel parameters set for the pod.', { listType: 'atomic' }),
    fsGroupChangePolicy: pointer(field(9, string({ enum: podFSGroupChangePolicies }), 'OnRootMismatch or Always: when the ownership of a volume is changed to fsGroup.')),
    seccompProfile: pointer(field(10, ref(core('SeccompProfile')), 'The seccomp profile of containers that set none themselves.')),
    appArmorProfile: pointer(field(11, ref(core('AppArmorProfile')), 'The AppArmor profile of containers that set none themselves.')),
    seLinuxChangePolicy: pointer(field(13, string(), "MountOption or Recursive: how the SELinux label is applied to the pod's volumes.")),
  }),

  struct(core('SecurityContext'), "Security settings of one container, taking precedence over the pod's.", {
    capabilities: pointer(field(1, ref(core('Capabilities')), "Linux capabilities to add to or drop from the runtime's default set.")),
    privileged: pointer(field(2, boolean(), 'Runs the container privileged, with nearly the powers of root on the host.')),
    seLinuxOptions: pointer(field(3, ref(core('SELinuxOptions')), 'The SELinux context of the container.')),
    windowsOptions: pointer(field(10, ref(core('WindowsSecurityContextOptions')), 'Windows-specific settings of the container.')),
    runAsUser: pointer(field(4, int64(), 'The user ID the container process runs as.')),
    runAsGroup: pointer(field(8, int64(), 'The primary group ID the container process runs as.')),
    runAsNonRoot: pointer(field(5, boolean(), 'With true, the kubelet refuses to start the container if its process would run as root.')),
    readOnlyRootFilesystem: pointer(field(6, boolean(), "Mounts the container's root filesystem read-only.")),
    allowPrivilegeEscalation: pointer(field(7, boolean(), 'Whether a process may gain more privileges than its parent (the no_new_privs flag).')),
    procMount: pointer(field(9, string({ enum: procMountTypes }), 'Default or Unmasked: which kind of /proc mount the container gets.')),
    seccompProfile: pointer(field(11, ref(core('SeccompProfile')), "The seccomp profile of the container, overriding the pod's.")),
    appArmorProfile: pointer(field(12, ref(core('AppArmorProfile')), "The AppArmor profile of the container, overriding the pod's.")),
  }),

  struct(core('Capabilities'), 'POSIX capabilities added to and removed from a container.', {
    add: field(1, list(string({ default: '' })), 'Capabilities to add.', { listType: 'atomic' }),
    drop: field(2, list(string({ default: '' })), 'Capabilities to remove.', { listType: 'atomic' }),
  }),

  struct(core('SELinuxOptions'), 'The SELinux labels applied to a container.', {
    user: field(1, string(), 'The SELinux user label.'),
    role: field(2, string(), 'The SELinux role label.'),
    type: field(3, string(), 'The SELinux type label.'),
    level: field(4, string(), 'The SELinux level label.'),
  }),

  struct(
    core('SeccompProfile'),
    'Which seccomp profile a pod or container runs under.',
    {
      type: field(1, string({ default: '', enum: seccompProfileTypes }), 'Localhost, RuntimeDefault or Unconfined.', { required: true }),
      localhostProfile: pointer(field(2, string(), "The path of a profile file on the node, relative to the kubelet's seccomp directory; only for Localhost.")),
    },
    { unions: [{ discriminator: 'type', fieldsToDiscriminateBy: { localhostProfile: 'LocalhostProfile' } }] },
  ),

  struct(
    core('AppArmorProfile'),
    'Which AppArmor profile a pod or container runs under.',
    {
      type: field(1, string({ default: '', enum: appArmorProfileTypes }), 'Localhost, RuntimeDefault or Unconfined.', { required: true }),
      localhostProfile: pointer(field(2, string(), 'The name of a profile loaded on the node; only for Localhost.')),
    },
    { unions: [{ discriminator: 'type', fieldsToDiscriminateBy: { localhostProfile: 'LocalhostProfile' } }] },
  ),

  struct(core('WindowsSecurityContextOptions'), 'Windows-specific security settings of a pod or container.', {
    gmsaCredentialSpecName: pointer(field(1, string(), 'The name of the GMSA credential spec to use.')),
    gmsaCredentialSpec: pointer(field(2, string(), 'The contents of the GMSA credential spec, filled in by the GMSA admission webhook.')),
    runAsUserName: pointer(field(3, string(), 'The Windows user name the container process runs as.')),
    hostProcess: pointer(field(4, boolean(), 'Runs the container as a Windows host process.')),
  }),

  struct(core('Sysctl'), 'A kernel parameter to set, and its value.', {
    name: field(1, string({ default: '' }), 'The name of the kernel parameter.', { required: true }),
    value: field(2, string({ default: '' }), 'The value to set it to.', { required: true }),
  }),
];
