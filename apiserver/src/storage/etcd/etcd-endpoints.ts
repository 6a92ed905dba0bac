// The etcd members a client talks to: one gRPC channel (one HTTP/2 connection, on which every
// call and stream is multiplexed) per endpoint, and which endpoint is in use. A failed call moves
// the client on to the next member; a member whose connection is known to be down is skipped.

import { ChannelCredentials, type ChannelOptions, Client, connectivityState } from '@grpc/grpc-js';

export interface EtcdTlsOptions {
  /** PEM of the authorities that sign etcd's serving certificate; the system's when absent. */
  readonly ca?: Buffer;
  /** PEM client certificate and key, for an etcd that asks for client certificates. */
  readonly cert?: Buffer;
  readonly key?: Buffer;
}

export interface Endpoint {
  readonly index: number;
  readonly url: string;
  readonly client: Client;
}

/** gRPC's target for an etcd client URL: host:port; https (or unixs) means TLS. */
function targetOf(url: string): { target: string; secure: boolean } {
  const match = /^(https?|unixs?):\/\/(.+?)\/?$/.exec(url);
  if (match === null) return { target: url, secure: false };
  const [, scheme, rest] = match as unknown as [string, string, string];
  if (scheme.startsWith('unix')) return { target: `unix:${rest}`, secure: scheme === 'unixs' };
  return { target: rest, secure: scheme === 'https' };
}

export class EtcdEndpoints {
  readonly urls: readonly string[];
  readonly #credentials: { readonly insecure: ChannelCredentials; readonly secure: ChannelCredentials };
  readonly #channelOptions: ChannelOptions;
  /** Made at first use, so that an endpoint never picked costs no channel. */
  readonly #endpoints: (Endpoint | undefined)[];
  #current = 0;

  constructor(urls: readonly string[], channelOptions: ChannelOptions, tls: EtcdTlsOptions | undefined) {
    if (urls.length === 0) throw new Error('no etcd endpoint given');
    this.urls = [...urls];
    this.#channelOptions = channelOptions;
    this.#endpoints = urls.map(() => undefined);
    this.#credentials = {
      insecure: ChannelCredentials.createInsecure(),
      secure: ChannelCredentials.createSsl(tls?.ca ?? null, tls?.key ?? null, tls?.cert ?? null),
    };
  }

  get size(): number {
    return this.urls.length;
  }

  /** The endpoint in use, or the next one whose connection is not known to be failing. */
  pick(): Endpoint {
    for (let step = 0; step < this.urls.length; step++) {
      const index = (this.#current + step) % this.urls.length;
      const endpoint = this.#endpoint(index);
      const state = endpoint.client.getChannel().getConnectivityState(false);
      if (state !== connectivityState.TRANSIENT_FAILURE) {
        this.#current = index;
        return endpoint;
      }
    }
    return this.#endpoint(this.#current);
  }

  /** A call on `endpoint` failed as unavailable: later calls start at the next member. */
  failed(endpoint: Endpoint): void {
    if (endpoint.index === this.#current) this.#current = (this.#current + 1) % this.urls.length;
  }

  close(): void {
    for (const endpoint of this.#endpoints) endpoint?.client.close();
  }

  #endpoint(index: number): Endpoint {
    let endpoint = this.#endpoints[index];
    if (endpoint === undefined) {
      const url = this.urls[index] as string;
      const { target, secure } = targetOf(url);
      const client = new Client(target, secure ? this.#credentials.secure : this.#credentials.insecure, this.#channelOptions);
      endpoint = { index, url, client };
      this.#endpoints[index] = endpoint;
    }
    return endpoint;
  }
}
