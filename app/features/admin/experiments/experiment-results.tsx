import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { ExperimentRecord, ExperimentResults } from '../../../../core/schemas/experiments.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Cell, DataTable } from '../../../components/ui/table.tsx'
import { LoadError } from '../load-error.tsx'

const percent = (x: number) => `${(x * 100).toFixed(1)}%`
const pounds = (pence: number) => `£${(pence / 100).toLocaleString('en-GB', { minimumFractionDigits: 2 })}`

/**
 * An experiment's figures per variant: visitors, conversions by its goal, the rate with its 95%
 * interval, and the chance each is best. Promote asks first, and says so when the minimum sample
 * (the guard against stopping early) is not reached yet.
 */
export function ExperimentResultsView({
  experiment,
  canPromote,
  pending,
  onPromote,
}: {
  experiment: ExperimentRecord
  canPromote: boolean
  pending: boolean
  onPromote: (variant: string, force: boolean) => void
}) {
  const url = `/api/admin/experiments/${experiment.id}/results`
  const { data, isLoading, error } = useQuery<ExperimentResults>({ queryKey: [url] })
  const [chosen, setChosen] = useState<string | null>(null)
  const early = data ? !data.sampleReached : true
  return (
    <div className="grid gap-3">
      <LoadError error={error} />
      <DataTable
        caption={`Results of ${experiment.name}`}
        head={[
          'Variant',
          'Visitors',
          'Conversions',
          'Rate (95% interval)',
          'Chance best',
          'Revenue',
          'Promote',
        ]}
        empty={isLoading ? 'Loading...' : data && data.variants.length > 0 ? null : 'No results yet'}
      >
        {data?.variants.map((v) => (
          <tr key={v.name}>
            <Cell className="font-medium text-slate-900">
              {v.name}
              {data.winner === v.name ? <span className="ml-2 text-teal-800 text-xs">(winner)</span> : null}
            </Cell>
            <Cell>{v.visitors.toLocaleString('en-GB')}</Cell>
            <Cell>{v.conversions.toLocaleString('en-GB')}</Cell>
            <Cell>{`${percent(v.rate)} (${percent(v.low)}–${percent(v.high)})`}</Cell>
            <Cell>{percent(v.probabilityBest)}</Cell>
            <Cell>{pounds(v.revenuePence)}</Cell>
            <Cell>
              {canPromote ? (
                <Button size="sm" variant="secondary" onClick={() => setChosen(v.name)}>
                  {`Promote ${v.name}`}
                </Button>
              ) : (
                '—'
              )}
            </Cell>
          </tr>
        ))}
      </DataTable>
      {data ? (
        <p className="text-slate-600 text-sm">
          {data.sampleReached
            ? data.winner
              ? `${data.winner} is best with at least 95% probability.`
              : 'No variant is clearly best yet.'
            : `No winner is named until every variant has ${data.minimum.visitors} visitors and ${data.minimum.conversions} conversions.`}
        </p>
      ) : null}
      <Dialog
        open={chosen !== null}
        onOpenChange={(open) => !open && setChosen(null)}
        role="alertdialog"
        title={`Promote ${chosen ?? ''}?`}
        description={
          early
            ? 'The minimum sample is not reached: the figures may still change a lot. Promoting now makes this variant the page (the page as it is now is kept as a revision) and ends the experiment.'
            : 'This variant becomes the page (the page as it is now is kept as a revision) and the experiment ends.'
        }
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setChosen(null)}>
            Cancel
          </Button>
          <Button
            disabled={pending}
            aria-busy={pending}
            onClick={() => {
              if (chosen) onPromote(chosen, early)
              setChosen(null)
            }}
          >
            {early ? `Promote ${chosen ?? ''} anyway` : `Promote ${chosen ?? ''}`}
          </Button>
        </div>
      </Dialog>
    </div>
  )
}
