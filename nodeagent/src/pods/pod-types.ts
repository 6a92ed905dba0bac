// The parts of a v1 Pod the pod workers read, as the API serves them (JSON), and the status they
// write back. Fields the agent does not read are left out; objects are never mutated.

export type Json = Record<string, unknown>;
export type StringMap = Readonly<Record<string, string>>;

export interface SeccompProfileSpec {
  readonly type?: string;
  readonly localhostProfile?: string;
}

export interface SecurityContextSpec {
  readonly privileged?: boolean;
  readonly runAsUser?: number;
  readonly runAsGroup?: number;
  readonly runAsNonRoot?: boolean;
  readonly readOnlyRootFilesystem?: boolean;
  readonly allowPrivilegeEscalation?: boolean;
  readonly procMount?: string;
  readonly capabilities?: { readonly add?: readonly string[]; readonly drop?: readonly string[] };
  readonly seccompProfile?: SeccompProfileSpec;
  readonly seLinuxOptions?: { readonly user?: string; readonly role?: string; readonly type?: string; readonly level?: string };
}

export interface PodSecurityContextSpec extends SecurityContextSpec {
  readonly fsGroup?: number;
  readonly supplementalGroups?: readonly number[];
  readonly supplementalGroupsPolicy?: string;
  readonly sysctls?: ReadonlyArray<{ readonly name: string; readonly value: string }>;
}

export interface KeySelectorSpec {
  readonly name?: string;
  readonly key: string;
  readonly optional?: boolean;
}

export interface ResourceFieldSelectorSpec {
  readonly containerName?: string;
  readonly resource: string;
  readonly divisor?: string | number;
}

export interface EnvVarSpec {
  readonly name: string;
  readonly value?: string;
  readonly valueFrom?: {
    readonly fieldRef?: { readonly fieldPath: string };
    readonly resourceFieldRef?: ResourceFieldSelectorSpec;
    readonly configMapKeyRef?: KeySelectorSpec;
    readonly secretKeyRef?: KeySelectorSpec;
  };
}

export interface EnvFromSourceSpec {
  readonly prefix?: string;
  readonly configMapRef?: { readonly name?: string; readonly optional?: boolean };
  readonly secretRef?: { readonly name?: string; readonly optional?: boolean };
}

export interface HTTPGetActionSpec {
  readonly path?: string;
  /** A number, or the name of one of the container's ports. */
  readonly port: number | string;
  readonly host?: string;
  readonly scheme?: string;
  readonly httpHeaders?: ReadonlyArray<{ readonly name: string; readonly value: string }>;
}

/** A probe's or a lifecycle hook's action: exactly one of them is set. */
export interface HandlerActionSpec {
  readonly exec?: { readonly command?: readonly string[] };
  readonly httpGet?: HTTPGetActionSpec;
  readonly tcpSocket?: { readonly port: number | string; readonly host?: string };
  readonly grpc?: { readonly port: number; readonly service?: string };
  readonly sleep?: { readonly seconds: number };
}

export interface ProbeSpec extends HandlerActionSpec {
  readonly initialDelaySeconds?: number;
  readonly timeoutSeconds?: number;
  readonly periodSeconds?: number;
  readonly successThreshold?: number;
  readonly failureThreshold?: number;
  readonly terminationGracePeriodSeconds?: number;
}

export interface LifecycleSpec {
  readonly postStart?: HandlerActionSpec;
  readonly preStop?: HandlerActionSpec;
}

export interface VolumeMountSpec {
  readonly name: string;
  readonly mountPath: string;
  readonly subPath?: string;
  readonly readOnly?: boolean;
  readonly recursiveReadOnly?: string;
  readonly mountPropagation?: string;
}

export interface ContainerPortSpec {
  readonly name?: string;
  readonly containerPort: number;
  readonly hostPort?: number;
  readonly hostIP?: string;
  readonly protocol?: string;
}

