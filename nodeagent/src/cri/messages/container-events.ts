// Container checkpoints and the stream of container events (the Evented PLEG).

import type { ContainerStatus } from './container.ts';
import { enumOf, field, message, repeated, type Declarations } from './declare.ts';
import type { PodSandboxStatus } from './pod-sandbox.ts';

export const containerEventTypes = ['CONTAINER_CREATED_EVENT', 'CONTAINER_STARTED_EVENT', 'CONTAINER_STOPPED_EVENT', 'CONTAINER_DELETED_EVENT'] as const;
export type ContainerEventType = (typeof containerEventTypes)[number];

export interface CheckpointContainerRequest {
  readonly containerId: string;
  /** The archive to write (the kubelet's <root-dir>/checkpoints/checkpoint-....tar). */
  readonly location: string;
  /** Seconds. */
  readonly timeout: number;
}

export interface CheckpointContainerResponse {}

export interface GetEventsRequest {}

export interface ContainerEventResponse {
  readonly containerId: string;
  readonly containerEventType: ContainerEventType;
  /** Nanoseconds since the epoch. */
  readonly createdAt: number;
  readonly podSandboxStatus: PodSandboxStatus | null;
  readonly containersStatuses: readonly ContainerStatus[];
}

export const containerEventDeclarations: Declarations = {
  ContainerEventType: enumOf(containerEventTypes),
  CheckpointContainerRequest: message({ containerId: field(1, 'string'), location: field(2, 'string'), timeout: field(3, 'int64') }),
  CheckpointContainerResponse: message({}),
  GetEventsRequest: message({}),
  ContainerEventResponse: message({
    containerId: field(1, 'string'),
    containerEventType: field(2, 'ContainerEventType'),
    createdAt: field(3, 'int64'),
    podSandboxStatus: field(4, 'PodSandboxStatus'),
    containersStatuses: repeated(5, 'ContainerStatus'),
  }),
};
