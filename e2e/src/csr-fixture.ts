// Test support: a certificate signing request to create CertificateSigningRequests with.

/** An ECDSA P-256 request for CN=alice made with openssl. */
export const aliceCsrPem = `-----BEGIN CERTIFICATE REQUEST-----
MIHLMHICAQAwEDEOMAwGA1UEAwwFYWxpY2UwWTATBgcqhkjOPQIBBggqhkjOPQMB
BwNCAATufxWccDfcsD4vXpCoP3xPwLIfjQf5Ld3gkSCJ/wCQ8eIbXigU/9beKblx
OIwHyKJxQfE1pSfoFZGP4xkmRB69oAAwCgYIKoZIzj0EAwIDSQAwRgIhAK07ZbnH
sqS/TYzGiOWvWbzMkhwW8JNsIlnE5ZvIOTcyAiEA40nIk2j6jhV8siamUV927sTA
mhwTCF8wHQxkWFxvVJE=
-----END CERTIFICATE REQUEST-----
`;
