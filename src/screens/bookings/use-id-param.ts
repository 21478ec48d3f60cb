import { useParams } from 'react-router-dom';

/** The numeric :id of the route; NaN for anything else, which the server answers with 400. */
export function useIdParam(): number {
  const { id } = useParams();
  return /^\d+$/.test(id ?? '') ? Number(id) : Number.NaN;
}
