// The messages of grpc.health.v1 in protobuf's wire format, written by hand (two one-field
// messages do not need a protobuf library): the gRPC probe sends a HealthCheckRequest and reads a
// HealthCheckResponse; the simulated runtime's agnhost grpc-health-checking does the reverse.

/** HealthCheckRequest { string service = 1; } */
export function encodeHealthCheckRequest(service: string): Buffer {
  const bytes = Buffer.from(service, 'utf8');
  if (bytes.length === 0) return Buffer.alloc(0);
  return Buffer.concat([Buffer.from([0x0a, ...varintBytes(bytes.length)]), bytes]);
}

/** The request's service ('' when absent); other fields are skipped. */
export function decodeHealthCheckRequest(bytes: Buffer): string {
  let service = '';
  readFields(bytes, (field, value) => {
    if (field === 1 && Buffer.isBuffer(value)) service = value.toString('utf8');
  });
  return service;
}

/** HealthCheckResponse { ServingStatus status = 1; } */
export function encodeHealthCheckResponse(status: number): Buffer {
  return status === 0 ? Buffer.alloc(0) : Buffer.from([0x08, ...varintBytes(status)]);
}

/** The response's status number (0, UNKNOWN, when absent). */
export function decodeHealthCheckResponse(bytes: Buffer): number {
  let status = 0;
  readFields(bytes, (field, value) => {
    if (field === 1 && typeof value === 'number') status = value;
  });
  return status;
}

function varintBytes(n: number): number[] {
  const out: number[] = [];
  for (let rest = n; ; rest >>>= 7) {
    if (rest < 0x80) return [...out, rest];
    out.push((rest & 0x7f) | 0x80);
  }
}

/** Calls `onField` with each field's number and its varint or length-delimited value; fixed-width ones are skipped. */
function readFields(bytes: Buffer, onField: (field: number, value: number | Buffer) => void): void {
  let at = 0;
  const varint = (): number => {
    let value = 0;
    for (let shift = 0; at < bytes.length; shift += 7) {
      const byte = bytes[at++] as number;
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) break;
    }
    return value;
  };
  while (at < bytes.length) {
    const key = varint();
    const wire = key & 7;
    if (wire === 0) onField(key >>> 3, varint());
    else if (wire === 2) {
      const length = varint();
      onField(key >>> 3, bytes.subarray(at, at + length));
      at += length;
    } else if (wire === 1) at += 8;
    else if (wire === 5) at += 4;
    else break;
  }
}
