// What starting an API server for a test environment takes and gives, in the process or as a child.

export interface ServerSettings {
  /** --feature-gates pairs (key=true|false). */
  readonly featureGates: readonly string[];
  /** --runtime-config pairs. */
  readonly runtimeConfig: readonly string[];
  /** Keep kube's ServiceAccount admission plugin (when controllers make the `default` accounts). */
  readonly serviceAccountAdmission: boolean;
  /** The server's log level (pino's): silent unless asked. */
  readonly logLevel: string;
  /** Flags for a child server only (`capstan apiserver --help`). */
  readonly extraArgs: readonly string[];
}

export interface StartedServer {
  /** https://127.0.0.1:<port> */
  readonly url: string;
  /** PEM of the authority of the serving certificate. */
  readonly certificateAuthority: string;
  /** A bearer token of a user in system:masters. */
  readonly token: string;
  /** The process that serves (this one, in the process). */
  readonly pid: number;
  /** The embedded store's data directory. */
  readonly dataDir: string;
  stop(): Promise<void>;
}
