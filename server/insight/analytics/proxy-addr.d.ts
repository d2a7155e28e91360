declare module 'proxy-addr' {
  import type { IncomingMessage } from 'node:http'
  /** The client address of a request, believing X-Forwarded-For only from trusted proxies (as Express's req.ip). */
  export default function proxyaddr(req: IncomingMessage, trust: (addr: string, i: number) => boolean): string
}
