// Image references as container runtimes normalize them (the docker reference rules): `busybox`
// is `docker.io/library/busybox:latest`; a name with a registry domain keeps it; a reference
// without tag or digest gets `:latest`. Image IDs (`sha256:<64 hex>`) are not names.

import { createHash } from 'node:crypto';

export interface ImageReference {
  /** `docker.io/library/busybox` */
  readonly repository: string;
  /** `docker.io/library/busybox:latest`, or the digest form when the reference has a digest. */
  readonly normalized: string;
  readonly tag?: string;
  readonly digest?: string;
}

const imageIdPattern = /^sha256:[0-9a-f]{64}$/;

export const isImageId = (reference: string): boolean => imageIdPattern.test(reference);

export function parseImageReference(reference: string): ImageReference {
  let rest = reference;
  let digest: string | undefined;
  const at = rest.indexOf('@');
  if (at >= 0) {
    digest = rest.slice(at + 1);
    rest = rest.slice(0, at);
  }
  let tag: string | undefined;
  const colon = rest.lastIndexOf(':');
  if (colon > rest.lastIndexOf('/')) {
    tag = rest.slice(colon + 1);
    rest = rest.slice(0, colon);
  }
  const slash = rest.indexOf('/');
  const first = slash < 0 ? '' : rest.slice(0, slash);
  const hasDomain = slash >= 0 && (first.includes('.') || first.includes(':') || first === 'localhost');
  let repository = hasDomain ? rest : `docker.io/${slash < 0 ? `library/${rest}` : rest}`;
  if (repository.startsWith('index.docker.io/')) repository = `docker.io/${repository.slice('index.docker.io/'.length)}`;
  if (tag === undefined && digest === undefined) tag = 'latest';
  const normalized = digest !== undefined ? `${repository}@${digest}` : `${repository}:${tag}`;
  return { repository, normalized, ...(tag !== undefined && { tag }), ...(digest !== undefined && { digest }) };
}

/** A stable content digest for a simulated image: the same name always has the same ID. */
export function simulatedDigest(text: string): string {
  return `sha256:${createHash('sha256').update(text).digest('hex')}`;
}
