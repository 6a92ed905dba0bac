// The two gRPC services of runtime.v1, RuntimeService and ImageService: each method with its
// request and response messages, as TypeScript types and as protobufjs declarations.
// Method names are those of the wire paths (/runtime.v1.RuntimeService/Version); the types are
// checked against the declarations by test/cri-client.test.ts, which sends every field.

import type { AttachRequest, AttachResponse, ExecRequest, ExecResponse, ExecSyncRequest, ExecSyncResponse, PortForwardRequest, PortForwardResponse } from './messages/streaming.ts';
import type { CheckpointContainerRequest, CheckpointContainerResponse, ContainerEventResponse, GetEventsRequest } from './messages/container-events.ts';
import type {
  ContainerStatusRequest,
  ContainerStatusResponse,
  CreateContainerRequest,
  CreateContainerResponse,
  ListContainersRequest,
  ListContainersResponse,
  RemoveContainerRequest,
  RemoveContainerResponse,
  ReopenContainerLogRequest,
  ReopenContainerLogResponse,
  StartContainerRequest,
  StartContainerResponse,
  StopContainerRequest,
  StopContainerResponse,
} from './messages/container.ts';
import type {
  ImageFsInfoRequest,
  ImageFsInfoResponse,
  ImageStatusRequest,
  ImageStatusResponse,
  ListImagesRequest,
  ListImagesResponse,
  PullImageRequest,
  PullImageResponse,
  RemoveImageRequest,
  RemoveImageResponse,
} from './messages/image.ts';
import type { ListMetricDescriptorsRequest, ListMetricDescriptorsResponse, ListPodSandboxMetricsRequest, ListPodSandboxMetricsResponse } from './messages/metrics.ts';
import type {
  ListPodSandboxRequest,
  ListPodSandboxResponse,
  PodSandboxStatusRequest,
  PodSandboxStatusResponse,
  RemovePodSandboxRequest,
  RemovePodSandboxResponse,
  RunPodSandboxRequest,
  RunPodSandboxResponse,
  StopPodSandboxRequest,
  StopPodSandboxResponse,
} from './messages/pod-sandbox.ts';
import type {
  UpdateContainerResourcesRequest,
  UpdateContainerResourcesResponse,
  UpdatePodSandboxResourcesRequest,
  UpdatePodSandboxResourcesResponse,
} from './messages/resources.ts';
import type {
  RuntimeConfigRequest,
  RuntimeConfigResponse,
  StatusRequest,
  StatusResponse,
  UpdateRuntimeConfigRequest,
  UpdateRuntimeConfigResponse,
  VersionRequest,
  VersionResponse,
} from './messages/runtime.ts';
import type {
  ContainerStatsRequest,
  ContainerStatsResponse,
  ListContainerStatsRequest,
  ListContainerStatsResponse,
  ListPodSandboxStatsRequest,
  ListPodSandboxStatsResponse,
  PodSandboxStatsRequest,
  PodSandboxStatsResponse,
} from './messages/stats.ts';

/** A method answering one request with one response. */
export interface Unary<Request, Response> {
  readonly request: Request;
  readonly response: Response;
  readonly stream?: false;
}

/** A method answering one request with a stream of responses. */
export interface ServerStream<Request, Response> {
  readonly request: Request;
  readonly response: Response;
  readonly stream: true;
}

