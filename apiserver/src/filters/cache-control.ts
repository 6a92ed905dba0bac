// kube's WithCacheControl: answers stay out of shared caches unless an endpoint says otherwise.

import type { Filter } from './filter-chain.ts';

export const cacheControl: Filter = (context, next) => {
  context.response.setHeader('Cache-Control', 'no-cache, private');
  return next();
};
