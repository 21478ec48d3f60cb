import { z } from 'zod';
import { EMAIL_ADDRESS_MESSAGE, isBlankOrEmailAddress } from '../email-address.js';
import { textField } from '../reference/reference-fields.js';
import { OPENING_DAYS, type OpeningDay } from './content-constants.js';
import { partialFields, requiredVersionField } from './content-fields.js';

type OpeningHoursKey = `opening_hours_at_${OpeningDay}`;
export const OPENING_HOURS_FIELDS = OPENING_DAYS.map((day) => `opening_hours_at_${day}` as OpeningHoursKey);
const openingHoursShape = Object.fromEntries(
  OPENING_DAYS.map((day) => [`opening_hours_at_${day}`, textField(`${day.charAt(0).toUpperCase()}${day.slice(1)} opening hours`, 200)]),
) as Record<OpeningHoursKey, ReturnType<typeof textField>>;

export const contactsFieldsSchema = z.object({
  email: textField('E-mail', 320).refine(isBlankOrEmailAddress, EMAIL_ADDRESS_MESSAGE),
  tel_gb: textField('UK telephone', 100),
  tel_us: textField('US telephone', 100),
  tel_au: textField('Australian telephone', 100),
  ...openingHoursShape,
});
export type ContactsFields = z.output<typeof contactsFieldsSchema>;

/** `POST contacts`: a new entry (the site uses the first one). */
export const contactsCreateSchema = contactsFieldsSchema;

/** `PUT contacts/{id}` (or `PUT contacts` with the id in the body). */
export const contactsUpdateSchema = partialFields(contactsFieldsSchema).extend({ id: z.int().positive().optional(), version: requiredVersionField });

export const contactsSchema = z.object({
  id: z.number(),
  version: z.number(),
  email: z.string(),
  tel_gb: z.string(),
  tel_us: z.string(),
  tel_au: z.string(),
  ...(Object.fromEntries(OPENING_HOURS_FIELDS.map((field) => [field, z.string()])) as Record<OpeningHoursKey, z.ZodString>),
});
export type Contacts = z.infer<typeof contactsSchema>;

export const newContacts = (): ContactsFields => contactsFieldsSchema.parse({});
