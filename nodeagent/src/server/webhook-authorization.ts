// The kubelet's webhook authorization (authorization.mode Webhook): a SubjectAccessReview of the
// user on the node's `nodes/<subresource>` (the kubelet's fine-grained subresources first, then
// `proxy`, the first allowed admitting the request), cached for cacheAuthorizedTTL when allowed
// and cacheUnauthorizedTTL when not.

import type { RestClient } from '@capstan/common/client';
import type { UserInfo } from './authenticate-request.ts';
import type { RequestAttributes } from './authorize-request.ts';
import { ReviewCache } from './review-cache.ts';

export type AccessReviewer = (user: UserInfo, attributes: RequestAttributes) => Promise<boolean>;

interface SubjectAccessReview {
  readonly status?: { readonly allowed?: boolean };
}

export interface AccessReviewSettings {
  readonly nodeName: string;
  readonly authorizedTtlMs: number;
  readonly unauthorizedTtlMs: number;
}

export function accessReviewer(client: RestClient, settings: AccessReviewSettings): AccessReviewer {
  const cache = new ReviewCache<boolean>((allowed) => (allowed ? settings.authorizedTtlMs : settings.unauthorizedTtlMs));
  const allowed = (user: UserInfo, verb: string, subresource: string): Promise<boolean> =>
    cache.get(JSON.stringify([user.name, user.groups, verb, subresource]), async () => {
      const review = await client.create<SubjectAccessReview & { kind: string; apiVersion: string; metadata: object }>(
        { group: 'authorization.k8s.io', version: 'v1', resource: 'subjectaccessreviews' },
        {
          apiVersion: 'authorization.k8s.io/v1',
          kind: 'SubjectAccessReview',
          spec: {
            user: user.name,
            groups: user.groups,
            resourceAttributes: { verb, group: '', version: 'v1', resource: 'nodes', subresource, name: settings.nodeName },
          },
        },
      );
      return review.status?.allowed === true;
    });
  return async (user, attributes) => {
    for (const subresource of attributes.subresources) if (await allowed(user, attributes.verb, subresource)) return true;
    return false;
  };
}
