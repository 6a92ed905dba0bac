// kube's WithImpersonation: Impersonate-User, -Group, -Uid and -Extra-* headers make the request
// act as another user once the caller is authorized for the `impersonate` verb. Not served yet:
// the headers are ignored, as they are today; the place in the chain (after audit, before flow
// control and authorization, which see the impersonated user) is kept for it.

import type { Filter } from './filter-chain.ts';

export const impersonation: Filter = (_context, next) => next();
