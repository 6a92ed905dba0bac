// The ENTRYPOINT and CMD of the images conformance tests and everyday pods use, which a container
// without command (or without args) runs as containerd composes them: the pod's command replaces the
// entrypoint (and drops the image's CMD), its args replace the CMD. Images not listed here have no
// known defaults: such a container follows its lifecycle (by default it runs until stopped).
// busybox (CMD ["sh"], which exits at once without stdin) is known only as the conformance tests'
// registry.k8s.io/e2e-test-images/busybox: the tests and examples of this repository run docker.io's
// busybox without a command as a container that stays up.

import { parseImageReference } from './image-reference.ts';

interface ImageConfig {
  readonly entrypoint: readonly string[];
  readonly cmd: readonly string[];
}

/** By the repository's last path segment (`registry.k8s.io/e2e-test-images/agnhost` is agnhost). */
const imageConfigs: Readonly<Record<string, ImageConfig>> = {
  agnhost: { entrypoint: ['/agnhost'], cmd: ['pause'] },
  pause: { entrypoint: ['/pause'], cmd: [] },
  nginx: { entrypoint: ['/docker-entrypoint.sh'], cmd: ['nginx', '-g', 'daemon off;'] },
  httpd: { entrypoint: [], cmd: ['httpd-foreground'] },
};

/** By the whole repository, before the last segment. */
const imageConfigsByRepository: Readonly<Record<string, ImageConfig>> = {
  'registry.k8s.io/e2e-test-images/busybox': { entrypoint: [], cmd: ['sh'] },
};

/** Images whose every program is known here (busybox's applets, agnhost, the servers): another program is not in them. */
const knownImages = new Set([...Object.keys(imageConfigs), 'busybox', 'alpine']);

export function isKnownImage(imageNames: readonly string[]): boolean {
  return imageNames.some((name) => knownImages.has(lastSegment(parseImageReference(name).repository)));
}

function lastSegment(repository: string): string {
  return repository.slice(repository.lastIndexOf('/') + 1);
}

/** The image's config among its names (tags, digests, the name the pod wrote), if known. */
export function imageConfig(imageNames: readonly string[]): ImageConfig | undefined {
  for (const name of imageNames) {
    const { repository } = parseImageReference(name);
    const found = imageConfigsByRepository[repository] ?? imageConfigs[lastSegment(repository)];
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * What the container's process runs: the pod's command and args over the image's entrypoint and
 * CMD. Undefined when neither the pod nor a known image says.
 */
export function processArgv(command: readonly string[], args: readonly string[], image: ImageConfig | undefined): readonly string[] | undefined {
  if (command.length > 0) return [...command, ...args];
  const argv = [...(image?.entrypoint ?? []), ...(args.length > 0 ? args : (image?.cmd ?? []))];
  return argv.length > 0 ? argv : undefined;
}
