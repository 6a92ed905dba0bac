// A create the API server refused because its namespace is being deleted (the NamespaceLifecycle
// admission's NamespaceTerminating cause): every later create there will be refused too, so
// controllers count it as done and record no failure event, as kube's do.

import { StatusError } from '@capstan/common';

export function isNamespaceTerminating(error: unknown): boolean {
  return error instanceof StatusError && (error.status.details?.causes ?? []).some((cause) => cause.reason === 'NamespaceTerminating');
}
