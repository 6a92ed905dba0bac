// The kubelet's webhook token authentication (authentication.webhook.enabled): a bearer token the
// agent does not know itself is asked of the API server with a TokenReview, and the answer is
// cached for authentication.webhook.cacheTTL (the token's hash is the key).

import { createHash } from 'node:crypto';
import type { RestClient } from '@capstan/common/client';
import type { UserInfo } from './authenticate-request.ts';
import { ReviewCache } from './review-cache.ts';

export type TokenReviewer = (token: string) => Promise<UserInfo | undefined>;

interface TokenReview {
  readonly status?: { readonly authenticated?: boolean; readonly user?: { readonly username?: string; readonly groups?: readonly string[] } };
}

export function tokenReviewer(client: RestClient, cacheTtlMs: number): TokenReviewer {
  const cache = new ReviewCache<UserInfo | undefined>(() => cacheTtlMs);
  return (token) =>
    cache.get(createHash('sha256').update(token).digest('hex'), async () => {
      const review = await client.create<TokenReview & { kind: string; apiVersion: string; metadata: object }>(
        { group: 'authentication.k8s.io', version: 'v1', resource: 'tokenreviews' },
        { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: { token } },
      );
      const user = review.status?.user;
      if (review.status?.authenticated !== true || user?.username === undefined) return undefined;
      return { name: user.username, groups: [...(user.groups ?? [])] };
    });
}
