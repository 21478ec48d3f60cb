import { recordChangesEndpoints } from '../../domain/contract/record-changes.js';
import type { Api, AppContext } from '../api-types.js';
import { lastChangeOf } from '../db/repositories/record-change-repository.js';
import { registerEndpoint } from './register-endpoint.js';

/** `GET last-change/{kind}/{id}`: who last changed a record and when, for its form. */
export function registerRecordChangeRoutes(app: Api, { db }: AppContext) {
  registerEndpoint(app, recordChangesEndpoints.last, async (request) => lastChangeOf(db, request.params.kind, request.params.id));
}
