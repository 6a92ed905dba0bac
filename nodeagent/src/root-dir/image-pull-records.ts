// <root-dir>/image_manager/pulling and pulled: the records of the kubelet's image pull manager
// (KubeletEnsureSecretPulledImages). Before a pull the agent writes an ImagePullIntent for the
// image; after a successful pull an ImagePulledRecord for the image ref the runtime answered, with
// the credentials the pull used (none: accessible to every pod of the node), and removes the
// intent, as does a failed pull. Files are named "sha256-" and the hex SHA-256 of the image (or
// image ref), hold kubelet.config.k8s.io/v1alpha1 objects, and are written through "<name>.tmp"
// with mode 0600 in directories of mode 0700.

import { createHash } from 'node:crypto';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { CriImageClient } from '../cri/index.ts';
import { writeFileAtomic } from './atomic-file.ts';
import { isObject, parseCheckpoint } from './checkpoint-errors.ts';
import { goJson, goMapOf } from './go-json.ts';
import { goTime } from './go-time.ts';
import { readStateFile } from './state-file.ts';

const apiVersion = 'kubelet.config.k8s.io/v1alpha1';

export interface ImagePullCredentials {
  readonly kubernetesSecrets?: readonly { readonly uid: string; readonly namespace: string; readonly name: string; readonly credentialHash: string }[];
  readonly kubernetesServiceAccounts?: readonly { readonly uid: string; readonly namespace: string; readonly name: string }[];
  readonly nodePodsAccessible?: boolean;
}

export interface ImagePulledRecord {
  readonly lastUpdatedTime: string;
  readonly imageRef: string;
  /** By image name without tag or digest ("docker.io/library/busybox"). */
  readonly credentialMapping: Readonly<Record<string, ImagePullCredentials>>;
}

/** "sha256-" and the hex SHA-256 of the image or image ref. */
export const pullRecordFileName = (key: string): string => `sha256-${createHash('sha256').update(key).digest('hex')}`;

/**
 * parsers.ParseImageName's name: the reference normalized as the container runtime does
 * ("busybox" is "docker.io/library/busybox") without its tag and digest.
 */
export function imageNameWithoutTagOrDigest(image: string): string {
  let name = image.split('@')[0] as string;
  const slash = name.lastIndexOf('/');
  const colon = name.lastIndexOf(':');
  if (colon > slash) name = name.slice(0, colon);
  const first = name.split('/')[0] as string;
  const hasDomain = name.includes('/') && (first.includes('.') || first.includes(':') || first === 'localhost' || first !== first.toLowerCase());
  if (hasDomain) return name;
  return name.includes('/') ? `docker.io/${name}` : `docker.io/library/${name}`;
}

export class ImagePullRecords {
  readonly pullingDir: string;
  readonly pulledDir: string;
  readonly #intents = new Map<string, number>();

  private constructor(rootDir: string) {
    this.pullingDir = join(rootDir, 'image_manager', 'pulling');
    this.pulledDir = join(rootDir, 'image_manager', 'pulled');
  }

  /**
   * Opens the records, creating the directories. Intents left by an earlier run for images the
   * runtime now holds become pulled records without credentials (so that their credentials are
   * checked again), as the kubelet's pull manager initializes.
   */
  static async open(rootDir: string, images?: CriImageClient): Promise<ImagePullRecords> {
    const records = new ImagePullRecords(rootDir);
    await mkdir(records.pullingDir, { recursive: true, mode: 0o700 });
    await mkdir(records.pulledDir, { recursive: true, mode: 0o700 });
    const intents = await records.listIntents();
    if (intents.length > 0 && images !== undefined) {
      const held = (await images.listImages({})).images;
      for (const image of held) {
        for (const name of [...image.repoDigests, ...image.repoTags]) {
          if (!intents.includes(name)) continue;
          await records.#writePulled(name, image.id, undefined);
          await rm(join(records.pullingDir, pullRecordFileName(name)), { force: true });
        }
      }
    }
    return records;
  }

  /** RecordPullIntent: before a pull of `image` (as the pod names it, with its default tag). */
  async recordPullIntent(image: string): Promise<void> {
    await write(this.pullingDir, pullRecordFileName(image), goJson({ kind: 'ImagePullIntent', apiVersion, image }));
    this.#intents.set(image, (this.#intents.get(image) ?? 0) + 1);
  }

  /** RecordImagePulled: the pull succeeded with `credentials` (undefined: unknown, to be checked again). */
  async recordImagePulled(image: string, imageRef: string, credentials: ImagePullCredentials | undefined): Promise<void> {
    await this.#writePulled(image, imageRef, credentials);
    await this.#decrementIntent(image);
  }

