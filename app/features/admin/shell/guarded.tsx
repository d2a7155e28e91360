import type { ReactNode } from 'react'
import { Card } from '../../../components/ui/card.tsx'

export function Guarded({ allowed, children }: { allowed: boolean; children: ReactNode }) {
  if (allowed) return children
  return (
    <Card title="Not available for your role">
      <p className="text-slate-700">Ask an administrator if you need access to this section.</p>
    </Card>
  )
}
