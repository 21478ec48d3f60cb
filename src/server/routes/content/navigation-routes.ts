import type { Kysely } from 'kysely';
import { NAVIGATION_COLUMNS, NAVIGATION_GROUP_LABELS, NAVIGATION_GROUPS, type NavigationGroup } from '../../../domain/content/content-constants.js';
import { renumberLinks, type Navigation } from '../../../domain/content/navigation.js';
import { navigationsEndpoints } from '../../../domain/contract/site-content.js';
import type { Api, AppContext } from '../../api-types.js';
import { listNavigations, updateNavigation } from '../../db/repositories/content-homepage.js';
import type { Database } from '../../db/schema.js';
import { staleVersion } from '../../http-errors.js';
import { registerEndpoint } from '../register-endpoint.js';
import { serialize } from './content-route-helpers.js';

async function loadNavigations(db: Kysely<Database>): Promise<Navigation[]> {
  const rows = await listNavigations(db);
  const byGroup = new Map(rows.map((row) => [row.group, row]));
  return NAVIGATION_GROUPS.flatMap((group) => {
    const row = byGroup.get(group);
    return row ? [{ ...row, group, label: NAVIGATION_GROUP_LABELS[group] }] : [];
  });
}

/** `GET` and `POST navigations`: five groups of three columns of links; a save of several groups is all or nothing. */
export function registerNavigationRoutes(api: Api, { db }: AppContext) {
  registerEndpoint(api, navigationsEndpoints.list, async () => loadNavigations(db), serialize);

  registerEndpoint(
    api,
    navigationsEndpoints.save,
    async (request) => {
      const groups = Array.isArray(request.body) ? request.body : [request.body];
      await db.transaction().execute(async (trx) => {
        for (const { group, version, ...columns } of groups) {
          const values = Object.fromEntries(
            NAVIGATION_COLUMNS.map((key) => [key, JSON.stringify({ title: columns[key].title, links: renumberLinks(columns[key].links) })]),
          );
          if (!(await updateNavigation(trx, group, version, values)))
            throw staleVersion(`The ${NAVIGATION_GROUP_LABELS[group as NavigationGroup].toLowerCase()} navigation`);
        }
      });
      return loadNavigations(db);
    },
    serialize,
  );
}
