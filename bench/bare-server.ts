// The limit a cached page is measured against: a bare Node HTTP server writing one response from
// memory. `node bench/bare-server.ts PORT FILE` where FILE is JSON { headers: [name, value, …], body: base64 }.
import fs from 'node:fs'
import http from 'node:http'

const [port, file] = process.argv.slice(2)
const { headers, body } = JSON.parse(fs.readFileSync(file as string, 'utf8')) as {
  headers: string[]
  body: string
}
const bytes = Buffer.from(body, 'base64')
http
  .createServer((_req, res) => {
    res.writeHead(200, headers)
    res.end(bytes)
  })
  .listen(Number(port), '127.0.0.1', () => console.log('ready'))
