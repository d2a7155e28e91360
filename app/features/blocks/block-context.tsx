import { createContext, type ReactNode, useContext, useMemo } from 'react'
import type { Attribution } from '../../../core/attribution.ts'
import type { Compliance } from '../../../core/compliance-statements.ts'
import type { ShownConsent } from '../../../core/consent-version.ts'
import type { CountingChoice } from '../../../core/counting.ts'
import { IMAGE_SIZES, type ImageInfoMap } from '../../../core/image-info.ts'
import type { EnquiryReceipt } from '../../../core/lead-confirmation.ts'
import { isSafeImageSrc } from '../../../core/links.ts'
import type { PageContent, PixelSize, Widget } from '../../../core/page-content.ts'
import { specDefinition } from '../../../core/questionnaire/spec-definition.ts'
import type { QuestionnaireState, ShownQuestionnaire } from '../../../core/questionnaire/state.ts'
import { type FactResolution, type FactValues, resolveDefinitionFacts } from '../../../core/site-facts.ts'
import type { LeadFormFeedback } from '../lead-form/lead-form.tsx'

const SPEC_PREVIEW: ShownQuestionnaire = { id: 0, version: 0, definition: specDefinition }

/** What rendering needs beyond a widget's own content; the canvas and the site pass the same. */
export type BlockContext = {
  images: ImageInfoMap
  /** The widget holding the page's first image (see `leadImageWidgetId`). */
  leadWidgetId: string | null
  questionnaire: ShownQuestionnaire
  /** The consent version the lead form shows and sends. */
  consent?: ShownConsent
  compliance?: Compliance
  /** The home page's questionnaire state after a post or at a step's address (no JavaScript). */
  questionnaireState?: QuestionnaireVisit
  /** On the thank-you page, the enquiry its cookie names (never from the page cache). */
  receipt?: EnquiryReceipt | null
  /** On the cookie policy, the visitor's "Don't count my visits" cookie (a page rendered for them alone). */
  countingChoice?: CountingChoice
  /** The site facts `{{fact.key}}` placeholders show (core/site-facts.ts); without them text is as stored. */
  facts?: FactResolution
  /** The builder's canvas: every widget shows, whatever its visibility, and unknown facts stay visible. */
  editing?: boolean
}

/** What the route knows of the visitor's questionnaire beyond the version shown. */
export type QuestionnaireVisit = {
  initial?: QuestionnaireState
  initialError?: string
  leadFeedback?: LeadFormFeedback
  attribution?: Attribution
  startedAt?: number
}

/**
 * The site facts of the page being rendered, from the root loader: any page's blocks resolve
 * placeholders with them, also where the route passes no `facts` of its own.
 */
export const SiteFactsContext = createContext<FactValues | undefined>(undefined)

const Context = createContext<BlockContext>({ images: {}, leadWidgetId: null, questionnaire: SPEC_PREVIEW })

export const useBlockContext = () => useContext(Context)

/** The same context handed on as a value (the canvas renders each widget on its own). */
export const BlockContextProvider = Context.Provider

const hasImg = (html: string) => /<img\b/i.test(html)

function carriesImage(widget: Widget): boolean {
  switch (widget.type) {
    case 'image':
      return isSafeImageSrc(widget.content.src)
    case 'gallery':
      return widget.content.images.some((image) => isSafeImageSrc(image.src))
    case 'text':
      return hasImg(widget.content.text)
    case 'columns':
      return widget.content.texts.some(hasImg)
    default:
      return false
  }
}

/**
 * Lazy loading, decided from the content alone so that the canvas and the site agree: the page's
 * first image (in reading order, in the first widget that has one) is the likely largest paint and
 * loads eagerly with `fetchpriority="high"`; every other image is `loading="lazy" decoding="async"`.
 */
export function leadImageWidgetId(content: PageContent): string | null {
  if (typeof content === 'string') return null
  const widgets = 'sections' in content ? content.sections.flatMap((s) => s.widgets) : content.widgets
  return widgets.find(carriesImage)?.id ?? null
}

export type BlockProviderProps = {
  content: PageContent
  images?: ImageInfoMap
  questionnaire?: ShownQuestionnaire
  consent?: ShownConsent
  compliance?: Compliance
  questionnaireState?: QuestionnaireVisit
  receipt?: EnquiryReceipt | null
  countingChoice?: CountingChoice
  facts?: FactValues
  editing?: boolean
  children?: ReactNode
}

/** The context a page's blocks render with (the canvas and the site compute it alike). */
export function blockContextFor({
  content,
  images,
  questionnaire,
  consent,
  compliance,
  questionnaireState,
  receipt,
  countingChoice,
  facts,
  editing,
}: Omit<BlockProviderProps, 'children'>): BlockContext {
  const resolution: FactResolution | undefined = facts
    ? { values: facts, unknown: editing ? 'keep' : 'empty' }
    : undefined
  const shown = questionnaire ?? SPEC_PREVIEW
  return {
    images: images ?? {},
    leadWidgetId: leadImageWidgetId(content),
    questionnaire: resolution
      ? { ...shown, definition: resolveDefinitionFacts(shown.definition, resolution) }
      : shown,
    consent,
    compliance,
    ...(questionnaireState ? { questionnaireState } : {}),
    ...(receipt ? { receipt } : {}),
    ...(countingChoice ? { countingChoice } : {}),
    ...(resolution ? { facts: resolution } : {}),
    ...(editing ? { editing } : {}),
  }
}

/** Gives every block below it the page's image map, lead image and questionnaire. */
export function BlockProvider({ children, ...props }: BlockProviderProps) {
  const {
    content,
    images,
    questionnaire,
    consent,
    compliance,
    questionnaireState,
    receipt,
    countingChoice,
    editing,
  } = props
  const siteFacts = useContext(SiteFactsContext)
  const facts = props.facts ?? siteFacts
  const leadWidgetId = leadImageWidgetId(content)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the lead id stands for the content
  const value = useMemo(
    () =>
      blockContextFor({
        content,
        images,
        questionnaire,
        consent,
        compliance,
        questionnaireState,
        receipt,
        countingChoice,
        facts,
        editing,
      }),
    [
      leadWidgetId,
      images,
      questionnaire,
      consent,
      compliance,
      questionnaireState,
      receipt,
      countingChoice,
      facts,
      editing,
    ],
  )
  return <Context.Provider value={value}>{children}</Context.Provider>
}

/**
 * An `<img>`'s size and loading attributes: from the media library's map when it knows the
 * address (with `srcset`/`sizes`), else from the widget's own pixel size, else none.
 */
export function imageAttributes(
  src: string,
  size: PixelSize,
  images: ImageInfoMap,
  lead: boolean,
): {
  width?: number
  height?: number
  srcSet?: string
  sizes?: string
  loading?: 'lazy'
  decoding?: 'async'
  fetchPriority?: 'high'
} {
  const info = images[src]
  const dimensions = info
    ? { width: info.width, height: info.height, srcSet: info.srcset, sizes: IMAGE_SIZES }
    : size.pixelWidth && size.pixelHeight
      ? { width: size.pixelWidth, height: size.pixelHeight }
      : {}
  return lead
    ? { ...dimensions, fetchPriority: 'high' }
    : { ...dimensions, loading: 'lazy', decoding: 'async' }
}
