// The types of authentication.k8s.io/v1.

import { apiName, boolean, field, int64, list, map, pointer, ref, string, struct, type TypeDeclaration } from '../schema.ts';
import { kinds, objectMetaField, timeName, typeMetaFields } from './meta-v1.ts';

const authentication = (type: string): string => apiName('authentication', 'v1', type);
const groupVersion = 'authentication.k8s.io/v1';
const stringItems = list(string({ default: '' }));

export const authenticationV1Types: readonly TypeDeclaration[] = [
  struct(
    authentication('TokenReview'),
    'Asks the server who a bearer token authenticates as.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(authentication('TokenReviewSpec'), { default: {} }), 'The token to check.', { required: true }),
      status: field(3, ref(authentication('TokenReviewStatus'), { default: {} }), 'Whether the token authenticates, and as whom; set by the server.'),
    },
    { groupVersionKinds: kinds('TokenReview', [groupVersion]) },
  ),

  struct(authentication('TokenReviewSpec'), 'The token a review checks.', {
    token: field(1, string(), 'The bearer token.'),
    audiences: field(2, stringItems, "The audiences the caller accepts; empty means the API server's own.", { listType: 'atomic' }),
  }),

  struct(authentication('TokenReviewStatus'), 'The outcome of a token review.', {
    authenticated: field(1, boolean(), 'Whether the token belongs to a known user.'),
    user: field(2, ref(authentication('UserInfo'), { default: {} }), 'The user the token authenticates as.'),
    audiences: field(4, stringItems, 'The audiences of both the review and the token.', { listType: 'atomic' }),
    error: field(3, string(), 'Why the token could not be checked.'),
  }),

  struct(authentication('UserInfo'), 'Who a user is: name, uid, groups and extra attributes.', {
    username: field(1, string(), 'The name unique among current users.'),
    uid: field(2, string(), 'A value unique to this user across time.'),
    groups: field(3, stringItems, 'The groups the user belongs to.', { listType: 'atomic' }),
    extra: field(4, map(stringItems), 'More attributes the authenticator gave.'),
  }),

  struct(
    authentication('TokenRequest'),
    'Asks for a token of a service account.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      spec: field(2, ref(authentication('TokenRequestSpec'), { default: {} }), 'The audiences, lifetime and binding of the token asked for.', {
        required: true,
      }),
      status: field(3, ref(authentication('TokenRequestStatus'), { default: {} }), 'The token issued; set by the server.'),
    },
    { groupVersionKinds: kinds('TokenRequest', [groupVersion]) },
  ),

  struct(authentication('TokenRequestSpec'), 'What token a token request asks for.', {
    audiences: field(1, stringItems, 'The recipients the token is meant for.', { required: true, listType: 'atomic' }),
    expirationSeconds: pointer(field(4, int64(), 'How long the token should be valid; the issuer may choose otherwise.')),
    boundObjectRef: pointer(field(3, ref(authentication('BoundObjectReference')), 'An object the token is valid only as long as it exists.')),
  }),

  struct(authentication('TokenRequestStatus'), 'The token a token request got.', {
    token: field(1, string({ default: '' }), 'The bearer token.', { required: true }),
    expirationTimestamp: field(2, ref(timeName), 'When the token expires.', { required: true }),
  }),

  struct(authentication('BoundObjectReference'), 'The object a token is bound to.', {
    kind: field(1, string(), 'Pod, Secret or Node.'),
    apiVersion: field(2, string(), 'The group and version of the object.'),
    name: field(3, string(), 'The name of the object.'),
    uid: field(4, string(), 'The uid of the object.'),
  }),

  struct(
    authentication('SelfSubjectReview'),
    'Asks the server who the caller is authenticated as.',
    {
      ...typeMetaFields,
      metadata: objectMetaField,
      status: field(2, ref(authentication('SelfSubjectReviewStatus'), { default: {} }), "The caller's user attributes; set by the server."),
    },
    { groupVersionKinds: kinds('SelfSubjectReview', [groupVersion]) },
  ),

  struct(authentication('SelfSubjectReviewStatus'), 'The user attributes of the caller of a self subject review.', {
    userInfo: field(1, ref(authentication('UserInfo'), { default: {} }), 'Who the caller is.'),
  }),
];