export interface RuntimeServiceMethods {
  Version: Unary<VersionRequest, VersionResponse>;
  RunPodSandbox: Unary<RunPodSandboxRequest, RunPodSandboxResponse>;
  StopPodSandbox: Unary<StopPodSandboxRequest, StopPodSandboxResponse>;
  RemovePodSandbox: Unary<RemovePodSandboxRequest, RemovePodSandboxResponse>;
  PodSandboxStatus: Unary<PodSandboxStatusRequest, PodSandboxStatusResponse>;
  ListPodSandbox: Unary<ListPodSandboxRequest, ListPodSandboxResponse>;
  CreateContainer: Unary<CreateContainerRequest, CreateContainerResponse>;
  StartContainer: Unary<StartContainerRequest, StartContainerResponse>;
  StopContainer: Unary<StopContainerRequest, StopContainerResponse>;
  RemoveContainer: Unary<RemoveContainerRequest, RemoveContainerResponse>;
  ListContainers: Unary<ListContainersRequest, ListContainersResponse>;
  ContainerStatus: Unary<ContainerStatusRequest, ContainerStatusResponse>;
  UpdateContainerResources: Unary<UpdateContainerResourcesRequest, UpdateContainerResourcesResponse>;
  ReopenContainerLog: Unary<ReopenContainerLogRequest, ReopenContainerLogResponse>;
  ExecSync: Unary<ExecSyncRequest, ExecSyncResponse>;
  Exec: Unary<ExecRequest, ExecResponse>;
  Attach: Unary<AttachRequest, AttachResponse>;
  PortForward: Unary<PortForwardRequest, PortForwardResponse>;
  ContainerStats: Unary<ContainerStatsRequest, ContainerStatsResponse>;
  ListContainerStats: Unary<ListContainerStatsRequest, ListContainerStatsResponse>;
  PodSandboxStats: Unary<PodSandboxStatsRequest, PodSandboxStatsResponse>;
  ListPodSandboxStats: Unary<ListPodSandboxStatsRequest, ListPodSandboxStatsResponse>;
  UpdateRuntimeConfig: Unary<UpdateRuntimeConfigRequest, UpdateRuntimeConfigResponse>;
  Status: Unary<StatusRequest, StatusResponse>;
  CheckpointContainer: Unary<CheckpointContainerRequest, CheckpointContainerResponse>;
  GetContainerEvents: ServerStream<GetEventsRequest, ContainerEventResponse>;
  ListMetricDescriptors: Unary<ListMetricDescriptorsRequest, ListMetricDescriptorsResponse>;
  ListPodSandboxMetrics: Unary<ListPodSandboxMetricsRequest, ListPodSandboxMetricsResponse>;
  RuntimeConfig: Unary<RuntimeConfigRequest, RuntimeConfigResponse>;
  UpdatePodSandboxResources: Unary<UpdatePodSandboxResourcesRequest, UpdatePodSandboxResourcesResponse>;
}

export interface ImageServiceMethods {
  ListImages: Unary<ListImagesRequest, ListImagesResponse>;
  ImageStatus: Unary<ImageStatusRequest, ImageStatusResponse>;
  PullImage: Unary<PullImageRequest, PullImageResponse>;
  RemoveImage: Unary<RemoveImageRequest, RemoveImageResponse>;
  ImageFsInfo: Unary<ImageFsInfoRequest, ImageFsInfoResponse>;
}

/** The message names of a method, for its reflection. */
export interface RpcDeclaration {
  readonly requestType: string;
  readonly responseType: string;
  readonly responseStream?: boolean;
}

/** The method whose messages are `<name>Request` and `<name>Response`, as most of runtime.v1's are. */
const rpc = (name: string): RpcDeclaration => ({ requestType: `${name}Request`, responseType: `${name}Response` });

export const runtimeServiceRpcs: Readonly<Record<keyof RuntimeServiceMethods, RpcDeclaration>> = {
  Version: rpc('Version'),
  RunPodSandbox: rpc('RunPodSandbox'),
  StopPodSandbox: rpc('StopPodSandbox'),
  RemovePodSandbox: rpc('RemovePodSandbox'),
  PodSandboxStatus: rpc('PodSandboxStatus'),
  ListPodSandbox: rpc('ListPodSandbox'),
  CreateContainer: rpc('CreateContainer'),
  StartContainer: rpc('StartContainer'),
  StopContainer: rpc('StopContainer'),
  RemoveContainer: rpc('RemoveContainer'),
  ListContainers: rpc('ListContainers'),
  ContainerStatus: rpc('ContainerStatus'),
  UpdateContainerResources: rpc('UpdateContainerResources'),
  ReopenContainerLog: rpc('ReopenContainerLog'),
  ExecSync: rpc('ExecSync'),
  Exec: rpc('Exec'),
  Attach: rpc('Attach'),
  PortForward: rpc('PortForward'),
  ContainerStats: rpc('ContainerStats'),
  ListContainerStats: rpc('ListContainerStats'),
  PodSandboxStats: rpc('PodSandboxStats'),
  ListPodSandboxStats: rpc('ListPodSandboxStats'),
  UpdateRuntimeConfig: rpc('UpdateRuntimeConfig'),
  Status: rpc('Status'),
  CheckpointContainer: rpc('CheckpointContainer'),
  GetContainerEvents: { requestType: 'GetEventsRequest', responseType: 'ContainerEventResponse', responseStream: true },
  ListMetricDescriptors: rpc('ListMetricDescriptors'),
  ListPodSandboxMetrics: rpc('ListPodSandboxMetrics'),
  RuntimeConfig: rpc('RuntimeConfig'),
  UpdatePodSandboxResources: rpc('UpdatePodSandboxResources'),
};

export const imageServiceRpcs: Readonly<Record<keyof ImageServiceMethods, RpcDeclaration>> = {
  ListImages: rpc('ListImages'),
  ImageStatus: rpc('ImageStatus'),
  PullImage: rpc('PullImage'),
  RemoveImage: rpc('RemoveImage'),
  ImageFsInfo: rpc('ImageFsInfo'),
};
