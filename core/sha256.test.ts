import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { sha256Hex } from './sha256.ts'

const nodeSha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

describe('sha256Hex', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
  ])('hashes %j as FIPS 180-4 says', (text, digest) => {
    expect(sha256Hex(text)).toBe(digest)
  })

  it('agrees with node:crypto around every block boundary and on non-ASCII text', () => {
    for (let length = 0; length <= 200; length++) {
      const text = 'a£€😀'.repeat(length).slice(0, length)
      expect(sha256Hex(text)).toBe(nodeSha256(text))
    }
    const long = 'The quick brown fox jumps over the lazy dog. '.repeat(5000)
    expect(sha256Hex(long)).toBe(nodeSha256(long))
  })
})
