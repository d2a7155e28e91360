// A lean HTTP/1.1 GET client for the spike's page views (bench/spike-load.ts): keep-alive sockets
// written and read directly. node:http's client costs the generator a few times more CPU per request
// (a request object and two streams each), and at 2,000 views a second on two shared cores the
// generator must stay far from being the limit. Only what a page view needs: the status, the
// X-Cache-Status header, and the body read to its end (Content-Length, chunked, or until close).
import net from 'node:net'

export type RawAnswer = { status: number; cache: string | undefined; error?: string }

const CRLF2 = Buffer.from('\r\n\r\n')

/** Reads one response at a time from a connection's bytes; `feed` says when it has ended. */
export class ResponseReader {
  status = 0
  cache: string | undefined
  /** The server said it closes the connection after this response. */
  closes = false
  received = 0
  #head: Buffer | undefined = Buffer.alloc(0)
  #mode: 'length' | 'chunked' | 'close' = 'length'
  #left = 0
  #line = ''
  #final = false

  /** The body has neither length nor chunks: it ends when the connection closes. */
  get untilClose() {
    return this.#mode === 'close'
  }

  /** Adds bytes of the response; true once it is complete. */
  feed(chunk: Buffer): boolean {
    this.received += chunk.length
    if (this.#head) {
      const head = Buffer.concat([this.#head, chunk])
      const end = head.indexOf(CRLF2)
      if (end < 0) {
        this.#head = head
        return false
      }
      this.#head = undefined
      this.#readHead(head.subarray(0, end).toString('latin1'))
      chunk = head.subarray(end + 4)
    }
    if (this.#mode === 'length') {
      this.#left -= chunk.length
      return this.#left <= 0
    }
    if (this.#mode === 'close') return false
    return this.#chunks(chunk)
  }

  #readHead(text: string) {
    const lines = text.split('\r\n')
    this.status = Number(lines[0]?.slice(9, 12))
    let length: number | undefined
    let chunked = false
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i] as string
      const colon = line.indexOf(':')
      const name = line.slice(0, colon).trim().toLowerCase()
      const value = line.slice(colon + 1).trim()
      if (name === 'content-length') length = Number(value)
      else if (name === 'transfer-encoding') chunked = value.toLowerCase().includes('chunked')
      else if (name === 'x-cache-status') this.cache = value
      else if (name === 'connection') this.closes = value.toLowerCase() === 'close'
    }
    const bodiless = this.status === 204 || this.status === 304 || (this.status >= 100 && this.status < 200)
    if (bodiless) this.#left = 0
    else if (chunked) this.#mode = 'chunked'
    else if (length !== undefined) this.#left = length
    else this.#mode = 'close'
  }

  /** Chunked body: size line, data and CRLF, again, until a zero size and an empty trailer line. */
  #chunks(data: Buffer): boolean {
    let pos = 0
    while (pos < data.length) {
      if (this.#left > 0) {
        const take = Math.min(this.#left, data.length - pos)
        this.#left -= take
        pos += take
        continue
      }
      const newline = data.indexOf(10, pos)
      if (newline < 0) {
        this.#line += data.subarray(pos).toString('latin1')
        return false
      }
      const line = (this.#line + data.subarray(pos, newline).toString('latin1')).trim()
      this.#line = ''
      pos = newline + 1
      if (this.#final) {
        if (line === '') return true
        continue
      }
      const size = Number.parseInt(line, 16)
      if (size === 0) this.#final = true
      else this.#left = size + 2
    }
    return false
  }
}

type Pending = { path: string; resolve: (answer: RawAnswer) => void; tried: number }
type Connection = { socket: net.Socket; reader: ResponseReader; current?: Pending; served: number }

/** Up to `size` keep-alive connections to host:port; GETs wait for a free one. */
export class RawPool {
  readonly #queue: Pending[] = []
  readonly #idle: Connection[] = []
  #open = 0

  readonly #host: string
  readonly #port: number
  readonly #size: number
  readonly #headers: (n: number) => string
  #sent = 0

  /** `headers(n)`: request n's header lines, each ending in CRLF (Host included). */
  constructor(host: string, port: number, size: number, headers: (n: number) => string) {
    this.#host = host
    this.#port = port
    this.#size = size
    this.#headers = headers
  }

  get(path: string): Promise<RawAnswer> {
    return new Promise((resolve) => {
      this.#queue.push({ path, resolve, tried: 0 })
      this.#dispatch()
    })
  }

  #dispatch() {
    while (this.#queue.length > 0 && (this.#idle.length > 0 || this.#open < this.#size)) {
      const conn = this.#idle.pop() ?? this.#connect()
      this.#send(conn, this.#queue.shift() as Pending)
    }
  }

  #send(conn: Connection, pending: Pending) {
    conn.current = pending
    conn.reader = new ResponseReader()
    conn.socket.write(`GET ${pending.path} HTTP/1.1\r\n${this.#headers(this.#sent++)}\r\n`)
  }

  #connect(): Connection {
    this.#open++
    const socket = net.connect({ host: this.#host, port: this.#port, noDelay: true })
    const conn: Connection = { socket, reader: new ResponseReader(), served: 0 }
    socket.setTimeout(60_000, () => socket.destroy(new Error('no answer within 60 s')))
    socket.on('data', (chunk: Buffer) => {
      const pending = conn.current
      if (!pending || !conn.reader.feed(chunk)) return
      conn.current = undefined
      conn.served++
      pending.resolve({ status: conn.reader.status, cache: conn.reader.cache })
      if (conn.reader.closes) socket.destroy()
      else {
        this.#idle.push(conn)
        this.#dispatch()
      }
    })
    let failure = 'closed'
    socket.on('error', (e: NodeJS.ErrnoException) => {
      failure = e.code ?? e.message
    })
    socket.on('close', () => {
      this.#open--
      const idle = this.#idle.indexOf(conn)
      if (idle >= 0) this.#idle.splice(idle, 1)
      const pending = conn.current
      if (pending) {
        if (conn.reader.received === 0 && conn.served > 0 && pending.tried === 0) {
          // A kept-alive connection the server had just closed: sent again, as a browser does.
          pending.tried++
          this.#queue.unshift(pending)
        } else if (conn.reader.untilClose) {
          pending.resolve({ status: conn.reader.status, cache: conn.reader.cache })
        } else {
          pending.resolve({
            status: 0,
            cache: undefined,
            error: conn.reader.status ? 'cut mid-answer' : failure,
          })
        }
      }
      this.#dispatch()
    })
    return conn
  }
}
