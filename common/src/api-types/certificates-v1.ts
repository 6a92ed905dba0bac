// The types of io.k8s.api.certificates.v1, generated from their declarations in
// common/src/schema/types by scripts/generate-api-types.ts: do not edit, run that script instead.

import type { ListMeta, ObjectMeta, Time } from './meta-v1.ts';

/** A request for an x509 certificate, approved or denied and then issued by a signer. */
export interface CertificateSigningRequest {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** The object's name, namespace, labels and the other metadata every object has. */
  readonly metadata?: ObjectMeta;
  /** The certificate request; immutable once created. */
  readonly spec: CertificateSigningRequestSpec;
  /** Whether the request was approved or denied, and the issued certificate. */
  readonly status?: CertificateSigningRequestStatus;
}

/** A list of CertificateSigningRequests. */
export interface CertificateSigningRequestList {
  /** The group and version of the schema this object follows, such as "v1" or "apps/v1". */
  readonly apiVersion?: string;
  /** The kind of object this is, in CamelCase, such as "Pod". */
  readonly kind?: string;
  /** Where this page of the list stands: its resourceVersion and continue token. */
  readonly metadata?: ListMeta;
  /** The CertificateSigningRequest objects of this page. */
  readonly items: readonly CertificateSigningRequest[];
}

/** What certificate is requested, from which signer, and by whom. */
export interface CertificateSigningRequestSpec {
  /** The PEM-encoded x509 certificate signing request. */
  readonly request: string;
  /** The qualified name of the signer asked to issue the certificate. */
  readonly signerName: string;
  /** How long the issued certificate should be valid; the signer may choose otherwise. */
  readonly expirationSeconds?: number;
  /** The key usages the certificate is requested for. */
  readonly usages?: readonly string[];
  /** The user who created the request; set by the server. */
  readonly username?: string;
  /** The uid of the user who created the request; set by the server. */
  readonly uid?: string;
  /** The groups of the user who created the request; set by the server. */
  readonly groups?: readonly string[];
  /** Extra attributes of the user who created the request; set by the server. */
  readonly extra?: Readonly<Record<string, readonly string[]>>;
}

/** The verdict on a certificate request and the certificate issued. */
export interface CertificateSigningRequestStatus {
  /** Approved, Denied and Failed conditions. */
  readonly conditions?: readonly CertificateSigningRequestCondition[];
  /** The PEM-encoded certificate the signer issued. */
  readonly certificate?: string;
}

/** One condition of a certificate request. */
export interface CertificateSigningRequestCondition {
  /** Approved, Denied or Failed. */
  readonly type: string;
  /** True, False or Unknown. */
  readonly status: string;
  /** Why the condition holds, in brief. */
  readonly reason?: string;
  /** Why the condition holds, for people. */
  readonly message?: string;
  /** When the condition was last updated. */
  readonly lastUpdateTime?: Time | null;
  /** When the status of the condition last changed. */
  readonly lastTransitionTime?: Time | null;
}
