/** Admin and sign-in screens: never cached, never given tracking scripts or the cookie banner. */
export function isAdminPath(pathname: string): boolean {
  return /^\/(?:admin|api|setup|forgot-password|reset-password)(?:\/|$)/.test(pathname)
}
