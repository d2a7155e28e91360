import { clsx } from 'clsx'
import type { ComponentProps } from 'react'
import { type ButtonSize, type ButtonVariant, buttonClasses } from './button-styles.ts'

export type PlainButtonProps = ComponentProps<'button'> & { variant?: ButtonVariant; size?: ButtonSize }

/**
 * The public pages' button: no Slot and no class merging (tailwind-merge alone is ~8 KB gzipped),
 * so `className` may add layout (margins, width) but must not restyle the variant; add a variant.
 */
export function PlainButton({ variant, size, className, type, ...props }: PlainButtonProps) {
  return (
    <button type={type ?? 'button'} className={clsx(buttonClasses(variant, size), className)} {...props} />
  )
}
