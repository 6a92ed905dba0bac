// A CRD's conversion: strategy None or Webhook; a webhook needs its client config (a URL or a
// service) and the ConversionReview versions it speaks, which None may not have.

import { fieldForbidden, fieldInvalid, fieldRequired, type FieldError } from '@capstan/common';
import { isDNS1035Label } from '../../../registry/name-validation.ts';
import { clientConfigErrors } from '../../admissionregistration/webhook-validation.ts';
import { goStringsValue } from './crd-go-json.ts';
import type { InternalConversion } from './crd-internal.ts';
import { enumErrors } from './crd-names-validation.ts';

/** The ConversionReview versions this server (and the one before it) understands. */
export const acceptedConversionReviewVersions = ['v1', 'v1beta1'];

function reviewVersionsErrors(versions: readonly string[] | undefined, requireRecognized: boolean, path: string): FieldError[] {
  if (versions === undefined || versions.length === 0) return [fieldRequired(path)];
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  versions.forEach((version, i) => {
    if (seen.has(version)) {
      errors.push(fieldInvalid(`${path}[${i}]`, version, 'duplicate version'));
      return;
    }
    seen.add(version);
    for (const message of isDNS1035Label(version)) errors.push(fieldInvalid(`${path}[${i}]`, version, message));
  });
  if (requireRecognized && !versions.some((version) => acceptedConversionReviewVersions.includes(version))) {
    errors.push(fieldInvalid(path, goStringsValue(versions), `must include at least one of ${acceptedConversionReviewVersions.join(', ')}`));
  }
  return errors;
}

/** Whether review versions are recognized, or none are given (an update keeps an old CRD's unrecognized ones acceptable). */
export const hasRecognizedReviewVersionOrNone = (versions: readonly string[] | undefined): boolean =>
  versions === undefined || versions.length === 0 || versions.some((version) => acceptedConversionReviewVersions.includes(version));

/** validateCustomResourceConversion (the caBundle is not checked: kube allows any before the CRD is established). */
export function conversionErrors(conversion: InternalConversion | undefined, requireRecognized: boolean): FieldError[] {
  if (conversion === undefined) return [];
  const path = 'spec.conversion';
  const errors = enumErrors(`${path}.strategy`, conversion.strategy, ['None', 'Webhook'], true);
  if (conversion.strategy === 'Webhook') {
    if (conversion.webhookClientConfig === undefined) errors.push(fieldRequired(`${path}.webhookClientConfig`, 'required when strategy is set to Webhook'));
    else errors.push(...clientConfigErrors(conversion.webhookClientConfig, `${path}.webhookClientConfig`));
    errors.push(...reviewVersionsErrors(conversion.conversionReviewVersions, requireRecognized, `${path}.conversionReviewVersions`));
  } else {
    if (conversion.webhookClientConfig !== undefined) errors.push(fieldForbidden(`${path}.webhookClientConfig`, 'should not be set when strategy is not set to Webhook'));
    if ((conversion.conversionReviewVersions ?? []).length > 0) {
      errors.push(fieldForbidden(`${path}.conversionReviewVersions`, 'should not be set when strategy is not set to Webhook'));
    }
  }
  return errors;
}
