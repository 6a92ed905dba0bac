// A simulated pod sandbox: its config as the kubelet sent it, its IPs, its state, and the
// containers created in it.

import { toNanos } from './clock.ts';
import type { SimContainer } from './simulated-container.ts';
import type { PodSandbox, PodSandboxConfig, PodSandboxMetadata, PodSandboxState, PodSandboxStatus } from './runtime-types.ts';

const noStrings: Readonly<Record<string, string>> = Object.freeze({});

export class SimSandbox {
  readonly id: string;
  readonly config: PodSandboxConfig;
  readonly runtimeHandler: string;
  readonly createdAt: number;
  /** The pod's IPs, one per family, the primary first; none for a sandbox in the node's network namespace (hostNetwork pods). */
  readonly ips: readonly string[];
  /** `<pod>_<namespace>_<uid>_<attempt>`, unique among the runtime's sandboxes. */
  readonly reservedName: string;
  state: PodSandboxState = 'SANDBOX_READY';
  readonly containers = new Map<string, SimContainer>();

  constructor(id: string, config: PodSandboxConfig, runtimeHandler: string, createdAt: number, ips: readonly string[]) {
    this.id = id;
    this.config = config;
    this.runtimeHandler = runtimeHandler;
    this.createdAt = createdAt;
    this.ips = ips;
    this.reservedName = sandboxName(config.metadata);
  }

  get hostname(): string {
    return this.config.hostname || this.config.metadata.name;
  }

  summary(): PodSandbox {
    return {
      id: this.id,
      metadata: this.config.metadata,
      state: this.state,
      createdAt: toNanos(this.createdAt),
      labels: this.config.labels ?? noStrings,
      annotations: this.config.annotations ?? noStrings,
      runtimeHandler: this.runtimeHandler,
    };
  }

  status(): PodSandboxStatus {
    const namespaceOptions = this.config.linux?.securityContext?.namespaceOptions ?? {};
    return {
      ...this.summary(),
      network: { ip: this.ips[0] ?? '', additionalIps: this.ips.slice(1).map((ip) => ({ ip })) },
      linux: { namespaces: { options: namespaceOptions } },
    };
  }
}

/** `<pod>_<namespace>_<uid>_<attempt>`: two sandboxes may not share it. */
export function sandboxName(metadata: PodSandboxMetadata): string {
  return `${metadata.name}_${metadata.namespace}_${metadata.uid}_${metadata.attempt ?? 0}`;
}
