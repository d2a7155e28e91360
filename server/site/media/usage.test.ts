import { describe, expect, it } from 'vitest'
import { cleanFileName } from './store.server.ts'
import { hashesIn } from './usage.server.ts'

const a = '0123456789abcdef'
const b = 'fedcba9876543210'

describe('hashesIn', () => {
  it('finds every rendition URL in structured content, whatever the field', () => {
    const content = {
      sections: [
        {
          id: 's',
          styles: {},
          widgets: [
            { id: 'i', type: 'image', content: { src: `/uploads/${a}-1600.webp`, alt: '' }, styles: {} },
            { id: 'g', type: 'gallery', content: { images: [{ src: `/uploads/${b}-480.webp`, alt: '' }] } },
          ],
        },
      ],
    }
    expect([...hashesIn(content)].sort()).toEqual([a, b])
  })

  it('reads src and srcset in HTML, and absolute URLs to this site', () => {
    const html = `<img src="https://claims.example/uploads/${a}-960.webp" srcset="/uploads/${b}-480.webp 480w">`
    expect([...hashesIn(html)].sort()).toEqual([a, b])
  })

  it('ignores what only looks like an upload', () => {
    expect(hashesIn(`/uploads/${a}.webp /uploads/xyz-480.webp /images/${a}-480.webp`).size).toBe(0)
    expect(hashesIn(null).size).toBe(0)
  })
})

describe('cleanFileName', () => {
  it('keeps the base name without control characters, cut to 200 characters', () => {
    expect(cleanFileName('C:\\Users\\me\\holiday.png', 'x')).toBe('holiday.png')
    expect(cleanFileName('../../etc/passwd', 'x')).toBe('passwd')
    expect(cleanFileName('a\u0000b\u001fc.png', 'x')).toBe('abc.png')
    expect(cleanFileName(`${'n'.repeat(300)}.png`, 'x')).toHaveLength(200)
    expect(cleanFileName('  ', 'fallback.webp')).toBe('fallback.webp')
  })
})
