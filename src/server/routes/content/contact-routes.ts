import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { contactsFieldsSchema, type contactsUpdateSchema, type Contacts } from '../../../domain/content/contacts.js';
import { contactsEndpoints } from '../../../domain/contract/site-content.js';
import type { Api, AppContext } from '../../api-types.js';
import { findContacts, insertContacts, listContacts, updateContacts } from '../../db/repositories/content-contacts.js';
import type { Database } from '../../db/schema.js';
import { notFound, staleVersion } from '../../http-errors.js';
import { registerEndpoint } from '../register-endpoint.js';
import { idOfUpdate, serialize, validateRecord } from './content-route-helpers.js';

async function loadContacts(db: Kysely<Database>, id: number): Promise<Contacts> {
  const row = await findContacts(db, id);
  if (!row) throw notFound('Contacts entry');
  return row;
}

/** `GET, POST and PUT contacts` (the website uses the first entry), and `PUT contacts/{id}`. */
export function registerContactRoutes(api: Api, { db }: AppContext) {
  registerEndpoint(api, contactsEndpoints.list, async () => listContacts(db), serialize);

  registerEndpoint(
    api,
    contactsEndpoints.create,
    async (request, reply) => {
      const id = await insertContacts(db, request.body);
      reply.status(201);
      return loadContacts(db, id);
    },
    serialize,
  );

  const update = async (id: number, { version, id: _id, ...changes }: z.output<typeof contactsUpdateSchema>) => {
    await db.transaction().execute(async (trx) => {
      const { id: _storedId, version: storedVersion, ...stored } = await loadContacts(trx, id);
      if (storedVersion !== version) throw staleVersion('The contacts');
      const values = validateRecord(contactsFieldsSchema, stored, changes);
      if (!(await updateContacts(trx, id, version, values))) throw staleVersion('The contacts');
    });
    return loadContacts(db, id);
  };
  registerEndpoint(api, contactsEndpoints.save, async (request) => update(idOfUpdate(request.params.id, request.body.id), request.body), serialize);
  registerEndpoint(api, contactsEndpoints.saveWithIdInBody, async (request) => update(idOfUpdate(undefined, request.body.id), request.body), serialize);
}
