// CBOR (application/cbor, watches as application/cbor-seq), served only with the
// CBORServingAndStorage feature gate: the codec loads when the server starts with it on.

import { addServedMediaType, type ServedMediaType } from './negotiate-media-type.ts';

type CborCodec = typeof import('@capstan/common/cbor');

let loaded: CborCodec | undefined;

export const cborMediaType: ServedMediaType = {
  id: 'cbor',
  mediaType: 'application/cbor',
  type: 'application',
  subType: 'cbor',
  watchContentType: 'application/cbor-seq',
  prettyPrints: false,
  servesTables: true,
  servesPartialObjectMetadata: true,
};

/** Loads the codec and serves CBOR from now on, after the media types always served. */
export async function serveCbor(): Promise<void> {
  if (loaded !== undefined) return;
  loaded = await import('@capstan/common/cbor');
  addServedMediaType(cborMediaType);
}

/** The codec, once the server serves CBOR. */
export function cborCodec(): CborCodec {
  if (loaded === undefined) throw new Error('CBOR is not served: the CBORServingAndStorage feature gate is off');
  return loaded;
}

/** Whether request bodies in CBOR are read. */
export const servesCbor = (): boolean => loaded !== undefined;
