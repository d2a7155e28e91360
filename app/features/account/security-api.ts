export const ACCOUNT = '/api/admin/account'
export const SECURITY = `${ACCOUNT}/security`