export interface ContainerSpec {
  readonly name: string;
  readonly image?: string;
  readonly imagePullPolicy?: string;
  readonly command?: readonly string[];
  readonly args?: readonly string[];
  readonly workingDir?: string;
  readonly env?: readonly EnvVarSpec[];
  readonly envFrom?: readonly EnvFromSourceSpec[];
  readonly ports?: readonly ContainerPortSpec[];
  readonly volumeMounts?: readonly VolumeMountSpec[];
  readonly resources?: { readonly requests?: StringMap; readonly limits?: StringMap };
  readonly securityContext?: SecurityContextSpec;
  readonly restartPolicy?: string;
  readonly terminationMessagePath?: string;
  readonly terminationMessagePolicy?: string;
  readonly stdin?: boolean;
  readonly stdinOnce?: boolean;
  readonly tty?: boolean;
  readonly livenessProbe?: ProbeSpec;
  readonly readinessProbe?: ProbeSpec;
  readonly startupProbe?: ProbeSpec;
  readonly lifecycle?: LifecycleSpec;
}

export interface KeyToPathSpec {
  readonly key: string;
  readonly path: string;
  readonly mode?: number;
}

export interface DownwardAPIVolumeFileSpec {
  readonly path: string;
  readonly fieldRef?: { readonly fieldPath: string };
  readonly resourceFieldRef?: ResourceFieldSelectorSpec;
  readonly mode?: number;
}

export interface ProjectionSourceSpec {
  readonly configMap?: { readonly name?: string; readonly items?: readonly KeyToPathSpec[]; readonly optional?: boolean };
  readonly secret?: { readonly name?: string; readonly items?: readonly KeyToPathSpec[]; readonly optional?: boolean };
  readonly downwardAPI?: { readonly items?: readonly DownwardAPIVolumeFileSpec[] };
  readonly serviceAccountToken?: { readonly audience?: string; readonly expirationSeconds?: number; readonly path: string };
}

export interface VolumeSpec {
  readonly name: string;
  readonly hostPath?: { readonly path: string; readonly type?: string };
  readonly emptyDir?: { readonly medium?: string };
  readonly configMap?: { readonly name?: string; readonly items?: readonly KeyToPathSpec[]; readonly defaultMode?: number; readonly optional?: boolean };
  readonly secret?: { readonly secretName?: string; readonly items?: readonly KeyToPathSpec[]; readonly defaultMode?: number; readonly optional?: boolean };
  readonly downwardAPI?: { readonly items?: readonly DownwardAPIVolumeFileSpec[]; readonly defaultMode?: number };
  readonly projected?: { readonly sources?: readonly ProjectionSourceSpec[]; readonly defaultMode?: number };
}

export interface PodSpec {
  readonly nodeName?: string;
  readonly containers: readonly ContainerSpec[];
  readonly initContainers?: readonly ContainerSpec[];
  readonly ephemeralContainers?: readonly ContainerSpec[];
  readonly volumes?: readonly VolumeSpec[];
  readonly restartPolicy?: string;
  /** How long the pod may be active on the node before it is failed (DeadlineExceeded). */
  readonly activeDeadlineSeconds?: number;
  /** Whether the Services of the pod's namespace give it environment variables (true when unset). */
  readonly enableServiceLinks?: boolean;
  readonly terminationGracePeriodSeconds?: number;
  readonly hostNetwork?: boolean;
  readonly hostPID?: boolean;
  readonly hostIPC?: boolean;
  readonly hostUsers?: boolean;
  readonly shareProcessNamespace?: boolean;
  readonly hostname?: string;
  readonly subdomain?: string;
  /** Entries the kubelet adds to the pod's /etc/hosts. */
  readonly hostAliases?: readonly { readonly ip?: string; readonly hostnames?: readonly string[] }[];
  readonly dnsPolicy?: string;
  readonly dnsConfig?: {
    readonly nameservers?: readonly string[];
    readonly searches?: readonly string[];
    readonly options?: ReadonlyArray<{ readonly name: string; readonly value?: string }>;
  };
  readonly securityContext?: PodSecurityContextSpec;
  readonly runtimeClassName?: string;
  readonly serviceAccountName?: string;
  readonly readinessGates?: ReadonlyArray<{ readonly conditionType: string }>;
  readonly priority?: number;
  readonly resources?: { readonly requests?: StringMap; readonly limits?: StringMap };
}

export interface PodMetadata {
  readonly name: string;
  readonly namespace: string;
  readonly uid: string;
  readonly resourceVersion?: string;
  readonly generation?: number;
  readonly labels?: StringMap;
  readonly annotations?: StringMap;
  readonly deletionTimestamp?: string;
  readonly deletionGracePeriodSeconds?: number;
  readonly creationTimestamp?: string;
  readonly [field: string]: unknown;
}

