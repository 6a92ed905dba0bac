// A CRD's conversion: strategy None or Webhook; a webhook needs its client config (a URL or a
// service) and the ConversionReview versions it speaks, which None may not have.

import { caBundleError, fieldForbidden, fieldInvalid, fieldRequired, type FieldError } from '@capstan/common';
import { isDNS1123Subdomain } from '../../../registry/name-validation.ts';
import type { JsonObject } from '../../../registry/object-meta.ts';
import { isObject, stringOf } from '../../../registry/defaulting/json-fields.ts';
import { reviewVersionItemErrors, webhookUrlErrors } from '../../admissionregistration/webhook-validation.ts';
import { goStringsValue } from './crd-go-json.ts';
import type { InternalConversion } from './crd-internal.ts';
import { enumErrors } from './crd-names-validation.ts';

/** The ConversionReview versions this server (and the one before it) understands. */
export const acceptedConversionReviewVersions = ['v1', 'v1beta1'];

function reviewVersionsErrors(versions: readonly string[] | undefined, requireRecognized: boolean, path: string): FieldError[] {
  if (versions === undefined || versions.length === 0) return [fieldRequired(path)];
  const errors = reviewVersionItemErrors(versions, path);
  if (requireRecognized && !versions.some((version) => acceptedConversionReviewVersions.includes(version))) {
    errors.push(fieldInvalid(path, goStringsValue(versions), `must include at least one of ${acceptedConversionReviewVersions.join(', ')}`));
  }
  return errors;
}

/**
 * webhook.ValidateWebhookService as the CRD validation calls it: with the service's name and
 * namespace in each other's place, so a missing name is reported as a missing namespace (and the
 * other way round), as kube-apiserver 1.35 reports them.
 */
function serviceErrors(service: JsonObject, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (stringOf(service.namespace) === '') errors.push(fieldRequired(`${path}.name`));
  if (stringOf(service.name) === '') errors.push(fieldRequired(`${path}.namespace`));
  const port = typeof service.port === 'number' ? service.port : 0;
  if (port < 1 || port > 65535) errors.push(fieldInvalid(`${path}.port`, port, 'port is not valid: must be between 1 and 65535, inclusive'));
  if (typeof service.path !== 'string') return errors;
  const urlPath = service.path;
  if (urlPath === '/' || urlPath === '') return errors;
  if (urlPath === '//') return [...errors, fieldInvalid(`${path}.path`, urlPath, 'segment[0] may not be empty')];
  if (!urlPath.startsWith('/')) errors.push(fieldInvalid(`${path}.path`, urlPath, "must start with a '/'"));
  let rest = urlPath.slice(1);
  if (rest.endsWith('/')) rest = rest.slice(0, -1);
  rest.split('/').forEach((step, i) => {
    if (step === '') errors.push(fieldInvalid(`${path}.path`, urlPath, `segment[${i}] may not be empty`));
    else for (const failure of isDNS1123Subdomain(step)) errors.push(fieldInvalid(`${path}.path`, urlPath, `segment[${i}]: ${failure}`));
  });
  return errors;
}

/** A conversion webhook's client config: exactly one of url and service. */
function clientConfigErrors(config: JsonObject, path: string): FieldError[] {
  const hasUrl = typeof config.url === 'string';
  const service = isObject(config.service) ? config.service : undefined;
  if (hasUrl === (service !== undefined)) return [fieldRequired(path, 'exactly one of url or service is required')];
  return service === undefined ? webhookUrlErrors(String(config.url), `${path}.url`) : serviceErrors(service, `${path}.service`);
}

/** Whether review versions are recognized, or none are given (an update keeps an old CRD's unrecognized ones acceptable). */
export const hasRecognizedReviewVersionOrNone = (versions: readonly string[] | undefined): boolean =>
  versions === undefined || versions.length === 0 || versions.some((version) => acceptedConversionReviewVersions.includes(version));

/**
 * webhook.ValidateCABundle: a caBundle must hold a certificate authority. Its value is shown as Go
 * shows bytes, in base64.
 */
function caBundleErrors(caBundle: unknown, path: string): FieldError[] {
  const bundle = Buffer.from(stringOf(caBundle), 'base64');
  if (bundle.length === 0) return [];
  const error = caBundleError(bundle);
  return error === undefined ? [] : [fieldInvalid(path, bundle.toString('base64'), error)];
}

/**
 * Whether an update may leave a conversion webhook's caBundle invalid (kube's allowInvalidCABundle):
 * before the CRD is established (as on create), or when the old one was invalid already.
 */
export function allowsInvalidCABundle(old: InternalConversion | undefined, established: boolean): boolean {
  if (!established) return true;
  const bundle = Buffer.from(stringOf(old?.webhookClientConfig?.caBundle), 'base64');
  return bundle.length > 0 && caBundleError(bundle) !== undefined;
}

/** validateCustomResourceConversion; the caBundle is checked only where allowInvalidCABundle is false. */
export function conversionErrors(conversion: InternalConversion | undefined, requireRecognized: boolean, allowInvalidCABundle: boolean): FieldError[] {
  if (conversion === undefined) return [];
  const path = 'spec.conversion';
  const errors = enumErrors(`${path}.strategy`, conversion.strategy, ['None', 'Webhook'], true);
  if (conversion.strategy === 'Webhook') {
    const config = conversion.webhookClientConfig;
    if (config === undefined) errors.push(fieldRequired(`${path}.webhookClientConfig`, 'required when strategy is set to Webhook'));
    else {
      errors.push(...clientConfigErrors(config, `${path}.webhookClientConfig`));
      if (!allowInvalidCABundle) errors.push(...caBundleErrors(config.caBundle, `${path}.webhookClientConfig.caBundle`));
    }
    errors.push(...reviewVersionsErrors(conversion.conversionReviewVersions, requireRecognized, `${path}.conversionReviewVersions`));
  } else {
    if (conversion.webhookClientConfig !== undefined) errors.push(fieldForbidden(`${path}.webhookClientConfig`, 'should not be set when strategy is not set to Webhook'));
    if ((conversion.conversionReviewVersions ?? []).length > 0) {
      errors.push(fieldForbidden(`${path}.conversionReviewVersions`, 'should not be set when strategy is not set to Webhook'));
    }
  }
  return errors;
}
