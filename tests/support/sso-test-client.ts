/**
 * The client the tests' local OpenID provider knows (tests/support/oidc-provider.ts), and the
 * domains its test accounts use: `…@corp.example` is the allowed domain, `…@elsewhere.example` is not.
 */
export const SSO_TEST_CLIENT = {
  clientId: 'claim-check-admin',
  clientSecret: 'sso-test-client-secret-0123456789',
  providerName: 'Test Identity',
  allowedDomain: 'corp.example',
  foreignDomain: 'elsewhere.example',
}