export interface PodCondition {
  readonly type: string;
  readonly status: string;
  readonly observedGeneration?: number;
  readonly lastProbeTime: string | null;
  readonly lastTransitionTime: string | null;
  readonly reason?: string;
  readonly message?: string;
}

export interface ContainerStateWaiting {
  readonly reason?: string;
  readonly message?: string;
}

export interface ContainerStateTerminated {
  readonly exitCode: number;
  readonly signal?: number;
  readonly reason?: string;
  readonly message?: string;
  readonly startedAt: string | null;
  readonly finishedAt: string | null;
  readonly containerID?: string;
}

export interface ContainerState {
  readonly waiting?: ContainerStateWaiting;
  readonly running?: { readonly startedAt: string | null };
  readonly terminated?: ContainerStateTerminated;
}

export interface ContainerStatus {
  readonly name: string;
  readonly state: ContainerState;
  readonly lastState: ContainerState;
  readonly ready: boolean;
  readonly restartCount: number;
  readonly image: string;
  readonly imageID: string;
  readonly containerID?: string;
  readonly started?: boolean;
  readonly resources?: Json;
  readonly allocatedResources?: StringMap;
  readonly volumeMounts?: readonly Json[];
  readonly user?: Json;
}

export interface PodStatus {
  readonly observedGeneration?: number;
  readonly phase?: string;
  readonly conditions?: readonly PodCondition[];
  readonly message?: string;
  readonly reason?: string;
  readonly hostIP?: string;
  readonly hostIPs?: ReadonlyArray<{ readonly ip: string }>;
  readonly podIP?: string;
  readonly podIPs?: ReadonlyArray<{ readonly ip: string }>;
  readonly startTime?: string;
  readonly initContainerStatuses?: readonly ContainerStatus[];
  readonly containerStatuses?: readonly ContainerStatus[];
  readonly ephemeralContainerStatuses?: readonly ContainerStatus[];
  readonly qosClass?: string;
}

export interface Pod {
  readonly apiVersion?: string;
  readonly kind?: string;
  readonly metadata: PodMetadata;
  readonly spec: PodSpec;
  readonly status?: PodStatus;
}

/** The kubelet's annotations on static and mirror pods (kubetypes). */
export const configSourceAnnotation = 'kubernetes.io/config.source';
export const configHashAnnotation = 'kubernetes.io/config.hash';
export const configMirrorAnnotation = 'kubernetes.io/config.mirror';
export const configSeenAnnotation = 'kubernetes.io/config.seen';

export const isMirrorPod = (pod: Pod): boolean => pod.metadata.annotations?.[configMirrorAnnotation] !== undefined;

/** kubetypes.IsStaticPod: a pod from a source other than the API server. */
export function isStaticPod(pod: Pod): boolean {
  const source = pod.metadata.annotations?.[configSourceAnnotation];
  return source !== undefined && source !== 'api';
}

export const isTerminalPhase = (phase: string | undefined): boolean => phase === 'Succeeded' || phase === 'Failed';

/** format.Pod: `name_namespace(uid)`, how the kubelet names a pod in messages. */
export const formatPod = (pod: Pod): string => `${pod.metadata.name}_${pod.metadata.namespace}(${pod.metadata.uid})`;

/** Containers an init, regular or ephemeral container may be. */
export function allContainers(spec: PodSpec): readonly ContainerSpec[] {
  return [...(spec.initContainers ?? []), ...spec.containers, ...(spec.ephemeralContainers ?? [])];
}

/** podutil.IsRestartableInitContainer: a sidecar. */
export const isRestartableInitContainer = (container: ContainerSpec): boolean => container.restartPolicy === 'Always';

/** The API's timestamps: RFC 3339 to the second. */

/** The API path of pods: the collection of a namespace, one pod, or one of its subresources. */
export const podsTarget = (namespace?: string, name?: string, subresource?: string) => ({
  group: '',
  version: 'v1',
  resource: 'pods',
  ...(namespace === undefined ? {} : { namespace }),
  ...(name === undefined ? {} : { name }),
  ...(subresource === undefined ? {} : { subresource }),
});
