/**
 * A throwaway self-signed certificate for 127.0.0.1 (EC P-256, valid until 2126), made with
 * `openssl req -x509 -newkey ec ...`. Test-only: it lets a test audit an HTTPS page whose
 * certificate no one trusts, to see the audit report a TLS failure.
 */
export const SELF_SIGNED_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgtoR1XjcPEklrqsBI
wePJOxdCtp+/byeNa8S2LnYZwoGhRANCAAR9CKMfEeHXkDd2Gf0l5+qR7MTJqOnP
uMwUeW64NJ3VIizQZZ24r3rarW8iK0mGue8faaCbFgmIqs+W0+D2S6Y/
-----END PRIVATE KEY-----
`;

export const SELF_SIGNED_CERT = `-----BEGIN CERTIFICATE-----
MIIBfzCCASWgAwIBAgIUcLwhaPaSdelPJvUL+MsCwfEQ7XEwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTEyMTE1MjMxNloYDzIxMjYxMDI4
MTUyMzE2WjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAAR9CKMfEeHXkDd2Gf0l5+qR7MTJqOnPuMwUeW64NJ3VIizQZZ24r3ra
rW8iK0mGue8faaCbFgmIqs+W0+D2S6Y/o1MwUTAdBgNVHQ4EFgQUsQZL6RvhA8LL
lQ5gCl515sGgkRkwHwYDVR0jBBgwFoAUsQZL6RvhA8LLlQ5gCl515sGgkRkwDwYD
VR0TAQH/BAUwAwEB/zAKBggqhkjOPQQDAgNIADBFAiEAiLSD7G6Dv4MODLICrghF
kThqFAVQk9JqjteRPiSEH2YCIHCLutq218QA7KY5rvQTsFHlHRkbXExR61CA08/7
c4Mi
-----END CERTIFICATE-----
`;
