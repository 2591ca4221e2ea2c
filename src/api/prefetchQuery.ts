/** What `api.endpoints.x.initiate(arg)` dispatches to: a running query that can be let go. */
type Subscription = PromiseLike<unknown> & { unsubscribe(): void };

/**
 * Runs a query for a page about to render (a page module's `prefetch`, see
 * app/routes.tsx) and lets go of it once answered: the page's own hook,
 * mounting with the same argument, takes the cached answer over (RTK Query
 * keeps unused data 60 s) instead of asking again.
 */
export async function prefetchQuery<Dispatch>(
  store: { dispatch: Dispatch },
  initiate: (dispatch: Dispatch) => Subscription,
): Promise<void> {
  const subscription = initiate(store.dispatch);
  try {
    await subscription;
  } finally {
    subscription.unsubscribe();
  }
}
