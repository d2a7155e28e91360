import * as RadixTabs from '@radix-ui/react-tabs'
import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn.ts'

export const Tabs = RadixTabs.Root
export const TabsContent = RadixTabs.Content

export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return <RadixTabs.List className={cn('grid gap-1 rounded-lg bg-slate-200 p-1', className)} {...props} />
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return (
    <RadixTabs.Trigger
      className={cn(
        'min-h-10 rounded-md px-3 font-medium text-slate-700 text-sm data-[state=active]:bg-white data-[state=active]:text-navy-900 data-[state=active]:shadow-sm',
        'focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-teal-600',
        className,
      )}
      {...props}
    />
  )
}
