import { describe, expect, it } from 'vitest'
import { isEmbeddableSrc, isPlayableSrc, videoEmbed } from './video.ts'

const nocookie = (id: string) => ({ kind: 'iframe', src: `https://www.youtube-nocookie.com/embed/${id}` })

describe('videoEmbed: the addresses an editor pastes', () => {
  it('maps a long YouTube address with extra query parameters to the no-cookie player', () => {
    expect(videoEmbed('https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=PL123&index=2&t=42s')).toEqual(
      nocookie('dQw4w9WgXcQ'),
    )
    expect(videoEmbed('https://www.youtube.com/watch?si=abc&feature=youtu.be&v=dQw4w9WgXcQ')).toEqual(
      nocookie('dQw4w9WgXcQ'),
    )
  })

  it('maps the youtu.be short form, with or without a share parameter', () => {
    expect(videoEmbed('https://youtu.be/dQw4w9WgXcQ?si=Xy12')).toEqual(nocookie('dQw4w9WgXcQ'))
  })

  it('maps YouTube shorts and embed addresses, including the no-cookie host itself', () => {
    expect(videoEmbed('https://youtube.com/shorts/aBcDeF12345')).toEqual(nocookie('aBcDeF12345'))
    expect(videoEmbed('https://www.youtube.com/embed/aBcDeF12345?start=3')).toEqual(nocookie('aBcDeF12345'))
    expect(videoEmbed('https://www.youtube-nocookie.com/embed/aBcDeF12345')).toEqual(nocookie('aBcDeF12345'))
  })

  it('never embeds www.youtube.com itself', () => {
    for (const url of ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://youtu.be/dQw4w9WgXcQ']) {
      expect(new URL(videoEmbed(url).src).hostname).toBe('www.youtube-nocookie.com')
    }
  })

  it('maps a numeric Vimeo address to the Vimeo player', () => {
    expect(videoEmbed('https://vimeo.com/76979871')).toEqual({
      kind: 'iframe',
      src: 'https://player.vimeo.com/video/76979871',
    })
  })

  it('plays anything else directly, as given', () => {
    for (const url of [
      'https://cdn.example/clip.mp4',
      '/uploads/intro.mp4',
      'https://example.com/watch?v=abcdefg',
    ]) {
      expect(videoEmbed(url)).toEqual({ kind: 'video', src: url })
    }
  })
})

describe('videoEmbed', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['http://youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?feature=share&v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?t=10', 'dQw4w9WgXcQ'],
    ['https://youtu.be/a-b_c-123', 'a-b_c-123'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('embeds the YouTube address %s without cookies', (url, id) => {
    expect(videoEmbed(url)).toEqual({ kind: 'iframe', src: `https://www.youtube-nocookie.com/embed/${id}` })
  })

  it.each([
    ['https://vimeo.com/123456', '123456'],
    ['https://www.vimeo.com/76979871', '76979871'],
    ['http://vimeo.com/42/extra', '42'],
  ])('embeds the Vimeo address %s by its numeric id', (url, id) => {
    expect(videoEmbed(url)).toEqual({ kind: 'iframe', src: `https://player.vimeo.com/video/${id}` })
  })

  it.each([
    'https://cdn.example/video.mp4',
    '/uploads/clip.webm',
    'https://vimeo.com/channels/staffpicks',
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'https://evil.example/?u=https://youtu.be/dQw4w9WgXcQ',
    'https://youtu.be/abc',
  ])('plays %s directly', (url) => {
    expect(videoEmbed(url)).toEqual({ kind: 'video', src: url })
  })
})

describe('isEmbeddableSrc', () => {
  it.each([
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    'https://www.youtube.com/embed/dQw4w9WgXcQ?si=x',
    'https://youtube.com/embed/dQw4w9WgXcQ',
    'https://player.vimeo.com/video/123',
  ])('allows %s', (src) => {
    expect(isEmbeddableSrc(src)).toBe(true)
  })

  it.each([
    'http://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://youtube.com.evil.example/embed/x',
    'https://evil.example/?https://www.youtube.com/embed/x',
    'https://user@www.youtube.com/embed/x',
    'javascript:alert(1)',
    '//www.youtube.com/embed/x',
    '',
  ])('refuses %s', (src) => {
    expect(isEmbeddableSrc(src)).toBe(false)
  })
})

describe('isPlayableSrc', () => {
  it('allows web addresses and paths on this site', () => {
    expect(isPlayableSrc('https://cdn.example/clip.mp4')).toBe(true)
    expect(isPlayableSrc('/uploads/clip.mp4')).toBe(true)
  })

  it.each(['javascript:alert(1)', 'data:video/mp4;base64,AAAA', '//evil.example/x.mp4', 'clip.mp4', ''])(
    'refuses %s',
    (src) => {
      expect(isPlayableSrc(src)).toBe(false)
    },
  )
})
