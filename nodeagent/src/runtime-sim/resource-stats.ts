// What the simulated runtime answers to ListContainerStats: its containers
// are programs of the runtime's own process, not processes with cgroups, so each running container
// reports zero CPU time, zero working set and zero swap, measured now. The agent's /metrics/resource
// and the stats it serves then list the simulated pods with kube's labels and timestamps.

import type * as cri from '../cri/index.ts';
import type { MessageInit } from '../cri/index.ts';
import type * as sim from './runtime-types.ts';

const zero = { value: 0 } as const;

function usage(timestamp: number) {
  return {
    cpu: { timestamp, usageCoreNanoSeconds: zero, usageNanoCores: zero },
    memory: { timestamp, workingSetBytes: zero, usageBytes: zero, rssBytes: zero, pageFaults: zero, majorPageFaults: zero },
    swap: { timestamp, swapUsageBytes: zero },
  };
}

export function containerStats(container: sim.Container, timestamp: number): MessageInit<cri.ContainerStats> {
  return {
    attributes: { id: container.id, metadata: container.metadata, labels: container.labels, annotations: container.annotations },
    ...usage(timestamp),
  };
}
