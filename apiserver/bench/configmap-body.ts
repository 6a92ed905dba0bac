// Benchmark support: the request body of a small ConfigMap (about 300 bytes once stored, with the
// default payload), whose data carries a sequence number that watchers of the API benchmark find in
// each event.

import { configMapKind, objectBody } from './bench-object.ts';

export function configMapBody(name: string, seq: number, payloadBytes = 64): Buffer {
  return objectBody(configMapKind, name, seq, payloadBytes);
}

/**
 * Finds the seq of objectBody objects (a ConfigMap's data.seq, a custom resource's spec.seq) in a
 * raw watch stream, read by read: a byte scan without HTTP chunk decoding or JSON parsing, so that
 * one client thread keeps up with a thousand watches. A field split between two reads is completed by the next.
 */
export class SeqScanner {
  #rest: Buffer | undefined;

  scan(chunk: Buffer, found: (seq: number) => void): void {
    const data = this.#rest === undefined ? chunk : Buffer.concat([this.#rest, chunk]);
    this.#rest = undefined;
    let from = 0;
    for (let at = data.indexOf(seqField); at >= 0; at = data.indexOf(seqField, from)) {
      let seq = 0;
      let i = at + seqField.length;
      for (; i < data.length && data[i] !== quote; i++) seq = seq * 10 + (data[i] as number) - zero;
      if (i === data.length) {
        this.#rest = Buffer.from(data.subarray(at));
        return;
      }
      found(seq);
      from = i + 1;
    }
    // The read may end inside the next field's name.
    for (let k = Math.min(seqField.length - 1, data.length - from); k > 0; k--) {
      if (data.subarray(data.length - k).equals(seqField.subarray(0, k))) {
        this.#rest = Buffer.from(data.subarray(data.length - k));
        return;
      }
    }
  }
}
const seqField = Buffer.from('"seq":"');
const quote = 0x22;
const zero = 0x30;
