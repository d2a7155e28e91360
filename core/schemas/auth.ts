import { z } from 'zod'
import { email, password } from './fields.ts'

export { PASSWORD_MIN } from './fields.ts'

export const loginSchema = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
})

export const forgotPasswordSchema = z.object({ email })

export const resetPasswordSchema = z.object({
  token: z.string({ error: 'Reset token is required' }).min(1, 'Reset token is required').max(200),
  newPassword: password,
})

export const setupSchema = z.object({
  token: z.string().min(1, 'Setup token is required'),
  email,
  password,
  firstName: z.string().trim().max(100).optional(),
  lastName: z.string().trim().max(100).optional(),
})
