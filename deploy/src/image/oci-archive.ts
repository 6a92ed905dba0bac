// An OCI image layout (oci-layout, index.json, blobs/sha256/...) as one tar archive, the form
// `ctr images import`, `podman load` and `skopeo copy oci-archive:` take. A blob is named by its
// digest and a tar header comes before its content, so the layers are written twice: once to learn
// their digests and sizes (nothing kept), once into the archive, checked against the first. The
// archive therefore streams to a file or a pipe without temporary files. Layers are plain tar
// (uncompressed): their digests are also the config's diff_ids.

import { createHash } from 'node:crypto';
import { writeTarEntry, layerTar, tarOf } from './layer-tar.ts';
import { completeLayer, type LayerEntry } from './layer-entries.ts';

export interface Descriptor {
  readonly mediaType: string;
  /** sha256:<hex> */
  readonly digest: string;
  readonly size: number;
}

/** What the image's config says about how its containers run (OCI image config, `config`). */
export interface ImageRunConfig {
  readonly entrypoint: readonly string[];
  readonly cmd?: readonly string[];
  readonly env: readonly string[];
  readonly workingDir: string;
  readonly labels: Readonly<Record<string, string>>;
  /** The OCI (Go) name of the architecture: amd64, arm64. */
  readonly architecture: string;
}

export interface ImageLayer {
  /** What the layer holds, in the history of the image ("the Node.js runtime"). */
  readonly description: string;
  readonly entries: readonly LayerEntry[];
}

export interface OciImage {
  /** The name containerd gives the image on import. */
  readonly name: string;
  /** The manifest: its digest is the image's digest, as `ctr images ls` and CRI show it. */
  readonly manifest: Descriptor;
  readonly config: Descriptor;
  readonly layers: readonly Descriptor[];
  /** The archive's bytes; reads the layers' files again, and fails if one changed meanwhile. */
  archive(): AsyncGenerator<Uint8Array>;
}

const mediaTypes = {
  manifest: 'application/vnd.oci.image.manifest.v1+json',
  config: 'application/vnd.oci.image.config.v1+json',
  layer: 'application/vnd.oci.image.layer.v1.tar',
  index: 'application/vnd.oci.image.index.v1+json',
} as const;

/** Reads the layers once for their digests and describes the image; archive() writes it. */
export async function ociImage(name: string, givenLayers: readonly ImageLayer[], run: ImageRunConfig): Promise<OciImage> {
  const layers = givenLayers.map((layer) => ({ ...layer, entries: completeLayer(layer.entries) }));
  const layerDescriptors: Descriptor[] = [];
  for (const layer of layers) {
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of layerTar(layer.entries)) {
      hash.update(chunk);
      size += chunk.byteLength;
    }
    layerDescriptors.push({ mediaType: mediaTypes.layer, digest: `sha256:${hash.digest('hex')}`, size });
  }
  const configBytes = json({
    architecture: run.architecture,
    os: 'linux',
    config: {
      Env: run.env,
      Entrypoint: run.entrypoint,
      ...(run.cmd === undefined ? {} : { Cmd: run.cmd }),
      WorkingDir: run.workingDir,
      Labels: Object.fromEntries(Object.entries(run.labels).sort(([a], [b]) => (a < b ? -1 : 1))),
    },
    rootfs: { type: 'layers', diff_ids: layerDescriptors.map((layer) => layer.digest) },
    // No dates anywhere: the same inputs give the same digest.
    history: layers.map((layer) => ({ created_by: `capstan image build: ${layer.description}` })),
  });
  const config = blobDescriptor(mediaTypes.config, configBytes);
  const manifestBytes = json({ schemaVersion: 2, mediaType: mediaTypes.manifest, config, layers: layerDescriptors });
  const manifest = blobDescriptor(mediaTypes.manifest, manifestBytes);
  const indexBytes = json({
    schemaVersion: 2,
    mediaType: mediaTypes.index,
    // containerd names the image after io.containerd.image.name; podman and skopeo read the OCI one.
    manifests: [{ ...manifest, annotations: { 'io.containerd.image.name': name, 'org.opencontainers.image.ref.name': name } }],
  });
  const blobPath = (descriptor: Descriptor): string => `blobs/sha256/${descriptor.digest.slice('sha256:'.length)}`;

  return {
    name,
    manifest,
    config,
    layers: layerDescriptors,
    archive: () =>
      tarOf(async (tar) => {
        const layout = json({ imageLayoutVersion: '1.0.0' });
        await writeTarEntry(tar, { name: 'oci-layout', mode: 0o644, size: layout.byteLength }, [layout]);
        await writeTarEntry(tar, { name: 'index.json', mode: 0o644, size: indexBytes.byteLength }, [indexBytes]);
        await writeTarEntry(tar, { name: 'blobs', type: 'directory', mode: 0o755 });
        await writeTarEntry(tar, { name: 'blobs/sha256', type: 'directory', mode: 0o755 });
        await writeTarEntry(tar, { name: blobPath(manifest), mode: 0o644, size: manifest.size }, [manifestBytes]);
        await writeTarEntry(tar, { name: blobPath(config), mode: 0o644, size: config.size }, [configBytes]);
        for (const [index, layer] of layers.entries()) {
          const descriptor = layerDescriptors[index] as Descriptor;
          await writeTarEntry(tar, { name: blobPath(descriptor), mode: 0o644, size: descriptor.size }, checkedLayer(layer, descriptor));
        }
      }),
  };
}

/** The layer's bytes again; fails at its end if they differ from the first reading (a file changed). */
async function* checkedLayer(layer: ImageLayer, expected: Descriptor): AsyncGenerator<Uint8Array> {
  const hash = createHash('sha256');
  for await (const chunk of layerTar(layer.entries)) {
    hash.update(chunk);
    yield chunk;
  }
  const digest = `sha256:${hash.digest('hex')}`;
  if (digest !== expected.digest) throw new Error(`the layer of ${layer.description} changed while the image was written (${expected.digest}, now ${digest}): build again`);
}

function blobDescriptor(mediaType: string, bytes: Uint8Array): Descriptor {
  return { mediaType, digest: `sha256:${createHash('sha256').update(bytes).digest('hex')}`, size: bytes.byteLength };
}

function json(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value));
}
