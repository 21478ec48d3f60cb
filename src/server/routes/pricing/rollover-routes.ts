import { rolloversEndpoints } from '../../../domain/contract/rollovers.js';
import type { Api, AppContext } from '../../api-types.js';
import { listRolloverCandidates } from '../../db/repositories/rollover-repository.js';
import { commitRollover } from '../../pricing/rollover/commit-rollover.js';
import { candidateOf } from '../../pricing/rollover/plan-rollover.js';
import { previewRollover } from '../../pricing/rollover/preview-rollover.js';
import { registerEndpoint } from '../register-endpoint.js';

/** A season roll-over (issue 31): the tours it can take, its preview, and its commit in one transaction. */
export function registerRolloverRoutes(app: Api, { db }: AppContext) {
  registerEndpoint(app, rolloversEndpoints.candidates, async (request) =>
    (await listRolloverCandidates(db, request.query.source, request.query.target)).map(candidateOf),
  );
  registerEndpoint(app, rolloversEndpoints.preview, async (request) => previewRollover(db, request.body));
  registerEndpoint(app, rolloversEndpoints.commit, async (request) => db.transaction().execute((trx) => commitRollover(trx, request.body)));
}
