// The webhooks of the Validating- or MutatingWebhookConfigurations, as kube's configuration
// managers keep them: read through an in-process informer of their store, configurations in the
// order of their names, each one's webhooks in its own order. Each webhook is prepared once per
// change of its configuration: its match criteria, its compiled matchConditions and its client.

import type { Logger } from '@capstan/common';
import type { MutatingWebhook, ValidatingWebhook } from '@capstan/common/api-types/admissionregistration-v1';
import { webhookClientConfigOf, WebhookClient } from '../../customresources/conversion/webhook-client.ts';
import type { ServiceResolver } from '../../customresources/conversion/service-resolver.ts';
import type { GenericStore } from '../../registry/generic-store.ts';
import { metadataOf, type JsonObject } from '../../registry/object-meta.ts';
import { StoreInformer, type InformerHandler } from '../../registry/store-informer.ts';
import { webhookMatchCriteria, type MatchCriteria } from '../matching/match-request.ts';
import { MatchConditions } from './match-conditions.ts';

export type AdmissionWebhook = MutatingWebhook | ValidatingWebhook;

/** One webhook, ready to be asked (kube's WebhookAccessor). */
export interface WebhookEntry<W extends AdmissionWebhook> {
  readonly webhook: W;
  readonly configurationName: string;
  /** kube's accessor uid, `<configuration>/<webhook>/<index>`: what reinvocation remembers. */
  readonly uid: string;
  readonly criteria: MatchCriteria;
  readonly conditions: MatchConditions;
  /** Undefined when kube could not build a client (a caBundle with no certificate). */
  readonly client: WebhookClient | undefined;
}

/** kube's admission webhook client: failures worded by the caller, the deadline as its context's. */
const admissionClientOptions = { failure: (message: string) => new Error(message), timeoutText: 'context deadline exceeded' };

export class WebhookConfigurations<W extends AdmissionWebhook> implements InformerHandler {
  readonly #resolver: ServiceResolver;
  readonly #byName = new Map<string, readonly WebhookEntry<W>[]>();
  /** The clients by their clientConfig (kube's client manager cache): a webhook that keeps its config keeps its connections. */
  readonly #clients = new Map<string, WebhookClient | undefined>();
  #sorted: readonly WebhookEntry<W>[] | undefined = [];
  #synced = false;
  readonly #informer: StoreInformer;
  #started: Promise<void> | undefined;

  constructor(store: GenericStore, resolver: ServiceResolver, logger: Logger, stopping?: AbortSignal) {
    this.#resolver = resolver;
    this.#informer = new StoreInformer(store, this, logger, stopping);
  }

  /** Lists and watches on first use; resolves once the first list is in (kube's HasSynced). A failed start is tried again by the next call. */
  ready(): Promise<void> {
    this.#started ??= this.#informer.start().catch((error: unknown) => {
      this.#started = undefined;
      throw error;
    });
    return this.#started;
  }

  /** Every webhook, configurations by name. */
  webhooks(): readonly WebhookEntry<W>[] {
    this.#sorted ??= [...this.#byName.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).flatMap(([, entries]) => entries);
    return this.#sorted;
  }

  /** Whether there is nothing to ask: the first list is in and holds no webhook. */
  get idle(): boolean {
    return this.#synced && this.webhooks().length === 0;
  }

  replace(objects: readonly JsonObject[]): void {
    this.#byName.clear();
    for (const object of objects) this.upsert(object);
    this.#sorted = undefined;
    this.#synced = true;
    this.#forgetUnused();
  }

  upsert(object: JsonObject): void {
    const name = metadataOf(object).name ?? '';
    const webhooks = (Array.isArray(object.webhooks) ? object.webhooks : []) as unknown as readonly W[];
    this.#byName.set(
      name,
      webhooks.map((webhook, index) => this.#entryOf(webhook, name, index)),
    );
    this.#sorted = undefined;
    if (this.#synced) this.#forgetUnused();
  }

  remove(object: JsonObject): void {
    this.#byName.delete(metadataOf(object).name ?? '');
    this.#sorted = undefined;
    this.#forgetUnused();
  }

  /** Forgets the clients no webhook uses any more (their idle connections time out; requests in flight finish). */
  #forgetUnused(): void {
    const used = new Set(this.webhooks().map((entry) => entry.client));
    for (const [key, client] of this.#clients) if (!used.has(client)) this.#clients.delete(key);
  }

  #clientOf(clientConfig: JsonObject): WebhookClient | undefined {
    const key = JSON.stringify(clientConfig);
    if (this.#clients.has(key)) return this.#clients.get(key);
    const config = webhookClientConfigOf(clientConfig);
    const client = config === undefined ? undefined : new WebhookClient(config, this.#resolver, admissionClientOptions);
    this.#clients.set(key, client);
    return client;
  }

  #entryOf(webhook: W, configurationName: string, index: number): WebhookEntry<W> {
    return {
      webhook,
      configurationName,
      uid: `${configurationName}/${webhook.name}/${index}`,
      criteria: webhookMatchCriteria(webhook),
      conditions: new MatchConditions(webhook.matchConditions ?? []),
      client: this.#clientOf(webhook.clientConfig as unknown as JsonObject),
    };
  }
}
