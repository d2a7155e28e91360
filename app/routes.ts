import { index, layout, type RouteConfig, route } from '@react-router/dev/routes'

export default [
  index('routes/public/home.tsx'),
  route('privacy-policy', 'routes/public/privacy-policy.tsx'),
  route('evidence', 'routes/public/evidence.tsx'),
  route('cookie-policy', 'routes/public/cookie-policy.tsx'),
  route('thank-you', 'routes/public/thank-you.tsx'),
  route('complaints', 'routes/public/complaints.tsx'),
  route('api/login', 'routes/auth/login.tsx'),
  route('forgot-password', 'routes/auth/forgot-password.tsx'),
  route('reset-password', 'routes/auth/reset-password.tsx'),
  route('setup', 'routes/auth/setup.tsx'),
  route('buyer', 'routes/buyer/portal.tsx'),
  route('buyer/account', 'routes/buyer/account.tsx'),
  route('buyer/leads/:reference', 'routes/buyer/lead.tsx'),
  layout('routes/admin/layout.tsx', [
    route('admin', 'routes/admin/dashboard.tsx'),
    route('admin/pages/create', 'routes/admin/page-create.tsx'),
    route('admin/pages/edit/:id', 'routes/admin/page-edit.tsx'),
    route('admin/api', 'routes/admin/api-reference.tsx'),
    route('admin/account/sessions', 'routes/admin/account-sessions.tsx'),
    route('admin/account', 'routes/admin/account.tsx'),
    route('admin/buyers/:id/access', 'routes/admin/buyer-access.tsx'),
  ]),
  route('preview/:token', 'routes/public/preview.tsx'),
  route(':slug', 'routes/public/cms-page.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
