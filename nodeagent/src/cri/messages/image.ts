// ImageService messages: image references, listings, status, pulls, removal and the image
// file systems' usage.

import { field, message, repeated, stringMap, type Declarations } from './declare.ts';
import type { StringMap } from './message-init.ts';
import type { PodSandboxConfig } from './pod-sandbox.ts';
import type { Int64Value, UInt64Value } from './wrappers.ts';

/** An image as a pod names it (`image`), or as the runtime resolved it (an image id or digest). */
export interface ImageSpec {
  readonly image: string;
  readonly annotations: StringMap;
  /** The image exactly as written in the pod spec, before the runtime resolved it. */
  readonly userSpecifiedImage: string;
  readonly runtimeHandler: string;
}

export interface Image {
  readonly id: string;
  readonly repoTags: readonly string[];
  readonly repoDigests: readonly string[];
  readonly size: number;
  /** The image's numeric user, when its config names one by number. */
  readonly uid: Int64Value | null;
  /** The image's user, when its config names one by name. */
  readonly username: string;
  readonly spec: ImageSpec | null;
  /** Pinned images are never garbage collected by the kubelet. */
  readonly pinned: boolean;
}

export interface ImageFilter {
  readonly image: ImageSpec | null;
}

export interface ListImagesRequest {
  readonly filter: ImageFilter | null;
}

export interface ListImagesResponse {
  readonly images: readonly Image[];
}

export interface ImageStatusRequest {
  readonly image: ImageSpec | null;
  readonly verbose: boolean;
}

/** `image` is null when the image is not present. */
export interface ImageStatusResponse {
  readonly image: Image | null;
  readonly info: StringMap;
}

/** Registry credentials, as the kubelet takes them from image pull secrets. */
export interface AuthConfig {
  readonly username: string;
  readonly password: string;
  readonly auth: string;
  readonly serverAddress: string;
  readonly identityToken: string;
  readonly registryToken: string;
}

export interface PullImageRequest {
  readonly image: ImageSpec | null;
  readonly auth: AuthConfig | null;
  readonly sandboxConfig: PodSandboxConfig | null;
}

export interface PullImageResponse {
  /** The pulled image's id or digest. */
  readonly imageRef: string;
}

export interface RemoveImageRequest {
  readonly image: ImageSpec | null;
}

export interface RemoveImageResponse {}

export interface ImageFsInfoRequest {}

export interface FilesystemIdentifier {
  readonly mountpoint: string;
}

export interface FilesystemUsage {
  /** Nanoseconds since the epoch. */
  readonly timestamp: number;
  readonly fsId: FilesystemIdentifier | null;
  readonly usedBytes: UInt64Value | null;
  readonly inodesUsed: UInt64Value | null;
}

export interface ImageFsInfoResponse {
  readonly imageFilesystems: readonly FilesystemUsage[];
  /** Set only when containers' writable layers live on another file system than images. */
  readonly containerFilesystems: readonly FilesystemUsage[];
}

export const imageDeclarations: Declarations = {
  ImageSpec: message({
    image: field(1, 'string'),
    annotations: stringMap(2),
    userSpecifiedImage: field(18, 'string'),
    runtimeHandler: field(19, 'string'),
  }),
  Image: message({
    id: field(1, 'string'),
    repoTags: repeated(2, 'string'),
    repoDigests: repeated(3, 'string'),
    size: field(4, 'uint64'),
    uid: field(5, 'Int64Value'),
    username: field(6, 'string'),
    spec: field(7, 'ImageSpec'),
    pinned: field(8, 'bool'),
  }),
  ImageFilter: message({ image: field(1, 'ImageSpec') }),
  ListImagesRequest: message({ filter: field(1, 'ImageFilter') }),
  ListImagesResponse: message({ images: repeated(1, 'Image') }),
  ImageStatusRequest: message({ image: field(1, 'ImageSpec'), verbose: field(2, 'bool') }),
  ImageStatusResponse: message({ image: field(1, 'Image'), info: stringMap(2) }),
  AuthConfig: message({
    username: field(1, 'string'),
    password: field(2, 'string'),
    auth: field(3, 'string'),
    serverAddress: field(4, 'string'),
    identityToken: field(5, 'string'),
    registryToken: field(6, 'string'),
  }),
  PullImageRequest: message({ image: field(1, 'ImageSpec'), auth: field(2, 'AuthConfig'), sandboxConfig: field(3, 'PodSandboxConfig') }),
  PullImageResponse: message({ imageRef: field(1, 'string') }),
  RemoveImageRequest: message({ image: field(1, 'ImageSpec') }),
  RemoveImageResponse: message({}),
  ImageFsInfoRequest: message({}),
  FilesystemIdentifier: message({ mountpoint: field(1, 'string') }),
  FilesystemUsage: message({
    timestamp: field(1, 'int64'),
    fsId: field(2, 'FilesystemIdentifier'),
    usedBytes: field(3, 'UInt64Value'),
    inodesUsed: field(4, 'UInt64Value'),
  }),
  ImageFsInfoResponse: message({ imageFilesystems: repeated(1, 'FilesystemUsage'), containerFilesystems: repeated(2, 'FilesystemUsage') }),
};
