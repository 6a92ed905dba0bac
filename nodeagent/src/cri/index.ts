// CRI v1 (runtime.v1) for the node agent: the messages, a client of a runtime's socket, and the
// binding that serves a runtime written in TypeScript.

export { CriRuntimeClient } from './runtime-client.ts';
export { CriImageClient } from './image-client.ts';
export { defaultRequestTimeoutMs, type CriCallOptions, type CriClientOptions } from './cri-connection.ts';
export { CriError, CriResponseError, GrpcStatus } from './cri-error.ts';
export { criSocketPath } from './cri-endpoint.ts';
export { serveCri, type CriCall, type CriHandler, type CriImageImplementation, type CriImplementation, type CriRuntimeImplementation, type CriServer } from './serve-cri.ts';
export type { ImageServiceMethods, RuntimeServiceMethods } from './services.ts';
export type { MessageInit, StringMap } from './messages/message-init.ts';
export type * from './messages/container-events.ts';
export type * from './messages/container.ts';
export type * from './messages/image.ts';
export type * from './messages/metrics.ts';
export type * from './messages/pod-sandbox.ts';
export type * from './messages/resources.ts';
export type * from './messages/runtime.ts';
export type * from './messages/security.ts';
export type * from './messages/signal.ts';
export type * from './messages/stats.ts';
export type * from './messages/streaming.ts';
export type * from './messages/wrappers.ts';
// The value names of the enums, in wire order.
export { containerEventTypes } from './messages/container-events.ts';
export { containerStates, mountPropagations } from './messages/container.ts';
export { metricTypes } from './messages/metrics.ts';
export { podSandboxStates, protocols } from './messages/pod-sandbox.ts';
export { cgroupDrivers } from './messages/runtime.ts';
export { namespaceModes, securityProfileTypes, supplementalGroupsPolicies } from './messages/security.ts';
export { signals } from './messages/signal.ts';
