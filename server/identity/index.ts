/**
 * Identity: staff and buyer accounts, sign-in, sessions, second factors, single sign-on and the
 * account's own screens. The other areas use what this face exports, nothing deeper.
 */
export { ACCOUNT_NOTICES_JOB, accountNoticesJob, sendAccountNotices } from './account/notices.server.ts'
export {
  accountSessionsApi,
  accountSessionsRouter,
  accountSessionsRoutes,
  userSessionsAdminRouter,
} from './account/router.ts'
export { requireActorPermission } from './auth/actor-permission.server.ts'
export {
  awaitsPassword,
  countAdmins,
  createAdmin,
  findAdminByAnyResetToken,
  findAdminByEmail,
  listAdmins,
  setPassword,
  setResetToken,
  updateAdmin,
} from './auth/admins.server.ts'
export { ensureFirstAdmin } from './auth/bootstrap.ts'
export { sendInvite } from './auth/invites.server.ts'
export {
  isSecure,
  loadSession,
  requireFreshSignIn,
  requirePermission,
  requireSignedIn,
  routeGuards,
  sessionCookieName,
} from './auth/middleware.ts'
export { verifyPassword } from './auth/password.server.ts'
export { assertAcceptablePassword, passwordProblem } from './auth/password-policy.server.ts'
export { authApi, authRouter, authRoutes } from './auth/router.ts'
export { authJobs, destroyAdminSessions } from './auth/sessions.server.ts'
export { safeEqual, sessionKey, tokenDigest } from './auth/tokens.server.ts'
export { accountAdminRouter, accountFactorsRouter, accountFactorsRoutes } from './mfa/account-router.ts'
export { readChallenge } from './mfa/challenges.server.ts'
export { secondFactorMethods } from './mfa/methods.server.ts'
export { factorsApi } from './mfa/openapi.ts'
export { mfaPolicyAdminRouter, mfaPolicyRoutes, requireEnrolment } from './mfa/policy-router.ts'
export { seal, unseal } from './mfa/seal.server.ts'
export { factorSignInRouter, factorSignInRoutes } from './mfa/sign-in-router.ts'
export { factorJobs, needsEnrolment, savePolicy } from './mfa/store.server.ts'
export { totpFor } from './mfa/totp.server.ts'
export { ssoAdminRouter, ssoAdminRoutes } from './sso/admin-router.ts'
export { ssoPublicView } from './sso/public.server.ts'
export { ssoApi, ssoRouter } from './sso/router.ts'
export { resetFactorsRoute, usersAdminRouter, usersApi, usersRoutes } from './users/admin-router.ts'
export {
  createBuyerAccount,
  deleteBuyerAccount,
  findBuyerAccount,
  listBuyerAccounts,
  toBuyerAccountView,
} from './users/buyer-accounts.server.ts'
