import { Maximize2, Minimize2, Monitor, Redo2, Save, Smartphone, Tablet, Undo2 } from 'lucide-react'
import type { Ref } from 'react'
import { viewports } from '../../../../core/page-content.ts'
import { Button } from '../../../components/ui/button.tsx'

export type ViewportName = (typeof viewports)[number]['name']
const viewportIcons = { desktop: Monitor, tablet: Tablet, mobile: Smartphone }

/** The builder's top bar: history, the canvas's device, full screen and Save. */
export function BuilderToolbar({
  canUndo,
  canRedo,
  onUndo,
  onRedo,
  viewport,
  onViewport,
  fullScreen,
  onFullScreen,
  fullScreenButton,
  onSave,
}: {
  canUndo: boolean
  canRedo: boolean
  onUndo: () => void
  onRedo: () => void
  viewport: ViewportName
  onViewport: (name: ViewportName) => void
  fullScreen: boolean
  onFullScreen: () => void
  fullScreenButton: Ref<HTMLButtonElement>
  onSave: () => void
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 border-slate-200 border-b px-3 py-2">
      <Button
        variant="secondary"
        size="sm"
        onClick={onUndo}
        disabled={!canUndo}
        aria-keyshortcuts="Control+Z"
      >
        <Undo2 className="size-4" aria-hidden="true" />
        Undo
      </Button>
      <Button
        variant="secondary"
        size="sm"
        onClick={onRedo}
        disabled={!canRedo}
        aria-keyshortcuts="Control+Shift+Z"
      >
        <Redo2 className="size-4" aria-hidden="true" />
        Redo
      </Button>
      <fieldset className="flex gap-1">
        <legend className="sr-only">Viewport</legend>
        {viewports.map((v) => {
          const Icon = viewportIcons[v.name]
          return (
            <Button
              key={v.name}
              variant={viewport === v.name ? 'primary' : 'secondary'}
              size="sm"
              aria-pressed={viewport === v.name}
              onClick={() => onViewport(v.name)}
            >
              <Icon className="size-4" aria-hidden="true" />
              {v.label}
            </Button>
          )
        })}
      </fieldset>
      <div className="ml-auto flex gap-2">
        <Button
          ref={fullScreenButton}
          variant="secondary"
          size="sm"
          onClick={onFullScreen}
          aria-keyshortcuts={fullScreen ? 'Escape' : undefined}
        >
          {fullScreen ? (
            <Minimize2 className="size-4" aria-hidden="true" />
          ) : (
            <Maximize2 className="size-4" aria-hidden="true" />
          )}
          {fullScreen ? 'Exit full screen' : 'Full screen'}
        </Button>
        <Button size="sm" onClick={onSave}>
          <Save className="size-4" aria-hidden="true" />
          Save
        </Button>
      </div>
    </div>
  )
}
