// A gRPC package of the kubelet's plugin APIs (deviceplugin v1beta1, podresources v1,
// pluginregistration) as protobufjs reflection built from this folder's declarations, and the
// methods of its services in the shape the CRI client and the server binding take.

import type { ServiceDefinition } from '@grpc/grpc-js';
import { serviceDefinitionOf } from '../../cri/grpc-socket-server.ts';
import protobuf from 'protobufjs';
import { messageCodec } from '../../cri/message-codec.ts';
import type { Declarations } from '../../cri/messages/declare.ts';
import type { CriMethod } from '../../cri/runtime-v1.ts';

/** One rpc of a service: its message names, and whether it answers with a stream. */
export interface RpcDeclaration {
  readonly requestType: string;
  readonly responseType: string;
  readonly responseStream?: boolean;
}

export type ServiceDeclaration = Readonly<Record<string, RpcDeclaration>>;

export const unary = (requestType: string, responseType: string): RpcDeclaration => ({ requestType, responseType });
export const serverStream = (requestType: string, responseType: string): RpcDeclaration => ({ requestType, responseType, responseStream: true });

/** The methods of one service, by name ("Register"), each with its wire path and codecs. */
export type ServiceMethods = Readonly<Record<string, CriMethod>>;

/** Builds the package `name` ("v1beta1") and answers the methods of each of its services. */
export function grpcPackage<Services extends Readonly<Record<string, ServiceDeclaration>>>(
  name: string,
  declarations: Declarations,
  services: Services,
): { readonly [S in keyof Services]: ServiceMethods } {
  const root = protobuf.Root.fromJSON({ nested: { [name]: { nested: { ...declarations } } } });
  const namespace = root.lookup(name) as protobuf.Namespace;
  for (const [serviceName, rpcs] of Object.entries(services)) {
    const service = new protobuf.Service(serviceName);
    for (const [method, rpc] of Object.entries(rpcs)) service.add(new protobuf.Method(method, 'rpc', rpc.requestType, rpc.responseType, false, rpc.responseStream === true));
    namespace.add(service);
  }
  // A declaration naming an unknown type fails here, at load, rather than at the first call.
  root.resolveAll();
  const methods: Record<string, ServiceMethods> = {};
  for (const [serviceName, rpcs] of Object.entries(services)) {
    methods[serviceName] = Object.fromEntries(
      Object.entries(rpcs).map(([method, rpc]) => [
        method,
        {
          name: method,
          path: `/${name}.${serviceName}/${method}`,
          request: messageCodec(root.lookupType(`${name}.${rpc.requestType}`)),
          response: messageCodec(root.lookupType(`${name}.${rpc.responseType}`)),
          responseStream: rpc.responseStream === true,
        } satisfies CriMethod,
      ]),
    );
  }
  return methods as { readonly [S in keyof Services]: ServiceMethods };
}

/** The grpc-js definition of a service, for a server (or a plugin) that serves it. */
export function serviceDefinition(methods: ServiceMethods): ServiceDefinition {
  return serviceDefinitionOf(Object.values(methods));
}
