import { Alert } from '../../components/ui/alert.tsx'
import { ApiError } from './api.ts'

export function LoadError({ error }: { error: unknown }) {
  if (!error) return null
  return <Alert className="mb-4">{error instanceof ApiError ? error.message : 'Failed to load'}</Alert>
}
