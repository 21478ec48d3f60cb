import type { Kysely } from 'kysely';
import { publicTourUrl } from '../../../domain/tours/public-tour-url.js';
import type { Tour } from '../../../domain/tours/tour-schema.js';
import { listSeasons } from '../../db/repositories/season-repository.js';
import { findTour } from '../../db/repositories/tour-repository.js';
import type { Database } from '../../db/schema.js';
import { notFound } from '../../http-errors.js';
import { loadTourSeasons } from './load-tour-seasons.js';

/** The whole tour as `GET tours/{id}` answers it. */
export async function loadTour(db: Kysely<Database>, tourId: number, siteHost: string): Promise<Tour> {
  const tour = await findTour(db, tourId);
  if (!tour) throw notFound('Tour');
  const seasons = await loadTourSeasons(db, tourId);
  const allSeasons = await listSeasons(db);
  return { ...tour, seasons, allSeasons, public_url: publicTourUrl(siteHost, tour.slug) };
}
