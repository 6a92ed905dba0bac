// `capstan up --self-hosted` on containerd: the static pods run the Capstan image of this checkout,
// so containerd must hold it under its name. The image is described (every file read and hashed
// once, a few seconds) and compared by its config digest, which containerd's CRI plugin shows as
// the image's id: an image of that name and digest is kept, anything else under the name is
// replaced by importing this one (the archive streamed into `ctr images import`, no file written).

import { CriImageClient, type CriRuntimeClient } from '@capstan/nodeagent';
import { describeCapstanImage } from './image/build-image.ts';
import { importImage } from './image/import-image.ts';

export interface CapstanImageReady {
  readonly name: string;
  /** The image's digest (its manifest's), as `ctr images ls` shows it. */
  readonly digest: string;
  /** Whether it was imported now, or was there already. */
  readonly imported: boolean;
}

/** Makes sure the runtime has the Capstan image of this checkout under its name (capstanImage, which the manifests run). */
export async function ensureCapstanImage(runtime: CriRuntimeClient): Promise<CapstanImageReady> {
  const images = await CriImageClient.connect(runtime.endpoint);
  try {
    const image = await describeCapstanImage();
    const present = async (): Promise<string | undefined> => (await images.imageStatus({ image: { image: image.name } })).image?.id;
    if ((await present()) === image.config.digest) return { name: image.name, digest: image.manifest.digest, imported: false };
    const { runtimeName } = await runtime.version();
    if (runtimeName !== 'containerd') {
      throw new Error(
        `the runtime at ${runtime.endpoint} is ${runtimeName}: capstan up imports its image into containerd only; load ${image.name} into it yourself (capstan image build)`,
      );
    }
    await importImage(runtime.endpoint, image.archive());
    const id = await present();
    if (id !== image.config.digest) throw new Error(`containerd at ${runtime.endpoint} shows ${image.name} as ${id ?? 'nothing'} after its import, not ${image.config.digest}`);
    return { name: image.name, digest: image.manifest.digest, imported: true };
  } finally {
    images.close();
  }
}
