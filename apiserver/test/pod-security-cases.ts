// Pods and what kube-apiserver 1.35.4 answered when each was created in namespaces enforcing
// baseline and restricted at several versions (recorded from it with dry-run creates): the message
// after `violates PodSecurity "<level>:<version>": `, empty when the pod was admitted. Each entry
// holds from its version until the next one listed; the versions checked are those below.

import type { PodSpec } from '@capstan/common/api-types/core-v1';
import type { ObjectMeta } from '@capstan/common/api-types/meta-v1';

export const baselineVersions = ['v1.26', 'v1.28', 'v1.30', 'v1.33', 'latest'];
export const restrictedVersions = ['v1.7', 'v1.18', 'v1.21', 'v1.24', 'v1.34', 'latest'];

export interface PodSecurityCase {
  readonly name: string;
  readonly pod: { readonly metadata?: ObjectMeta; readonly spec: PodSpec };
  /** By the version from which kube answers it. */
  readonly baseline: Readonly<Record<string, string>>;
  readonly restricted: Readonly<Record<string, string>>;
}

export const podSecurityCases: readonly PodSecurityCase[] = [
  {
    name: 'host namespaces',
    pod: { spec: { hostIPC: true, hostPID: true, containers: [{ name: 'c', image: 'i' }] } } as PodSecurityCase['pod'],
    baseline: { 'v1.26': 'host namespaces (hostPID=true, hostIPC=true)' },
    restricted: {
      'v1.7': 'host namespaces (hostPID=true, hostIPC=true), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true)',
      'v1.18':
        'host namespaces (hostPID=true, hostIPC=true), allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true)',
      'v1.21':
        'host namespaces (hostPID=true, hostIPC=true), allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
      'v1.24':
        'host namespaces (hostPID=true, hostIPC=true), allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "c" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
    },
  },
  {
    name: 'Windows host processes',
    pod: {
      spec: {
        securityContext: { windowsOptions: { hostProcess: true } },
        hostNetwork: true,
        containers: [
          { name: 'c', image: 'i', securityContext: { windowsOptions: { hostProcess: true } } },
          { name: 'd', image: 'i', securityContext: { windowsOptions: { hostProcess: true } } },
        ],
      },
    } as PodSecurityCase['pod'],
    baseline: { 'v1.26': 'host namespaces (hostNetwork=true), hostProcess (pod and containers "c", "d" must not set securityContext.windowsOptions.hostProcess=true)' },
    restricted: {
      'v1.7':
        'host namespaces (hostNetwork=true), hostProcess (pod and containers "c", "d" must not set securityContext.windowsOptions.hostProcess=true), runAsNonRoot != true (pod or containers "c", "d" must set securityContext.runAsNonRoot=true)',
      'v1.18':
        'host namespaces (hostNetwork=true), hostProcess (pod and containers "c", "d" must not set securityContext.windowsOptions.hostProcess=true), allowPrivilegeEscalation != false (containers "c", "d" must set securityContext.allowPrivilegeEscalation=false), runAsNonRoot != true (pod or containers "c", "d" must set securityContext.runAsNonRoot=true)',
      'v1.21':
        'host namespaces (hostNetwork=true), hostProcess (pod and containers "c", "d" must not set securityContext.windowsOptions.hostProcess=true), allowPrivilegeEscalation != false (containers "c", "d" must set securityContext.allowPrivilegeEscalation=false), runAsNonRoot != true (pod or containers "c", "d" must set securityContext.runAsNonRoot=true), seccompProfile (pod or containers "c", "d" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
      'v1.24':
        'host namespaces (hostNetwork=true), hostProcess (pod and containers "c", "d" must not set securityContext.windowsOptions.hostProcess=true), allowPrivilegeEscalation != false (containers "c", "d" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (containers "c", "d" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or containers "c", "d" must set securityContext.runAsNonRoot=true), seccompProfile (pod or containers "c", "d" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
    },
  },
  {
    name: 'seccomp Unconfined on the pod and a container',
    pod: {
      spec: {
        securityContext: { seccompProfile: { type: 'Unconfined' } },
        containers: [
          { name: 'c', image: 'i', securityContext: { seccompProfile: { type: 'Unconfined' } } },
          { name: 'd', image: 'i', securityContext: { seccompProfile: { type: 'RuntimeDefault' } } },
        ],
      },
    } as PodSecurityCase['pod'],
    baseline: { 'v1.26': 'seccompProfile (pod and container "c" must not set securityContext.seccompProfile.type to "Unconfined")' },
    restricted: {
      'v1.7': 'runAsNonRoot != true (pod or containers "c", "d" must set securityContext.runAsNonRoot=true)',
      'v1.18':
        'allowPrivilegeEscalation != false (containers "c", "d" must set securityContext.allowPrivilegeEscalation=false), runAsNonRoot != true (pod or containers "c", "d" must set securityContext.runAsNonRoot=true)',
      'v1.21':
        'allowPrivilegeEscalation != false (containers "c", "d" must set securityContext.allowPrivilegeEscalation=false), runAsNonRoot != true (pod or containers "c", "d" must set securityContext.runAsNonRoot=true), seccompProfile (pod and container "c" must not set securityContext.seccompProfile.type to "Unconfined")',
      'v1.24':
        'allowPrivilegeEscalation != false (containers "c", "d" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (containers "c", "d" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or containers "c", "d" must set securityContext.runAsNonRoot=true), seccompProfile (pod and container "c" must not set securityContext.seccompProfile.type to "Unconfined")',
    },
  },
  {
    name: 'seccomp Unconfined on a container, the pod RuntimeDefault',
    pod: {
      spec: {
        securityContext: { seccompProfile: { type: 'RuntimeDefault' } },
        containers: [{ name: 'c', image: 'i', securityContext: { seccompProfile: { type: 'Unconfined' } } }],
      },
    } as PodSecurityCase['pod'],
    baseline: { 'v1.26': 'seccompProfile (container "c" must not set securityContext.seccompProfile.type to "Unconfined")' },
    restricted: {
      'v1.7': 'runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true)',
      'v1.18':
        'allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true)',
      'v1.21':
        'allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), seccompProfile (container "c" must not set securityContext.seccompProfile.type to "Unconfined")',
      'v1.24':
        'allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "c" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), seccompProfile (container "c" must not set securityContext.seccompProfile.type to "Unconfined")',
    },
  },
  {
    name: 'sysctls of later versions',
    pod: {
      spec: {
        securityContext: {
          sysctls: [
            { name: 'net.ipv4.ip_local_reserved_ports', value: '1' },
            { name: 'net.ipv4.tcp_fin_timeout', value: '1' },
            { name: 'net.ipv4.tcp_wmem', value: '1 2 3' },
            { name: 'kernel.shm_rmid_forced', value: '0' },
          ],
        },
        containers: [{ name: 'c', image: 'i' }],
      },
    } as PodSecurityCase['pod'],
    baseline: {
      'v1.26': 'forbidden sysctls (net.ipv4.ip_local_reserved_ports, net.ipv4.tcp_fin_timeout, net.ipv4.tcp_wmem)',
      'v1.28': 'forbidden sysctls (net.ipv4.tcp_fin_timeout, net.ipv4.tcp_wmem)',
      'v1.30': 'forbidden sysctls (net.ipv4.tcp_wmem)',
      'v1.33': '',
    },
    restricted: {
      'v1.7':
        'forbidden sysctls (net.ipv4.ip_local_reserved_ports, net.ipv4.tcp_fin_timeout, net.ipv4.tcp_wmem), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true)',
      'v1.18':
        'forbidden sysctls (net.ipv4.ip_local_reserved_ports, net.ipv4.tcp_fin_timeout, net.ipv4.tcp_wmem), allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true)',
      'v1.21':
        'forbidden sysctls (net.ipv4.ip_local_reserved_ports, net.ipv4.tcp_fin_timeout, net.ipv4.tcp_wmem), allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
      'v1.24':
        'forbidden sysctls (net.ipv4.ip_local_reserved_ports, net.ipv4.tcp_fin_timeout, net.ipv4.tcp_wmem), allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "c" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
      'v1.34':
        'allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "c" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
    },
  },
  {
    name: 'SELinux type container_engine_t and a user',
    pod: {
      spec: { securityContext: { seLinuxOptions: { type: 'container_engine_t' } }, containers: [{ name: 'c', image: 'i', securityContext: { seLinuxOptions: { user: 'u' } } }] },
    } as PodSecurityCase['pod'],
    baseline: {
      'v1.26': 'seLinuxOptions (pod and container "c" set forbidden securityContext.seLinuxOptions: type "container_engine_t"; user may not be set)',
      'v1.33': 'seLinuxOptions (container "c" set forbidden securityContext.seLinuxOptions: user may not be set)',
    },
    restricted: {
      'v1.7':
        'seLinuxOptions (pod and container "c" set forbidden securityContext.seLinuxOptions: type "container_engine_t"; user may not be set), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true)',
      'v1.18':
        'seLinuxOptions (pod and container "c" set forbidden securityContext.seLinuxOptions: type "container_engine_t"; user may not be set), allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true)',
      'v1.21':
        'seLinuxOptions (pod and container "c" set forbidden securityContext.seLinuxOptions: type "container_engine_t"; user may not be set), allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
      'v1.24':
        'seLinuxOptions (pod and container "c" set forbidden securityContext.seLinuxOptions: type "container_engine_t"; user may not be set), allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "c" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
      'v1.34':
        'seLinuxOptions (container "c" set forbidden securityContext.seLinuxOptions: user may not be set), allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "c" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
    },
  },
  {
    name: 'capabilities added beyond NET_BIND_SERVICE',
    pod: {
      spec: {
        containers: [
          {
            name: 'c',
            image: 'i',
            securityContext: {
              capabilities: { add: ['NET_BIND_SERVICE', 'CHOWN'], drop: ['ALL'] },
              allowPrivilegeEscalation: false,
              runAsNonRoot: true,
              seccompProfile: { type: 'RuntimeDefault' },
            },
          },
        ],
      },
    } as PodSecurityCase['pod'],
    baseline: {},
    restricted: { 'v1.24': 'unrestricted capabilities (container "c" must not include "CHOWN" in securityContext.capabilities.add)' },
  },
  {
    name: 'a restricted pod',
    pod: {
      spec: {
        containers: [
          {
            name: 'c',
            image: 'i',
            securityContext: {
              capabilities: { add: ['NET_BIND_SERVICE'], drop: ['ALL'] },
              allowPrivilegeEscalation: false,
              runAsNonRoot: true,
              seccompProfile: { type: 'Localhost', localhostProfile: 'p' },
            },
          },
        ],
      },
    } as PodSecurityCase['pod'],
    baseline: {},
    restricted: {},
  },
  {
    name: 'capabilities added, none dropped, in init containers too',
    pod: {
      spec: {
        containers: [{ name: 'c', image: 'i', securityContext: { capabilities: { add: ['SYS_ADMIN'] } } }],
        initContainers: [{ name: 'i', image: 'i', securityContext: { capabilities: { drop: ['NET_RAW'] } } }],
      },
    } as PodSecurityCase['pod'],
    baseline: { 'v1.26': 'non-default capabilities (container "c" must not include "SYS_ADMIN" in securityContext.capabilities.add)' },
    restricted: {
      'v1.7':
        'non-default capabilities (container "c" must not include "SYS_ADMIN" in securityContext.capabilities.add), runAsNonRoot != true (pod or containers "i", "c" must set securityContext.runAsNonRoot=true)',
      'v1.18':
        'non-default capabilities (container "c" must not include "SYS_ADMIN" in securityContext.capabilities.add), allowPrivilegeEscalation != false (containers "i", "c" must set securityContext.allowPrivilegeEscalation=false), runAsNonRoot != true (pod or containers "i", "c" must set securityContext.runAsNonRoot=true)',
      'v1.21':
        'non-default capabilities (container "c" must not include "SYS_ADMIN" in securityContext.capabilities.add), allowPrivilegeEscalation != false (containers "i", "c" must set securityContext.allowPrivilegeEscalation=false), runAsNonRoot != true (pod or containers "i", "c" must set securityContext.runAsNonRoot=true), seccompProfile (pod or containers "i", "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
      'v1.24':
        'allowPrivilegeEscalation != false (containers "i", "c" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (containers "i", "c" must set securityContext.capabilities.drop=["ALL"]; container "c" must not include "SYS_ADMIN" in securityContext.capabilities.add), runAsNonRoot != true (pod or containers "i", "c" must set securityContext.runAsNonRoot=true), seccompProfile (pod or containers "i", "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
    },
  },
  {
    name: 'volume types',
    pod: {
      spec: {
        volumes: [
          { name: 'a', configMap: { name: 'x' } },
          { name: 'b', hostPath: { path: '/' } },
          { name: 'c', iscsi: { targetPortal: '1.2.3.4:3260', iqn: 'iqn.2001-04.com.example:storage', lun: 0 } },
          { name: 'd', azureFile: { secretName: 's', shareName: 'x' } },
          { name: 'e', image: { reference: 'x' } },
        ],
        containers: [{ name: 'c', image: 'i' }],
      },
    } as PodSecurityCase['pod'],
    baseline: { 'v1.26': 'hostPath volumes (volume "b")' },
    restricted: {
      'v1.7':
        'restricted volume types (volumes "b", "c", "d" use restricted volume types "azureFile", "hostPath", "iscsi"), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true)',
      'v1.18':
        'allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), restricted volume types (volumes "b", "c", "d" use restricted volume types "azureFile", "hostPath", "iscsi"), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true)',
      'v1.21':
        'allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), restricted volume types (volumes "b", "c", "d" use restricted volume types "azureFile", "hostPath", "iscsi"), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
      'v1.24':
        'allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "c" must set securityContext.capabilities.drop=["ALL"]), restricted volume types (volumes "b", "c", "d" use restricted volume types "azureFile", "hostPath", "iscsi"), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
    },
  },
  {
    name: 'runAsUser 0 and runAsNonRoot false',
    pod: {
      spec: {
        securityContext: { runAsUser: 0, runAsNonRoot: true },
        containers: [
          { name: 'c', image: 'i', securityContext: { runAsUser: 1000 } },
          { name: 'd', image: 'i', securityContext: { runAsUser: 0, runAsNonRoot: false } },
        ],
      },
    } as PodSecurityCase['pod'],
    baseline: {},
    restricted: {
      'v1.7': 'runAsNonRoot != true (container "d" must not set securityContext.runAsNonRoot=false)',
      'v1.18':
        'allowPrivilegeEscalation != false (containers "c", "d" must set securityContext.allowPrivilegeEscalation=false), runAsNonRoot != true (container "d" must not set securityContext.runAsNonRoot=false)',
      'v1.21':
        'allowPrivilegeEscalation != false (containers "c", "d" must set securityContext.allowPrivilegeEscalation=false), runAsNonRoot != true (container "d" must not set securityContext.runAsNonRoot=false), seccompProfile (pod or containers "c", "d" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
      'v1.24':
        'allowPrivilegeEscalation != false (containers "c", "d" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (containers "c", "d" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (container "d" must not set securityContext.runAsNonRoot=false), runAsUser=0 (pod and container "d" must not set runAsUser=0), seccompProfile (pod or containers "c", "d" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
    },
  },
  {
    name: 'a Windows pod',
    pod: { spec: { os: { name: 'windows' }, securityContext: { runAsNonRoot: true }, containers: [{ name: 'c', image: 'i' }] } } as PodSecurityCase['pod'],
    baseline: {},
    restricted: {
      'v1.18': 'allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false)',
      'v1.21':
        'allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
      'v1.24':
        'allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "c" must set securityContext.capabilities.drop=["ALL"]), seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
      'v1.34': '',
    },
  },
  {
    name: 'a pod in a user namespace unmasking /proc, as root',
    pod: {
      spec: {
        hostUsers: false,
        securityContext: { runAsUser: 0 },
        containers: [
          {
            name: 'c',
            image: 'i',
            securityContext: { procMount: 'Unmasked', allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] }, seccompProfile: { type: 'RuntimeDefault' } },
          },
        ],
      },
    } as PodSecurityCase['pod'],
    baseline: { 'v1.26': 'procMount (container "c" must not set securityContext.procMount to "Unmasked")', latest: '' },
    restricted: {
      'v1.7':
        'procMount (container "c" must not set securityContext.procMount to "Unmasked"), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true)',
      'v1.24':
        'procMount (container "c" must not set securityContext.procMount to "Unmasked"), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), runAsUser=0 (pod must not set runAsUser=0)',
      latest: 'procMount (container "c" must not set securityContext.procMount to "Unmasked")',
    },
  },
  {
    name: 'host ports and probe and lifecycle hosts',
    pod: {
      spec: {
        containers: [
          {
            name: 'c',
            image: 'i',
            ports: [
              { containerPort: 80, hostPort: 8080 },
              { containerPort: 81, hostPort: 81 },
            ],
            startupProbe: { tcpSocket: { host: 'h1', port: 1 } },
            lifecycle: { postStart: { httpGet: { host: 'h2', port: 2 } } },
          },
        ],
      },
    } as PodSecurityCase['pod'],
    baseline: {
      'v1.26': 'hostPort (container "c" uses hostPorts 8080, 81)',
      latest: 'hostPort (container "c" uses hostPorts 8080, 81), probe or lifecycle host (container "c" uses probe or lifecycle hosts "h1", "h2")',
    },
    restricted: {
      'v1.7': 'hostPort (container "c" uses hostPorts 8080, 81), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true)',
      'v1.18':
        'hostPort (container "c" uses hostPorts 8080, 81), allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true)',
      'v1.21':
        'hostPort (container "c" uses hostPorts 8080, 81), allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
      'v1.24':
        'hostPort (container "c" uses hostPorts 8080, 81), allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "c" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
      'v1.34':
        'hostPort (container "c" uses hostPorts 8080, 81), probe or lifecycle host (container "c" uses probe or lifecycle hosts "h1", "h2"), allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "c" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
    },
  },
  {
    name: 'AppArmor Unconfined on a container',
    pod: {
      spec: {
        securityContext: { appArmorProfile: { type: 'Localhost', localhostProfile: 'x' } },
        containers: [{ name: 'c', image: 'i', securityContext: { appArmorProfile: { type: 'Unconfined' } } }],
      },
    } as PodSecurityCase['pod'],
    baseline: { 'v1.26': 'forbidden AppArmor profile (container "c" must not set AppArmor profile type to "Unconfined")' },
    restricted: {
      'v1.7':
        'forbidden AppArmor profile (container "c" must not set AppArmor profile type to "Unconfined"), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true)',
      'v1.18':
        'forbidden AppArmor profile (container "c" must not set AppArmor profile type to "Unconfined"), allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true)',
      'v1.21':
        'forbidden AppArmor profile (container "c" must not set AppArmor profile type to "Unconfined"), allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
      'v1.24':
        'forbidden AppArmor profile (container "c" must not set AppArmor profile type to "Unconfined"), allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "c" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
    },
  },
];
