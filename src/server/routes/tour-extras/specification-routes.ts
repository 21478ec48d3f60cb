import { specificationsEndpoints } from '../../../domain/contract/tour-extras.js';
import type { Specification } from '../../../domain/tours/tour-specifications-schemas.js';
import type { Api, AppContext } from '../../api-types.js';
import { listSpecifications } from '../../db/repositories/tour-specifications-repository.js';
import { withCleanRichText } from '../../sanitize-rich-text.js';
import { registerSeasonRowRoutes } from './season-row-routes.js';

type SpecificationFields = { price_includes: string; price_excludes: string };

/** Specifications of a tour season (SPEC.md section 7: tour-specifications); rich text is cleaned before it is stored. */
export function registerSpecificationRoutes(app: Api, context: AppContext) {
  registerSeasonRowRoutes<SpecificationFields, Specification>(app, context, {
    endpoints: specificationsEndpoints,
    table: 'tour_specifications',
    listKey: 'specifications',
    rowKey: 'specification',
    name: 'Specification',
    values: ({ price_includes, price_excludes }) => withCleanRichText('tour-specifications', { price_includes, price_excludes }),
    load: listSpecifications,
  });
}
