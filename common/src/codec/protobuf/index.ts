// @capstan/common/protobuf: Kubernetes' Protobuf encoding, loaded apart from the rest of common
// because it brings every type declaration with it.

export { decodeProtobufObject, declarationOfKind } from './decode-object.ts';
export { decodeMessage, ProtobufDecodeError } from './decode-message.ts';
export { encodeMessage } from './encode-message.ts';
export { encodeItemMessage, encodeListOfItemMessages, encodeListOfItemMessagesInSteps, encodeProtobufObject, encodeWatchEventFrame, hasProtobufMessage } from './encode-object.ts';
export { decodeUnknownEnvelope, encodeUnknownEnvelope, hasProtobufMagic, protobufMagic, ProtobufEnvelopeError, type UnknownEnvelope } from './unknown-envelope.ts';
