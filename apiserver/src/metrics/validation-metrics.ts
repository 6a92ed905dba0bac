// kube-apiserver's declarative validation metrics (k8s.io/apiserver/pkg/validation): how often the
// declared checks disagreed with the hand-written ones, or failed, in total and by validation
// identifier ("replicationcontroller_create"). Registered with the server's metrics, so that the
// totals are there at 0 before anything happened, as kube registers them at start.

import { legacyRegistry } from '@capstan/common/metrics';

let metrics: ReturnType<typeof defineValidationMetrics> | undefined;

export function validationMetrics(): ReturnType<typeof defineValidationMetrics> {
  metrics ??= defineValidationMetrics();
  return metrics;
}

function defineValidationMetrics() {
  return {
    mismatches: legacyRegistry.counter({
      name: 'apiserver_validation_declarative_validation_mismatch_total',
      help: 'Number of times declarative validation results differed from handwritten validation results for core types.',
      stabilityLevel: 'BETA',
    }),
    discrepancies: legacyRegistry.counter({
      name: 'apiserver_validation_declarative_validation_parity_discrepancies_total',
      help: 'Number of discrepancies between declarative and handwritten validation, broken down by validation identifier.',
      stabilityLevel: 'ALPHA',
      labelNames: ['validation_identifier'],
    }),
    panic: legacyRegistry.counter({
      name: 'apiserver_validation_declarative_validation_panic_total',
      help: 'Number of times declarative validation has panicked during validation.',
      stabilityLevel: 'BETA',
    }),
    panics: legacyRegistry.counter({
      name: 'apiserver_validation_declarative_validation_panics_total',
      help: 'Number of panics in declarative validation, broken down by validation identifier.',
      stabilityLevel: 'ALPHA',
      labelNames: ['validation_identifier'],
    }),
  };
}

export function countDeclarativeValidationMismatch(identifier: string): void {
  const { mismatches, discrepancies } = validationMetrics();
  mismatches.inc();
  discrepancies.inc({ validation_identifier: identifier });
}

export function countDeclarativeValidationPanic(identifier: string): void {
  const { panic, panics } = validationMetrics();
  panic.inc();
  panics.inc({ validation_identifier: identifier });
}
