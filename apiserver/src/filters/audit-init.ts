// kube's WithAuditInit, the outermost filter: the Audit-Id that names the request on every answer,
// the client's own Audit-ID echoed, or a new UUID.

import { randomUUID } from 'node:crypto';
import type { Filter } from './filter-chain.ts';

export const auditInit: Filter = (context, next) => {
  const sent = context.request.headers['audit-id'];
  context.auditId = typeof sent === 'string' && sent !== '' ? sent : randomUUID();
  context.response.setHeader('Audit-Id', context.auditId);
  return next();
};
