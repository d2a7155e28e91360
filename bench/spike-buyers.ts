// The buyers' endpoints of the spike (bench/spike.ts), in their own process so that their CPU is
// theirs: one https server, contract n at /c/{n}. Most answer 200 at once; now and then one is slow
// (300–800 ms), refuses the lead (422 with a reason) or never answers (the app's webhook timeout ends
// the post). A post repeated with the same Idempotency-Key gets the answer it got before, as buyers
// are asked to. Every post is recorded with when it arrived; the parent asks for them at the end.
import fs from 'node:fs'
import https from 'node:https'
import type { AddressInfo } from 'node:net'

export type BuyersConfig = { key: string; cert: string; slow: number; reject: number; silent: number }
export type BuyerPost = { contract: number; leadId: number; status: number; at: number }

const config = JSON.parse(process.argv[2] as string) as BuyersConfig
const posts: BuyerPost[] = []
const answered = new Map<string, number>()

const server = https.createServer(
  { key: fs.readFileSync(config.key), cert: fs.readFileSync(config.cert), keepAliveTimeout: 30_000 },
  (req, res) => {
    const at = Date.now()
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      const contract = Number(req.url?.split('/')[2])
      let leadId = 0
      try {
        leadId = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { lead: { id: number } }).lead.id
      } catch {}
      const key = String(req.headers['idempotency-key'])
      const before = answered.get(key)
      const roll = Math.random()
      const post: BuyerPost = { contract, leadId, status: 0, at }
      posts.push(post)
      if (before === undefined && roll < config.silent) return
      if (before === undefined && roll < config.silent + config.slow)
        await new Promise((r) => setTimeout(r, 300 + Math.random() * 500))
      const status =
        before ??
        (roll >= config.silent + config.slow && roll < config.silent + config.slow + config.reject
          ? 422
          : 200)
      if (status < 300) answered.set(key, status)
      post.status = status
      res
        .writeHead(status, { 'content-type': 'application/json' })
        .end(status === 200 ? '{"accepted":true}' : '{"reason":"Outside our criteria this hour"}')
    })
  },
)
server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }))
process.on('message', (m) => {
  if (m === 'report') process.send?.({ posts })
  if (m === 'exit') {
    server.closeAllConnections()
    server.close(() => process.exit(0))
  }
})
