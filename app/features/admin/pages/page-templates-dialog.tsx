import { LayoutTemplate } from 'lucide-react'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { pageTemplates } from '../../../../core/page-templates.ts'
import { Button, buttonClasses } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'

/**
 * "New page from template": the shipped templates (core/page-templates.ts) by name and description;
 * choosing one opens the Create screen starting from it (/admin/pages/create?template={id}).
 */
export function NewPageFromTemplate() {
  const [open, setOpen] = useState(false)
  const id = useId()
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <LayoutTemplate className="size-4" aria-hidden="true" />
        New page from template
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="New page from template"
        description="Start a page from one of these. Everything in it can be changed before you create it."
      >
        <ul className="grid gap-3">
          {pageTemplates.map((template) => (
            <li
              key={template.id}
              className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-[1fr_auto] sm:items-center"
            >
              <div>
                <h3 id={`${id}-${template.id}`} className="font-semibold text-navy-900">
                  {template.name}
                </h3>
                <p id={`${id}-${template.id}-about`} className="text-slate-600 text-sm">
                  {template.description}
                </p>
              </div>
              <Link
                to={`/admin/pages/create?template=${encodeURIComponent(template.id)}`}
                className={buttonClasses('primary', 'sm')}
                aria-label={`Use template: ${template.name}`}
                aria-describedby={`${id}-${template.id}-about`}
              >
                Use template
              </Link>
            </li>
          ))}
        </ul>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
        </div>
      </Dialog>
    </>
  )
}
