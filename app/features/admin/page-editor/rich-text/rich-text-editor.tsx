// TEMPORARY stub until the rich-text branch is merged
export function RichTextEditor({ value, onChange }: { value: string; onChange: (html: string) => void }) {
  return <textarea aria-label="Page content" value={value} onChange={(e) => onChange(e.target.value)} />
}
