import { describe, expect, it } from 'vitest'
import { formatHtml, lostMarkup, type MarkupNode, markupInventory } from './code-view.ts'

// Plain objects in the shape of DOM nodes: unit tests run without a DOM.
type Child = MarkupNode | string
const text = (value: string): MarkupNode => ({
  nodeType: 3,
  nodeName: '#text',
  nodeValue: value,
  childNodes: [],
})
const el = (tag: string, attributes: Record<string, string> = {}, ...children: Child[]): MarkupNode => ({
  nodeType: 1,
  nodeName: tag.toUpperCase(),
  nodeValue: null,
  childNodes: children.map((child) => (typeof child === 'string' ? text(child) : child)),
  getAttribute: (name) => attributes[name] ?? null,
})
const doc = (...children: Child[]): MarkupNode => ({
  nodeType: 9,
  nodeName: '#document',
  nodeValue: null,
  childNodes: [el('html', { lang: 'en' }, el('head'), el('body', { class: 'x' }, ...children))],
})

describe('lostMarkup', () => {
  it('finds nothing lost when the editor gives the same markup back', () => {
    const page = () =>
      doc(
        el('h2', { id: 'faq' }, 'Questions'),
        el('p', { style: 'text-align: center' }, 'Hi ', el('a', { href: '/contact' }, 'there')),
        el('img', { src: '/a.webp', class: 'rounded wide', alt: '' }),
      )
    expect(lostMarkup(page(), page())).toEqual([])
  })

  it('treats the tags the editor renames (b, i, strike, del) as kept', () => {
    expect(
      lostMarkup(
        doc(el('p', {}, el('b', {}, 'a'), el('i', {}, 'b'), el('del', {}, 'c'), el('strike', {}, 'd'))),
        doc(el('p', {}, el('strong', {}, 'a'), el('em', {}, 'b'), el('s', {}, 'c'), el('s', {}, 'd'))),
      ),
    ).toEqual([])
  })

  it('names each kind of element the editor drops, once', () => {
    const before = doc(
      el('table', {}, el('tbody', {}, el('tr', {}, el('td', {}, 'a'), el('td', {}, 'b')))),
      el('section', {}, el('p', {}, 'c')),
    )
    const after = doc(el('p', {}, 'a'), el('p', {}, 'b'), el('p', {}, 'c'))
    expect(lostMarkup(before, after)).toEqual([
      '<table> elements',
      '<tbody> elements',
      '<tr> elements',
      '<td> elements',
      '<section> elements',
    ])
  })

  it('names lost attributes by element, and lost style properties with them', () => {
    const before = doc(
      el('p', {}, el('span', { style: 'color: red; font-weight: bold; text-shadow: 1px 1px red' }, 'a')),
      el('img', { src: '/a.webp', class: 'hero' }),
      el('a', { href: 'https://example.com', id: 'x' }, 'b'),
    )
    const after = doc(
      el('p', {}, el('span', { style: 'color: red' }, 'a')),
      el('img', { src: '/a.webp' }),
      el('a', { href: 'https://example.com' }, 'b'),
    )
    expect(lostMarkup(before, after)).toEqual([
      'style on <span> (font-weight, text-shadow)',
      'class on <img>',
      'id on <a>',
    ])
  })

  it('reports a changed address as lost', () => {
    expect(lostMarkup(doc(el('img', { src: 'data:image/png;base64,AA' })), doc())).toEqual([
      '<img> elements',
      'src on <img>',
    ])
    expect(lostMarkup(doc(el('a', { href: '/a' }, 'x')), doc(el('a', { href: '/b' }, 'x')))).toEqual([
      'href on <a>',
    ])
  })

  it('compares kinds, not counts: spans the editor merges or splits are not a loss', () => {
    const before = doc(
      el('p', {}, el('span', { style: 'color:red' }, 'a'), el('span', { style: 'color:red' }, 'b')),
    )
    const after = doc(el('p', {}, el('span', { style: 'color: red' }, 'ab')))
    expect(lostMarkup(before, after)).toEqual([])
  })

  it('does not count bare spans, document scaffolding, class order or whitespace', () => {
    const before = doc(el('div', { class: 'b a' }, el('span', {}, 'x'), '\n  ', el('p', {}, 'y  z')))
    const after: MarkupNode = {
      nodeType: 9,
      nodeName: '#document',
      nodeValue: null,
      childNodes: [
        el('html', {}, el('body', {}, el('div', { class: 'a b' }, el('p', {}, 'x'), el('p', {}, 'y z')))),
      ],
    }
    expect(lostMarkup(before, after)).toEqual([])
  })

  it('reports lost text, but not the text of scripts and styles, which are reported as elements', () => {
    expect(lostMarkup(doc(el('p', {}, 'one two')), doc(el('p', {}, 'one')))).toEqual(['text content'])
    expect(
      lostMarkup(
        doc(el('style', {}, 'p{color:red}'), el('script', {}, 'alert(1)'), el('p', {}, 'ok')),
        doc(el('p', {}, 'ok')),
      ),
    ).toEqual(['<style> elements', '<script> elements'])
  })

  it('parses strings with the parser it is given', () => {
    const parse = (html: string) => (html === 'table' ? doc(el('table', {}, 'a')) : doc(el('p', {}, 'a')))
    expect(lostMarkup('table', 'p', parse)).toEqual(['<table> elements'])
  })

  it('reads styles through the element when it has them, so both sides are normalised alike', () => {
    const styled = (declarations: Record<string, string>): MarkupNode => ({
      ...el('span', { style: 'ignored' }, 'a'),
      style: {
        length: Object.keys(declarations).length,
        item: (i) => Object.keys(declarations)[i] ?? '',
        getPropertyValue: (name) => declarations[name] ?? '',
      },
    })
    const inventory = markupInventory(doc(styled({ color: 'rgb(255, 0, 0)', 'background-image': 'initial' })))
    expect([...inventory.features.keys()]).toEqual(['style span color: rgb(255, 0, 0)'])
  })
})

describe('formatHtml', () => {
  it('breaks the line after each block, and never inside a paragraph', () => {
    expect(
      formatHtml('<h2>A</h2><p>b<br>c</p><ul><li><p>d</p></li></ul><hr><div class="x"><p>e</p></div>'),
    ).toBe('<h2>A</h2>\n<p>b<br>c</p>\n<ul><li><p>d</p></li></ul>\n<hr>\n<div class="x"><p>e</p></div>')
  })

  it('puts list items and the blocks inside a block on lines of their own', () => {
    expect(formatHtml('<ol><li><p>a</p></li><li><p>b</p><p>c</p></li></ol><p></p>')).toBe(
      '<ol><li><p>a</p></li>\n<li><p>b</p>\n<p>c</p></li></ol>\n<p></p>',
    )
  })

  it('leaves already formatted HTML as it is', () => {
    const html = '<p>a</p>\n<p>b</p>'
    expect(formatHtml(formatHtml(html))).toBe(html)
  })
})
