import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { contactsCreateSchema, contactsFieldsSchema, contactsSchema, contactsUpdateSchema, type Contacts } from '../../../domain/content/contacts.js';
import type { Api, AppContext } from '../../api-types.js';
import type { Database } from '../../db/schema.js';
import { notFound, staleVersion } from '../../http-errors.js';
import { idOfUpdate, idParamSchema, validateRecord } from './content-route-helpers.js';

async function loadContacts(db: Kysely<Database>, id: number): Promise<Contacts> {
  const row = await db.selectFrom('contacts').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Contacts entry');
  return row;
}

/** `GET, POST and PUT contacts` (the website uses the first entry), and `PUT contacts/{id}`. */
export function registerContactRoutes(api: Api, { db }: AppContext) {
  api.get('/contacts', { schema: { response: { 200: z.array(contactsSchema) } } }, async () => db.selectFrom('contacts').selectAll().orderBy('id').execute());

  api.post('/contacts', { schema: { body: contactsCreateSchema, response: { 201: contactsSchema } } }, async (request, reply) => {
    const { id } = await db.insertInto('contacts').values(request.body).returning('id').executeTakeFirstOrThrow();
    return reply.status(201).send(await loadContacts(db, id));
  });

  const update = async (id: number, { version, id: _id, ...changes }: z.output<typeof contactsUpdateSchema>) => {
    await db.transaction().execute(async (trx) => {
      const { id: _storedId, version: storedVersion, ...stored } = await loadContacts(trx, id);
      if (storedVersion !== version) throw staleVersion('The contacts');
      const values = validateRecord(contactsFieldsSchema, stored, changes);
      const written = await trx
        .updateTable('contacts')
        .set({ ...values, version: sql<number>`version + 1` })
        .where('id', '=', id)
        .where('version', '=', version)
        .executeTakeFirst();
      if (!written.numUpdatedRows) throw staleVersion('The contacts');
    });
    return loadContacts(db, id);
  };
  api.put('/contacts/:id', { schema: { params: idParamSchema, body: contactsUpdateSchema, response: { 200: contactsSchema } } }, async (request) =>
    update(idOfUpdate(request.params.id, request.body.id), request.body),
  );
  api.put('/contacts', { schema: { body: contactsUpdateSchema, response: { 200: contactsSchema } } }, async (request) => update(idOfUpdate(undefined, request.body.id), request.body));
}
