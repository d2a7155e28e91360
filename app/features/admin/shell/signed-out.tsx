import { Button } from '../../../components/ui/button.tsx'

export function AdminLoading() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100">
      <p role="status" className="text-slate-700">
        Loading admin dashboard...
      </p>
    </main>
  )
}

export function SignedOut({ error }: { error: Error | null }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 p-4">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
        <h1 className="font-bold text-2xl text-navy-900">Admin Access Required</h1>
        <p className="mt-2 text-slate-700">You need to log in to access the admin dashboard.</p>
        {error ? (
          <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-red-800 text-sm">
            Authentication error: {error.message}
          </p>
        ) : null}
        <Button className="mt-6 w-full" onClick={() => window.location.assign('/api/login')}>
          Log In
        </Button>
      </div>
    </main>
  )
}
