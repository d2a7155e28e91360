import { testimonialModel } from '../../../core/blocks/testimonial.ts'
import { defineBlock } from './define-block.ts'

export const testimonialBlock = defineBlock(testimonialModel, function TestimonialBlock({ content, style }) {
  return (
    <figure className="widget-testimonial" style={style}>
      <blockquote>{content.text}</blockquote>
      <figcaption>{content.author}</figcaption>
    </figure>
  )
})
