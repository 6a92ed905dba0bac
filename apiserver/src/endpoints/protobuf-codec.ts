// The Protobuf codec, loaded with the first request that sends or asks for Protobuf (it brings
// every type declaration with it), then used synchronously by the encoders.

type ProtobufCodec = typeof import('@capstan/common/protobuf');

let loading: Promise<ProtobufCodec> | undefined;
let loaded: ProtobufCodec | undefined;

export async function loadProtobufCodec(): Promise<ProtobufCodec> {
  loaded ??= await (loading ??= import('@capstan/common/protobuf'));
  return loaded;
}

/** The codec a request loaded before it was answered; undefined when no request needed it yet. */
export const protobufCodec = (): ProtobufCodec | undefined => loaded;

/** Whether a request's headers name Protobuf, so that its codec must be there to answer it. */
export const mentionsProtobuf = (headers: { readonly accept?: string | undefined; readonly 'content-type'?: string | undefined }): boolean =>
  (headers.accept ?? '').includes('protobuf') || (headers['content-type'] ?? '').includes('protobuf');
