import type { Server } from 'node:http'

/**
 * A client gets seconds, not minutes, to send its headers and body: a slow or stalled request
 * cannot hold a connection (and its memory) open.
 */
export function applyServerTimeouts(server: Server) {
  server.headersTimeout = 10_000
  server.requestTimeout = 20_000
  server.keepAliveTimeout = 65_000
}
