// The runtime.v1 package as protobufjs reflection, assembled from the declarations of the message
// files and the two services; and the gRPC methods of each service, with their codecs.

import protobuf from 'protobufjs';
import { containerEventDeclarations } from './messages/container-events.ts';
import { containerDeclarations } from './messages/container.ts';
import { imageDeclarations } from './messages/image.ts';
import { metricDeclarations } from './messages/metrics.ts';
import { podSandboxDeclarations } from './messages/pod-sandbox.ts';
import { resourceDeclarations } from './messages/resources.ts';
import { runtimeDeclarations } from './messages/runtime.ts';
import { securityDeclarations } from './messages/security.ts';
import { signalDeclarations } from './messages/signal.ts';
import { statsDeclarations } from './messages/stats.ts';
import { streamingDeclarations } from './messages/streaming.ts';
import { wrapperDeclarations } from './messages/wrappers.ts';
import { messageCodec, type MessageCodec } from './message-codec.ts';
import { imageServiceRpcs, runtimeServiceRpcs, type ImageServiceMethods, type RpcDeclaration, type RuntimeServiceMethods } from './services.ts';

export const runtimeV1Package = 'runtime.v1';

const root = protobuf.Root.fromJSON({
  nested: {
    runtime: {
      nested: {
        v1: {
          nested: {
            ...wrapperDeclarations,
            ...securityDeclarations,
            ...resourceDeclarations,
            ...signalDeclarations,
            ...imageDeclarations,
            ...podSandboxDeclarations,
            ...containerDeclarations,
            ...containerEventDeclarations,
            ...streamingDeclarations,
            ...runtimeDeclarations,
            ...statsDeclarations,
            ...metricDeclarations,
          },
        },
      },
    },
  },
});
root.define(runtimeV1Package).add(serviceOf('RuntimeService', runtimeServiceRpcs)).add(serviceOf('ImageService', imageServiceRpcs));
// Resolving now makes a declaration naming an unknown type fail at load, not at the first call.
root.resolveAll();

function serviceOf(name: string, rpcs: Readonly<Record<string, RpcDeclaration>>): protobuf.Service {
  const service = new protobuf.Service(name);
  for (const [method, { requestType, responseType, responseStream }] of Object.entries(rpcs)) {
    service.add(new protobuf.Method(method, 'rpc', requestType, responseType, false, responseStream === true));
  }
  return service;
}

/** The reflected message of runtime.v1 with this name. */
export function runtimeV1Type(name: string): protobuf.Type {
  return root.lookupType(`${runtimeV1Package}.${name}`);
}

/** One gRPC method: its wire path and the codecs of its messages. */
export interface CriMethod<Request = object, Response = object> {
  /** "Version" */
  readonly name: string;
  /** "/runtime.v1.RuntimeService/Version" */
  readonly path: string;
  readonly request: MessageCodec<Request>;
  readonly response: MessageCodec<Response>;
  readonly responseStream: boolean;
}

type MethodsOf<Methods extends { [M in keyof Methods]: { request: unknown; response: unknown } }> = {
  readonly [M in keyof Methods]: CriMethod<Methods[M]['request'], Methods[M]['response']>;
};

function methodsOf(serviceName: string): Record<string, CriMethod> {
  const service = root.lookupService(`${runtimeV1Package}.${serviceName}`);
  const methods: Record<string, CriMethod> = {};
  for (const method of service.methodsArray) {
    methods[method.name] = {
      name: method.name,
      path: `/${runtimeV1Package}.${serviceName}/${method.name}`,
      request: messageCodec(runtimeV1Type(method.requestType)),
      response: messageCodec(runtimeV1Type(method.responseType)),
      responseStream: method.responseStream === true,
    };
  }
  return methods;
}

export const runtimeServiceName = `${runtimeV1Package}.RuntimeService`;
export const imageServiceName = `${runtimeV1Package}.ImageService`;

export const runtimeServiceMethods = methodsOf('RuntimeService') as MethodsOf<RuntimeServiceMethods>;
export const imageServiceMethods = methodsOf('ImageService') as MethodsOf<ImageServiceMethods>;
