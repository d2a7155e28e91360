import { config } from 'zod'

// zod 4 probes `new Function('')` when it builds its first object schema, to see whether it may
// compile faster parsers. The admin's CSP has no 'unsafe-eval', so the browser reports a violation
// on every load even though zod catches the error: in the browser, parse without compiling. The
// server has no CSP and keeps the compiled parsers. root.tsx imports this first because React
// Router evaluates the route modules (and the schemas they import) before app/entry.client.tsx.
if (typeof document !== 'undefined') config({ jitless: true })
