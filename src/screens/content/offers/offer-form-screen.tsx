import { useParams } from 'react-router-dom';
import { api } from '../../../api/api.js';
import { contentQueries } from '../../../api/content-queries.js';
import { FormField } from '../../../ui/form-field.js';
import { RichTextEditor } from '../../../ui/rich-text-editor.js';
import { usePageTitle } from '../../../ui/use-page-title.js';
import { OFFER_STATUS_OPTIONS, OFFER_TYPE_OPTIONS, type OfferStatus, type OfferType } from '../../../domain/content/content-constants.js';
import { newOffer, offerCreateSchema, type Offer, type OfferFields } from '../../../domain/content/offer.js';
import { ReferenceListPicker } from '../../reference/reference-pickers.js';
import { ContentFormPage, FormSection, SeoFields } from '../content-form-parts.js';
import { ContentRecordFrame } from '../content-record-frame.js';
import { ImageField } from '../image-field.js';
import { useContentForm } from '../use-content-form.js';
import { BikesPicker } from './bikes-picker.js';
import { DateWindowFields } from './date-window-fields.js';

/** /offers/create and /offers/{id}. */
export function OfferFormScreen() {
  const { id } = useParams();
  return (
    <ContentRecordFrame query={id ? contentQueries.offer(id) : null} what="offer" listPath="/offers" listTitle="Offers">
      {(offer) => <OfferForm key={offer?.id ?? 'new'} offer={offer} />}
    </ContentRecordFrame>
  );
}

/** The offer as typed: the discount as text (the schema turns it into a number or null), tours as ids. */
type OfferDraft = Omit<OfferFields, 'discount' | 'tour_ids'> & { discount: string; tour_ids: number[] };

const draftOf = (offer: OfferFields | Offer): OfferDraft => ({
  name: offer.name,
  status: offer.status,
  title: offer.title,
  subtitle: offer.subtitle,
  slug: offer.slug,
  type: offer.type,
  discount: offer.discount === null ? '' : String(offer.discount),
  bike_ids: offer.bike_ids,
  tour_ids: offer.tour_ids.map((entry) => entry.tour_id),
  booking_window_start: offer.booking_window_start,
  booking_window_end: offer.booking_window_end,
  start_window_start: offer.start_window_start,
  start_window_end: offer.start_window_end,
  content: offer.content,
  media_id: offer.media_id,
  seo_title: offer.seo_title,
  seo_description: offer.seo_description,
  seo_keywords: offer.seo_keywords,
});

function OfferForm({ offer }: { offer: Offer | null }) {
  const title = offer ? `Offer: ${offer.name}` : 'New offer';
  usePageTitle(offer ? `${offer.name} · Offers` : 'New offer');
  // SPEC.md section 4: a new offer starts as a draft of type tour with no discount.
  const { draft, change, errorOf, touch, saving, submit } = useContentForm({
    initial: () => draftOf(offer ?? newOffer()),
    slugFrom: 'title',
    schema: offerCreateSchema,
    send: (values, _changed, version) =>
      offer ? api.offers.save({ params: { id: offer.id }, body: { ...values, version: version ?? offer.version } }) : api.offers.create({ body: values }),
    listPath: '/offers',
    merge: offer
      ? {
          // Read afresh, not into the offer's query.
          current: async () => {
            const stored = await api.offers.read({ params: { id: offer.id } });
            return { draft: draftOf(stored), version: stored.version };
          },
          lastChange: { kind: 'offers', id: offer.id },
        }
      : undefined,
  });
  const text = (key: 'name' | 'title' | 'subtitle' | 'slug', label: string, options: { autoFocus?: boolean; hint?: string } = {}) => (
    <FormField label={label} error={errorOf(key)} hint={options.hint}>
      <input type="text" autoFocus={options.autoFocus} value={draft[key]} onChange={(event) => change(key, event.target.value)} onBlur={() => touch(key)} />
    </FormField>
  );

  return (
    <ContentFormPage
      title={title}
      onSubmit={submit}
      saving={saving}
      cancelTo="/offers"
      record={offer && { kind: 'offers', id: offer.id, version: offer.version }}
    >
      <div className="content-form-grid">
        <div className="content-form-column">
          <FormSection title="Offer">
            <div className="content-row">
              {text('name', 'Name', { autoFocus: true, hint: 'How staff know the offer' })}
              {text('title', 'Title')}
            </div>
            {text('subtitle', 'Subtitle')}
            {text('slug', 'Slug', { hint: "The offer's address on the website; made from the title until you change it" })}
            <RichTextEditor label="Content" value={draft.content} error={errorOf('content')} onChange={(value) => change('content', value)} />
          </FormSection>
          <FormSection title="Applies to">
            <ReferenceListPicker
              label="Tours"
              source="tours"
              value={draft.tour_ids}
              error={errorOf('tour_ids')}
              onChange={(value) => change('tour_ids', value)}
            />
            <BikesPicker value={draft.bike_ids} error={errorOf('bike_ids')} onChange={(value) => change('bike_ids', value)} />
          </FormSection>
        </div>
        <div className="content-form-column">
          <FormSection title="Terms">
            <div className="content-row">
              <FormField label="Status" error={errorOf('status')}>
                <select value={draft.status} onChange={(event) => change('status', event.target.value as OfferStatus)}>
                  {OFFER_STATUS_OPTIONS.map((option) => (
                    <option key={String(option.value)} value={String(option.value)}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </FormField>
              <FormField label="Type" error={errorOf('type')}>
                <select value={draft.type} onChange={(event) => change('type', event.target.value as OfferType)}>
                  {OFFER_TYPE_OPTIONS.map((option) => (
                    <option key={String(option.value)} value={String(option.value)}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </FormField>
            </div>
            <FormField label="Discount" error={errorOf('discount')} hint="Empty for none">
              <input
                type="text"
                inputMode="decimal"
                className="content-narrow-input"
                value={draft.discount}
                onChange={(event) => change('discount', event.target.value)}
                onBlur={() => touch('discount')}
              />
            </FormField>
            <DateWindowFields
              legend="Booking window"
              hint="When bookings qualify"
              start={draft.booking_window_start}
              end={draft.booking_window_end}
              startError={errorOf('booking_window_start')}
              endError={errorOf('booking_window_end')}
              onStart={(value) => change('booking_window_start', value)}
              onEnd={(value) => change('booking_window_end', value)}
            />
            <DateWindowFields
              legend="Start window"
              hint="When qualifying holidays start"
              start={draft.start_window_start}
              end={draft.start_window_end}
              startError={errorOf('start_window_start')}
              endError={errorOf('start_window_end')}
              onStart={(value) => change('start_window_start', value)}
              onEnd={(value) => change('start_window_end', value)}
            />
            <ImageField label="Image" value={draft.media_id} error={errorOf('media_id')} onChange={(value) => change('media_id', value)} />
          </FormSection>
          <SeoFields values={draft} onChange={change} errorOf={errorOf} />
        </div>
      </div>
    </ContentFormPage>
  );
}
