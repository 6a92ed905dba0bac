// Commands in containers: ExecSync answers in the call; Exec, Attach and PortForward answer with
// the URL of the runtime's streaming server, which the API server's client is then sent to.

import { field, message, repeated, type Declarations } from './declare.ts';

export interface ExecSyncRequest {
  readonly containerId: string;
  readonly cmd: readonly string[];
  /** Seconds; 0 for no limit. */
  readonly timeout: number;
}

export interface ExecSyncResponse {
  readonly stdout: Uint8Array;
  readonly stderr: Uint8Array;
  readonly exitCode: number;
}

export interface ExecRequest {
  readonly containerId: string;
  readonly cmd: readonly string[];
  readonly tty: boolean;
  readonly stdin: boolean;
  readonly stdout: boolean;
  readonly stderr: boolean;
}

export interface ExecResponse {
  readonly url: string;
}

export interface AttachRequest {
  readonly containerId: string;
  readonly stdin: boolean;
  readonly tty: boolean;
  readonly stdout: boolean;
  readonly stderr: boolean;
}

export interface AttachResponse {
  readonly url: string;
}

export interface PortForwardRequest {
  readonly podSandboxId: string;
  readonly port: readonly number[];
}

export interface PortForwardResponse {
  readonly url: string;
}

export const streamingDeclarations: Declarations = {
  ExecSyncRequest: message({ containerId: field(1, 'string'), cmd: repeated(2, 'string'), timeout: field(3, 'int64') }),
  ExecSyncResponse: message({ stdout: field(1, 'bytes'), stderr: field(2, 'bytes'), exitCode: field(3, 'int32') }),
  ExecRequest: message({
    containerId: field(1, 'string'),
    cmd: repeated(2, 'string'),
    tty: field(3, 'bool'),
    stdin: field(4, 'bool'),
    stdout: field(5, 'bool'),
    stderr: field(6, 'bool'),
  }),
  ExecResponse: message({ url: field(1, 'string') }),
  AttachRequest: message({
    containerId: field(1, 'string'),
    stdin: field(2, 'bool'),
    tty: field(3, 'bool'),
    stdout: field(4, 'bool'),
    stderr: field(5, 'bool'),
  }),
  AttachResponse: message({ url: field(1, 'string') }),
  PortForwardRequest: message({ podSandboxId: field(1, 'string'), port: repeated(2, 'int32') }),
  PortForwardResponse: message({ url: field(1, 'string') }),
};
