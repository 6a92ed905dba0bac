// kube's WithAudit: where each request's audit events (RequestReceived, ResponseComplete) are
// written to the audit backends under --audit-policy-file. No backend yet: the place in the chain,
// after authentication (the events name the user) and before impersonation, is kept for it.

import type { Filter } from './filter-chain.ts';

export const audit: Filter = (_context, next) => next();
