// Makes the webhook converter of a CRD with strategy Webhook from its spec.conversion.webhook
// (kube's webhookConverterFactory): the client config, its caBundle (base64 in the CRD's JSON;
// blank is none), and the ConversionReview versions the webhook speaks.

import { caBundleCertificates, caBundleError } from '@capstan/common';
import { isObject, objectOf, stringOf, stringsOf } from '../../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../../registry/object-meta.ts';
import type { ServiceResolver } from './service-resolver.ts';
import { ConversionWebhookClient, type ServiceReference } from './webhook-client.ts';
import { unbuildableConverter, WebhookConverter, type CustomObjectConverter } from './webhook-converter.ts';

export class ConversionWebhooks {
  readonly #resolver: ServiceResolver;

  constructor(resolver: ServiceResolver) {
    this.#resolver = resolver;
  }

  /** The converter of a CRD whose conversion strategy is Webhook. */
  converterOf(crd: JsonObject): CustomObjectConverter {
    const webhook = objectOf(objectOf(objectOf(crd.spec).conversion).webhook);
    const clientConfig = objectOf(webhook.clientConfig);
    const bundle = Buffer.from(stringOf(clientConfig.caBundle), 'base64');
    const blank = bundle.toString('latin1').trim() === '';
    if (!blank && caBundleError(bundle) !== undefined) return unbuildableConverter;
    const client = new ConversionWebhookClient(
      {
        url: typeof clientConfig.url === 'string' ? clientConfig.url : undefined,
        service: serviceReferenceOf(clientConfig.service),
        certificateAuthorities: blank ? undefined : caBundleCertificates(bundle).join(''),
      },
      this.#resolver,
    );
    return new WebhookConverter(client, stringsOf(webhook.conversionReviewVersions));
  }
}

function serviceReferenceOf(service: unknown): ServiceReference | undefined {
  if (!isObject(service)) return undefined;
  return {
    namespace: stringOf(service.namespace),
    name: stringOf(service.name),
    path: stringOf(service.path),
    // Defaulted to 443 when the CRD is written; kube's client defaults it again.
    port: typeof service.port === 'number' && service.port !== 0 ? service.port : 443,
  };
}
