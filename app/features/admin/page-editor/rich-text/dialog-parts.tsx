import type { Editor } from '@tiptap/core'
import type { ReactNode } from 'react'

export type DialogProps = { editor: Editor; open: boolean; onClose: () => void }

// Every form in these dialogs stops its submit event: React would bubble it on to a page form
// around the editor.

export function Actions({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap justify-end gap-2">{children}</div>
}
