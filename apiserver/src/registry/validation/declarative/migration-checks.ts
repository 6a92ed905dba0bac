// kube's migration from hand-written to declarative validation (rest.ValidateDeclarativelyWithMigrationChecks):
// with the DeclarativeValidation gate (beta, on) both run and every difference between the
// hand-written errors marked as covered and the declared ones is logged and counted in
// apiserver_validation_declarative_validation_mismatch_total; with DeclarativeValidationTakeover
// (beta, off) the declared errors replace the covered ones in the answer. Errors match by type,
// origin and field, as kube's fuzzy matcher; an Invalid error must have an origin to match.

import { fieldErrorTitles, fieldInternalError, type FieldError } from '@capstan/common';
import { countDeclarativeValidationMismatch, countDeclarativeValidationPanic } from '../../../metrics/validation-metrics.ts';

export interface DeclarativeValidationSettings {
  /** The DeclarativeValidation gate. */
  readonly enabled: boolean;
  /** The DeclarativeValidationTakeover gate. */
  readonly takeover: boolean;
  readonly log: (message: string) => void;
}

// The gates are the process's, as kube's DefaultFeatureGate: set once at start (a write prepared
// on a work thread sees the defaults), read on every validated write.
let settings: DeclarativeValidationSettings = { enabled: true, takeover: false, log: () => {} };

export function configureDeclarativeValidation(next: DeclarativeValidationSettings): void {
  settings = next;
}

const sameError = (a: FieldError, b: FieldError): boolean =>
  a.type === b.type && a.field === b.field && a.detail === b.detail && a.origin === b.origin && JSON.stringify(a.badValue) === JSON.stringify(b.badValue);

const matches = (handWritten: FieldError, declared: FieldError): boolean => {
  if (handWritten.type !== declared.type || handWritten.field !== declared.field || handWritten.origin !== declared.origin) return false;
  return handWritten.type !== 'FieldValueInvalid' || handWritten.origin !== undefined;
};

/** An error as kube's fuzzy matcher renders it in the log line (Go's %q of each part). */
const rendered = (error: FieldError): string =>
  `{Type=${JSON.stringify(fieldErrorTitles[error.type])}, Field=${JSON.stringify(error.field)}, Origin=${JSON.stringify(error.origin ?? '')}}`;

/** The differences kube logs, one line each. */
export function declarativeMismatches(handWritten: readonly FieldError[], declared: readonly FieldError[], takeover: boolean): string[] {
  if (handWritten.length === 0 && declared.length === 0) return [];
  const recommendation = takeover
    ? 'Consider disabling the DeclarativeValidationTakeover feature gate to keep data persisted in etcd consistent with prior versions of Kubernetes.'
    : 'This difference should not affect system operation since hand written validation is authoritative.';
  const unique: FieldError[] = [];
  for (const error of handWritten) if (!unique.some((seen) => sameError(seen, error))) unique.push(error);
  let remaining = [...declared];
  const details: string[] = [];
  for (const error of unique) {
    if (error.coveredByDeclarative !== true) continue;
    const left = remaining.filter((candidate) => !matches(error, candidate));
    if (left.length === remaining.length) {
      details.push(
        `Unexpected difference between hand written validation and declarative validation error results, unmatched error(s) found ${rendered(error)}. This indicates an issue with declarative validation. ${recommendation}`,
      );
    }
    remaining = left;
  }
  for (const error of remaining) {
    details.push(
      `Unexpected difference between hand written validation and declarative validation error results, extra error(s) found ${rendered(error)}. This indicates an issue with declarative validation. ${recommendation}`,
    );
  }
  return details;
}

/**
 * The errors of a write of a kind validated both ways; `identifier` names it for the metrics
 * (kind in lower case, subresource, `_create` or `_update`: "replicationcontroller_create").
 */
export function withDeclarativeValidation(identifier: string, handWritten: FieldError[], declare: () => FieldError[]): FieldError[] {
  const { enabled, takeover, log } = settings;
  if (!enabled) return handWritten;
  let declared: FieldError[];
  try {
    declared = declare();
  } catch (error) {
    countDeclarativeValidationPanic(identifier);
    const message = `panic during declarative validation: ${(error as Error).message}`;
    if (!takeover) {
      log(message);
      return handWritten;
    }
    declared = [fieldInternalError('', message)];
  }
  for (const detail of declarativeMismatches(handWritten, declared, takeover)) {
    log(detail);
    countDeclarativeValidationMismatch(identifier);
  }
  return takeover ? [...handWritten.filter((error) => error.coveredByDeclarative !== true), ...declared] : handWritten;
}
