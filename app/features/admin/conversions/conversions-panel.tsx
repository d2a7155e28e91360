/** The Conversions tab: destinations and the events sent to them. */
export function ConversionsPanel() {
  return <section aria-label="Conversions" />
}
