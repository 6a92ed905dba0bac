// The two admission webhook plugins built from what the API server gives them: the stores of
// their configurations (read through informers), the service resolution of the API server (the
// one CRD conversion webhooks use), and the shared admission matching.

import type { Logger } from '@capstan/common';
import type { MutatingWebhook, ValidatingWebhook } from '@capstan/common/api-types/admissionregistration-v1';
import type { ServiceResolver } from '../../customresources/conversion/service-resolver.ts';
import type { GenericStore } from '../../registry/generic-store.ts';
import type { AdmissionPlugin } from '../admission-plugin.ts';
import { mutatingAdmissionWebhook } from './mutating-webhooks.ts';
import { validatingAdmissionWebhook } from './validating-webhooks.ts';
import { WebhookConfigurations } from './webhook-configurations.ts';
import type { WebhookMatching } from './webhook-invocation.ts';

export interface AdmissionWebhookDependencies {
  readonly mutatingConfigurations: GenericStore;
  readonly validatingConfigurations: GenericStore;
  readonly resolver: ServiceResolver;
  readonly matching: WebhookMatching;
  readonly logger: Logger;
  /** Ends the informers when the server stops. */
  readonly stopping?: AbortSignal;
}

export function mutatingWebhookPlugin(dependencies: AdmissionWebhookDependencies): AdmissionPlugin {
  const { mutatingConfigurations, resolver, logger, stopping, matching } = dependencies;
  const configurations = new WebhookConfigurations<MutatingWebhook>(mutatingConfigurations, resolver, logger, stopping);
  return mutatingAdmissionWebhook({ configurations, matching });
}

export function validatingWebhookPlugin(dependencies: AdmissionWebhookDependencies): AdmissionPlugin {
  const { validatingConfigurations, resolver, logger, stopping, matching } = dependencies;
  return validatingAdmissionWebhook(new WebhookConfigurations<ValidatingWebhook>(validatingConfigurations, resolver, logger, stopping), matching);
}
