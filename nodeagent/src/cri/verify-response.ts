// The checks the kubelet's CRI client makes of a runtime's answers before using them, with its
// messages: a runtime that leaves these fields empty is refused.

import { CriResponseError } from './cri-error.ts';
import type { ContainerStatus } from './messages/container.ts';
import type { PodSandboxStatus } from './messages/pod-sandbox.ts';
import type { VersionResponse } from './messages/runtime.ts';

export function verifyVersionResponse(response: VersionResponse): void {
  const missing = [
    response.version === '' ? 'Version' : undefined,
    response.runtimeName === '' ? 'RuntimeName' : undefined,
    response.runtimeApiVersion === '' ? 'RuntimeApiVersion' : undefined,
    response.runtimeVersion === '' ? 'RuntimeVersion' : undefined,
  ].filter((name) => name !== undefined);
  if (missing.length > 0) throw new CriResponseError('Version', `not all fields are set in VersionResponse (missing ${missing.join(', ')})`);
}

export function verifyPodSandboxStatus(status: PodSandboxStatus): void {
  const fail = (message: string): never => {
    throw new CriResponseError('PodSandboxStatus', message);
  };
  if (status.id === '') fail('status.Id is not set');
  const { metadata } = status;
  if (metadata === null) return fail('status.Metadata is not set');
  if (metadata.name === '' || metadata.namespace === '' || metadata.uid === '') {
    fail(`metadata.Name, metadata.Namespace or metadata.Uid is not in metadata ${JSON.stringify(metadata)}`);
  }
  if (status.createdAt === 0) fail('status.CreatedAt is not set');
}

export function verifyContainerStatus(status: ContainerStatus): void {
  const fail = (message: string): never => {
    throw new CriResponseError('ContainerStatus', message);
  };
  if (status.id === '') fail('status.Id is not set');
  if (status.metadata === null) fail('status.Metadata is not set');
  else if (status.metadata.name === '') fail(`metadata.Name is not in metadata ${JSON.stringify(status.metadata)}`);
  if (status.createdAt === 0) fail('status.CreatedAt is not set');
  if (status.image === null || status.image.image === '') fail('status.Image is not set');
  if (status.imageRef === '') fail('status.ImageRef is not set');
}
