/** Admin and sign-in screens: never cached, never given tracking scripts or the cookie banner. */
export function isAdminPath(pathname: string): boolean {
  let path = pathname
  try {
    path = decodeURIComponent(pathname)
  } catch {}
  // Routing ignores case (/ADMIN is /admin), so this must too.
  return /^\/(?:admin|api|setup|forgot-password|reset-password)(?:\/|$)/i.test(path)
}
