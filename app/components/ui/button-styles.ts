// Button looks shared by the public pages (plain-button.tsx) and the admin (button.tsx). The base,
// variant and size classes never set the same property, so they need no class merging.
const variants = {
  primary: 'bg-teal-700 text-white hover:bg-teal-800 disabled:bg-slate-300 disabled:text-slate-600',
  secondary: 'bg-white text-navy-900 border border-slate-300 hover:bg-slate-50 disabled:text-slate-500',
  ghost: 'text-navy-900 hover:bg-slate-100',
  inverse: 'bg-white text-navy-900 hover:bg-navy-50',
  destructive: 'bg-red-700 text-white hover:bg-red-800',
} as const

const sizes = {
  sm: 'min-h-9 px-3 text-sm',
  md: 'min-h-11 px-5 text-base',
  lg: 'min-h-12 px-6 text-lg',
} as const

export type ButtonVariant = keyof typeof variants
export type ButtonSize = keyof typeof sizes

export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md') {
  return `inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:cursor-not-allowed ${variants[variant]} ${sizes[size]}`
}