  /** RecordImagePullFailed. */
  recordImagePullFailed(image: string): Promise<void> {
    return this.#decrementIntent(image);
  }

  async listIntents(): Promise<string[]> {
    const intents: string[] = [];
    for (const text of await readRecords(this.pullingDir)) {
      const json = parseCheckpoint(text);
      if (typeof json['image'] === 'string') intents.push(json['image']);
    }
    return intents;
  }

  async pulledRecord(imageRef: string): Promise<ImagePulledRecord | undefined> {
    const text = await readStateFile(join(this.pulledDir, pullRecordFileName(imageRef)));
    if (text === undefined) return undefined;
    const json = parseCheckpoint(text);
    if (json['imageRef'] !== imageRef) return undefined;
    return {
      lastUpdatedTime: String(json['lastUpdatedTime']),
      imageRef,
      credentialMapping: (isObject(json['credentialMapping']) ? json['credentialMapping'] : {}) as Record<string, ImagePullCredentials>,
    };
  }

  async #decrementIntent(image: string): Promise<void> {
    const count = this.#intents.get(image) ?? 0;
    if (count > 1) {
      this.#intents.set(image, count - 1);
      return;
    }
    await rm(join(this.pullingDir, pullRecordFileName(image)), { force: true });
    this.#intents.delete(image);
  }

  /** Writes the record of `imageRef`, merging the credentials of `image` into an existing one. */
  async #writePulled(image: string, imageRef: string, credentials: ImagePullCredentials | undefined): Promise<void> {
    const name = imageNameWithoutTagOrDigest(image);
    const existing = await this.pulledRecord(imageRef).catch(() => undefined);
    const grantsAccess =
      credentials !== undefined &&
      (credentials.nodePodsAccessible === true || (credentials.kubernetesSecrets?.length ?? 0) > 0 || (credentials.kubernetesServiceAccounts?.length ?? 0) > 0);
    if (existing !== undefined && (!grantsAccess || JSON.stringify(existing.credentialMapping[name]) === JSON.stringify(credentials))) return;
    const mapping = { ...(existing?.credentialMapping ?? {}), ...(credentials === undefined ? {} : { [name]: credentials }) };
    const record = {
      kind: 'ImagePulledRecord',
      apiVersion,
      lastUpdatedTime: goTime(new Date(Math.floor(Date.now() / 1000) * 1000)),
      imageRef,
      ...(Object.keys(mapping).length === 0 ? {} : { credentialMapping: goMapOf(Object.entries(mapping)) }),
    };
    await write(this.pulledDir, pullRecordFileName(imageRef), goJson(record));
  }
}

/** The JSON serializer's output ends with a newline. */
const write = (dir: string, name: string, json: string): Promise<void> => writeFileAtomic(join(dir, name), `${json}\n`, { mode: 0o600, tempName: (target) => `${target}.tmp` });

/** The records of a directory: files named "sha256-..." that are not temporary. */
async function readRecords(dir: string): Promise<string[]> {
  const texts: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.startsWith('sha256-') || entry.name.endsWith('.tmp')) continue;
    const text = await readStateFile(join(dir, entry.name));
    if (text !== undefined) texts.push(text);
  }
  return texts;
}

/**
 * The image client the pod workers pull through: every PullImage is recorded as the kubelet's
 * image manager records it. The agent pulls without credentials, so a pulled image is accessible
 * to every pod of the node.
 */
export function recordingPulls(images: CriImageClient, records: ImagePullRecords, log: (message: string, error?: unknown) => void): CriImageClient {
  const pullImage: CriImageClient['pullImage'] = async (request, options) => {
    const image = request.image?.image ?? '';
    await records.recordPullIntent(image).catch((error: unknown) => log(`failed to record image pull intent for ${JSON.stringify(image)}`, error));
    let response;
    try {
      response = await images.pullImage(request, options);
    } catch (error) {
      await records.recordImagePullFailed(image).catch(() => {});
      throw error;
    }
    const credentials = request.auth === undefined || request.auth === null ? { nodePodsAccessible: true } : undefined;
    await records
      .recordImagePulled(image, response.imageRef, credentials)
      .catch((error: unknown) => log(`failed to write image pulled record for ${JSON.stringify(response.imageRef)}`, error));
    return response;
  };
  return new Proxy(images, {
    get(target, property) {
      if (property === 'pullImage') return pullImage;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
