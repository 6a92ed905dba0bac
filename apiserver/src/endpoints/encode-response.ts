// Encodes an answer in its negotiated media type, byte for byte as kube-apiserver's serializers
// shape it: compact JSON ends in a newline (Go's json.Encoder), indented JSON does not
// (json.MarshalIndent), YAML comes from JSON with the keys go-yaml v2 sorts, Protobuf is the
// kind's message in the Kubernetes envelope and CBOR one self-described data item.

import type { Pair } from 'yaml';
import { yamlModule } from './yaml-module.ts';
import type { ServedMediaType } from './negotiate-media-type.ts';
import { cborCodec } from './cbor-codec.ts';
import { protobufCodec } from './protobuf-codec.ts';

type Encoder = (body: unknown, pretty: boolean) => Buffer;

const encoders: Readonly<Record<ServedMediaType['id'], Encoder>> = {
  // One flat string, then one conversion: no faster way to bytes was measured.
  json: (body, pretty) => Buffer.from(pretty ? JSON.stringify(body, null, 2) : `${JSON.stringify(body)}\n`),
  yaml: (body) =>
    Buffer.from(
      yamlModule().stringify(body, {
        // YAML 1.1 as go-yaml reads it: strings such as "yes", "on" or a timestamp stay quoted.
        version: '1.1',
        indentSeq: false,
        sortMapEntries: (a: Pair, b: Pair) => goYamlKeyOrder(keyText(a), keyText(b)),
        aliasDuplicateObjects: false,
        lineWidth: 0,
      }),
    ),
  // Only for answers protobufAnswerable() accepted, once the codec is loaded.
  protobuf: (body) => Buffer.from((protobufCodec() as NonNullable<ReturnType<typeof protobufCodec>>).encodeProtobufObject(body as Record<string, unknown>)),
  cbor: (body) => Buffer.from(cborCodec().encodeCborAnswer(body)),
};

/** Whether an answer has a Protobuf message (a built-in kind, its list, a Status); others go out in JSON, as kube's do. */
export function protobufAnswerable(body: unknown): boolean {
  const codec = protobufCodec();
  if (codec === undefined || typeof body !== 'object' || body === null) return false;
  const { apiVersion, kind } = body as { apiVersion?: unknown; kind?: unknown };
  return typeof apiVersion === 'string' && typeof kind === 'string' && codec.hasProtobufMessage(apiVersion, kind);
}

export function encodeAnswer(body: unknown, mediaType: ServedMediaType, pretty: boolean): Buffer {
  return encoders[mediaType.id](body, pretty);
}

const keyText = (pair: Pair): string => String(yamlModule().isScalar(pair.key) ? pair.key.value : pair.key);

/**
 * go-yaml v2's order of map keys (sigs.k8s.io/yaml writes kube's YAML through it): at the first
 * difference a non-letter sorts before a letter, letters by code point, and digit runs by their
 * number, so "a9" comes before "a10".
 */
export function goYamlKeyOrder(a: string, b: string): number {
  if (a === b) return 0;
  return goYamlKeyLess(Array.from(a), Array.from(b)) ? -1 : goYamlKeyLess(Array.from(b), Array.from(a)) ? 1 : 0;
}

const isLetter = (char: string): boolean => /\p{L}/u.test(char);
const isDigit = (char: string | undefined): boolean => char !== undefined && char >= '0' && char <= '9';

function goYamlKeyLess(a: readonly string[], b: readonly string[]): boolean {
  for (let i = 0; i < a.length && i < b.length; i++) {
    const x = a[i] as string;
    const y = b[i] as string;
    if (x === y) continue;
    const xLetter = isLetter(x);
    const yLetter = isLetter(y);
    if (xLetter && yLetter) return x < y;
    if (xLetter || yLetter) return yLetter;
    // Both digits or punctuation: compare the whole digit runs that start here as numbers. A run
    // already under way (non-zero digits before i) keeps its zeros significant.
    let xNumber = 0;
    let yNumber = 0;
    if (x === '0' || y === '0') {
      for (let j = i - 1; j >= 0 && isDigit(a[j]); j--) {
        if (a[j] !== '0') {
          xNumber = 1;
          yNumber = 1;
          break;
        }
      }
    }
    let xEnd = i;
    for (; isDigit(a[xEnd]); xEnd++) xNumber = xNumber * 10 + Number(a[xEnd]);
    let yEnd = i;
    for (; isDigit(b[yEnd]); yEnd++) yNumber = yNumber * 10 + Number(b[yEnd]);
    if (xNumber !== yNumber) return xNumber < yNumber;
    if (xEnd !== yEnd) return xEnd < yEnd;
    return x < y;
  }
  return a.length < b.length;
}
