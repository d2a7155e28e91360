import { index, type RouteConfig, route } from '@react-router/dev/routes'

export default [
  index('routes/public/home.tsx'),
  route('privacy-policy', 'routes/public/privacy-policy.tsx'),
  route('evidence', 'routes/public/evidence.tsx'),
  route('cookie-policy', 'routes/public/cookie-policy.tsx'),
  route('thank-you', 'routes/public/thank-you.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
