// @capstan/common/client: the REST client the node agent and the controllers reach the API server
// with, its watch stream and its informer.

export { ApiError, apiErrorFromResponse, apiErrorFromStatus, isAlreadyExists, isConflict, isInvalid, isResourceExpired, isTooManyRequests } from './api-error.ts';
export { isNotFound } from '../status/status-error.ts';
export { Backoff, type BackoffOptions } from './backoff.ts';
export { sleep } from '../wait/sleep.ts';
export { defaultTimeoutMs, type BearerTokenSource, type ClientConfig } from './client-config.ts';
export { Informer, type InformerOptions, type InformerStats, type ResourceEventHandler } from './informer.ts';
export { KubeconfigError, loadKubeconfig, parseKubeconfig, type KubeconfigOptions } from './kubeconfig.ts';
export { objectKey, type ReadonlyObjectStore } from './object-store.ts';
export type { KubeObject, ListMeta, ObjectList, ObjectMeta } from './object-types.ts';
export { isConnectionRefused, isRequestTimeout, RequestError } from './request-error.ts';
export type { DeleteOptions, FieldValidation, ListOptions, PatchOptions, PatchType, PropagationPolicy, RequestControl, WatchOptions, WriteOptions } from './request-options.ts';
export { resourcePath, type ResourceTarget } from './resource-path.ts';
export { RestClient, type RawRequest } from './rest-client.ts';
export { sendRequest, type BufferedResponse, type Exchange } from './send-request.ts';
export { createAgent, Credentials } from './transport.ts';
export { defaultUserAgent } from './user-agent.ts';
export { Watch, type WatchEvent } from './watch.ts';
export type { CoreEvent, CoreEventObjectReference, CoreEventSource } from '../events/core-event.ts';
export { EventCorrelator, type Correlation } from '../events/event-correlator.ts';
export { EventWriter } from '../events/event-sink.ts';
