// Makes the webhook converter of a CRD with strategy Webhook from its spec.conversion.webhook
// (kube's webhookConverterFactory): the client config, its caBundle (base64 in the CRD's JSON;
// blank is none), and the ConversionReview versions the webhook speaks.

import { objectOf, stringsOf } from '../../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../../registry/object-meta.ts';
import type { ServiceResolver } from './service-resolver.ts';
import { WebhookClient, webhookClientConfigOf } from './webhook-client.ts';
import { unbuildableConverter, WebhookConverter, type CustomObjectConverter } from './webhook-converter.ts';

export class ConversionWebhooks {
  readonly #resolver: ServiceResolver;

  constructor(resolver: ServiceResolver) {
    this.#resolver = resolver;
  }

  /** The converter of a CRD whose conversion strategy is Webhook. */
  converterOf(crd: JsonObject): CustomObjectConverter {
    const webhook = objectOf(objectOf(objectOf(crd.spec).conversion).webhook);
    const config = webhookClientConfigOf(objectOf(webhook.clientConfig));
    if (config === undefined) return unbuildableConverter;
    const client = new WebhookClient(config, this.#resolver);
    return new WebhookConverter(client, stringsOf(webhook.conversionReviewVersions));
  }
}
