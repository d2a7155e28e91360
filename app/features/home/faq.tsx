import * as Accordion from '@radix-ui/react-accordion'
import { ChevronDown } from 'lucide-react'
import { faqs } from './home-content.ts'

export function Faq() {
  return (
    <Accordion.Root
      type="multiple"
      defaultValue={['faq-0']}
      className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
    >
      {faqs.map((item, index) => (
        <Accordion.Item key={item.question} value={`faq-${index}`}>
          <Accordion.Header asChild>
            <h3>
              <Accordion.Trigger className="group flex min-h-14 w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-navy-900 hover:bg-slate-50">
                {item.question}
                <ChevronDown
                  className="size-5 shrink-0 text-slate-600 transition-transform group-data-[state=open]:rotate-180"
                  aria-hidden="true"
                />
              </Accordion.Trigger>
            </h3>
          </Accordion.Header>
          <Accordion.Content className="px-5 pb-5 text-slate-700 leading-relaxed">
            {item.answer}
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  )
}
