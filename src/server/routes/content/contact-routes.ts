import type { Kysely } from 'kysely';
import { z } from 'zod';
import { contactsCreateSchema, contactsFieldsSchema, contactsSchema, contactsUpdateSchema, type Contacts } from '../../../domain/content/contacts.js';
import type { Api, AppContext } from '../../api-types.js';
import { findContacts, insertContacts, listContacts, updateContacts } from '../../db/repositories/content-contacts.js';
import type { Database } from '../../db/schema.js';
import { notFound, staleVersion } from '../../http-errors.js';
import { idOfUpdate, idParamSchema, validateRecord } from './content-route-helpers.js';

async function loadContacts(db: Kysely<Database>, id: number): Promise<Contacts> {
  const row = await findContacts(db, id);
  if (!row) throw notFound('Contacts entry');
  return row;
}

/** `GET, POST and PUT contacts` (the website uses the first entry), and `PUT contacts/{id}`. */
export function registerContactRoutes(api: Api, { db }: AppContext) {
  api.get('/contacts', { schema: { response: { 200: z.array(contactsSchema) } } }, async () => listContacts(db));

  api.post('/contacts', { schema: { body: contactsCreateSchema, response: { 201: contactsSchema } } }, async (request, reply) => {
    const id = await insertContacts(db, request.body);
    return reply.status(201).send(await loadContacts(db, id));
  });

  const update = async (id: number, { version, id: _id, ...changes }: z.output<typeof contactsUpdateSchema>) => {
    await db.transaction().execute(async (trx) => {
      const { id: _storedId, version: storedVersion, ...stored } = await loadContacts(trx, id);
      if (storedVersion !== version) throw staleVersion('The contacts');
      const values = validateRecord(contactsFieldsSchema, stored, changes);
      if (!(await updateContacts(trx, id, version, values))) throw staleVersion('The contacts');
    });
    return loadContacts(db, id);
  };
  api.put('/contacts/:id', { schema: { params: idParamSchema, body: contactsUpdateSchema, response: { 200: contactsSchema } } }, async (request) =>
    update(idOfUpdate(request.params.id, request.body.id), request.body),
  );
  api.put('/contacts', { schema: { body: contactsUpdateSchema, response: { 200: contactsSchema } } }, async (request) =>
    update(idOfUpdate(undefined, request.body.id), request.body),
  );
}
