// etcd's Maintenance Status response (etcdserverpb.StatusResponse): a member's version, leader
// and database size; the request is empty.

import { emptyHeader, lengthDelimited, Reader, readHeader, readInt64, type ResponseHeader, tag, varint } from './wire.ts';

export interface StatusResponse {
  readonly header: ResponseHeader;
  readonly version: string;
  readonly dbSize: number;
  /** The member id of the leader as a decimal string; "0" while there is none. */
  readonly leader: string;
  readonly raftIndex: number;
  readonly raftTerm: number;
  readonly errors: string[];
  readonly isLearner: boolean;
}

export function decodeStatus(buffer: Buffer): StatusResponse {
  const reader = Reader.create(buffer);
  let header = emptyHeader;
  let version = '';
  let dbSize = 0;
  let leader = '0';
  let raftIndex = 0;
  let raftTerm = 0;
  const errors: string[] = [];
  let isLearner = false;
  while (reader.pos < reader.len) {
    const k = reader.uint32();
    switch (k) {
      case tag(1, lengthDelimited):
        header = readHeader(reader, true);
        break;
      case tag(2, lengthDelimited):
        version = reader.string();
        break;
      case tag(3, varint):
        dbSize = readInt64(reader);
        break;
      case tag(4, varint):
        leader = reader.uint64().toString();
        break;
      case tag(5, varint):
        raftIndex = readInt64(reader);
        break;
      case tag(6, varint):
        raftTerm = readInt64(reader);
        break;
      case tag(8, lengthDelimited):
        errors.push(reader.string());
        break;
      case tag(10, varint):
        isLearner = reader.bool();
        break;
      default:
        reader.skipType(k & 7);
    }
  }
  return { header, version, dbSize, leader, raftIndex, raftTerm, errors, isLearner };
}
