// What a query or mutation tells the app's query client about itself (src/ui/query-client.ts).

/**
 * `reportsOwnErrors`: the query or mutation deals with its failure itself (its own words, as
 * SPEC.md section 8 gives for a model save, or no notification at all, as for a note), so the
 * app's notification of the server's message stays out of it.
 */
export type AppMeta = { reportsOwnErrors?: boolean };

// TanStack Query types `meta` through this interface; a type alias cannot merge into it.
declare module '@tanstack/react-query' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Register {
    queryMeta: AppMeta;
    mutationMeta: AppMeta;
  }
}

/** Spread into a mutation's or query's options when it notifies (or stays silent about) its own failure. */
export const REPORTS_OWN_ERRORS = { meta: { reportsOwnErrors: true } } as const;
