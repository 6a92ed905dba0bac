// The error of a CBOR body kube's decoder would refuse; its message is kube's.

export class CborDecodeError extends Error {
  override name = 'CborDecodeError';
}
