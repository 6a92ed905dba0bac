// Benchmark support: the objects the load generators write, described as plain data that a worker
// thread can be given: the API benchmark's ConfigMap, or the custom resource of the CRD benchmark.
// Each holds a sequence number (the string field `seq`, which SeqScanner finds in watch events)
// and a payload, in the ConfigMap's data or the custom resource's spec.

export interface BenchKind {
  /** The path of the group version: /api/v1, /apis/<group>/<version>. */
  readonly groupVersionPath: string;
  readonly apiVersion: string;
  readonly kind: string;
  /** The plural resource name. */
  readonly resource: string;
  /** The field holding seq and the payload. */
  readonly contentField: 'data' | 'spec';
  /** Fields beside seq and the payload. */
  readonly content?: Readonly<Record<string, unknown>>;
}

export const configMapKind: BenchKind = { groupVersionPath: '/api/v1', apiVersion: 'v1', kind: 'ConfigMap', resource: 'configmaps', contentField: 'data' };

export function collectionPath(kind: BenchKind, namespace: string): string {
  return `${kind.groupVersionPath}/namespaces/${namespace}/${kind.resource}`;
}

/** The request body of an object of `kind` (about 300 bytes once stored, as a ConfigMap with the default payload). */
export function objectBody(kind: BenchKind, name: string, seq: number, payloadBytes = 64): Buffer {
  return Buffer.from(
    JSON.stringify({
      apiVersion: kind.apiVersion,
      kind: kind.kind,
      metadata: { name, labels: { app: 'capstan-bench' } },
      [kind.contentField]: { seq: String(seq), payload: 'x'.repeat(payloadBytes), ...kind.content },
    }),
  );
}
