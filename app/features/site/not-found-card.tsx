import { buttonClasses } from '../../components/ui/button.tsx'

export function NotFoundCard() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4">
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
        <h1 className="font-bold text-2xl text-navy-900">404 Page Not Found</h1>
        <p className="mt-2 text-slate-700">The page you are looking for does not exist or has moved.</p>
        <a href="/" className={`${buttonClasses('primary')} mt-6`}>
          Back to Home
        </a>
      </div>
    </main>
  )
}
