// What the agent's HTTPS server asks of the pods the agent runs: find a pod by namespace and name,
// and one of its containers as the runtime knows it (its CRI id and log file), the current one or
// the previous instance (for `kubectl logs --previous`). The pod workers keep it up to date.

export interface PodContainerRef {
  /** The container's CRI id. */
  readonly id: string;
  readonly name: string;
  /** The CRI log file of this instance (under /var/log/pods/... or the runtime's log directory). */
  readonly logPath: string;
  /** How many times the container was restarted before this instance. */
  readonly attempt: number;
  /** Running, or exited (its log is complete). */
  readonly running: boolean;
}

export interface PodRef {
  readonly namespace: string;
  readonly name: string;
  readonly uid: string;
  /** The kubelet's "full name" of a pod: `<name>_<namespace>`. */
  readonly fullName: string;
  /** The names of the pod's init, regular and ephemeral containers. */
  readonly containerNames: readonly string[];
}

export interface PodDirectory {
  findPod(namespace: string, name: string): PodRef | undefined;
  /** The pods bound to the agent, as v1 Pod objects (spec and the status the agent last wrote), for GET /pods. */
  listPods(): readonly Readonly<Record<string, unknown>>[];
  /** The current instance, or the one before it when `previous`; undefined when there is none. */
  findContainer(namespace: string, podName: string, containerName: string, options?: { readonly previous?: boolean }): PodContainerRef | undefined;
}

/** kubecontainer.GetPodFullName. */
export const podFullName = (name: string, namespace: string): string => `${name}_${namespace}`;
