import { Suspense, useEffect, useRef, useState, startTransition, type ReactNode } from 'react';

/**
 * A part of a server-rendered page that React 18 hydrates after the rest, in
 * a render and a commit of its own (selective hydration): hydrateRoot leaves
 * the content of a Suspense boundary the server rendered for a later pass at
 * a low, time-sliced priority (OffscreenLane), and a discrete event on it
 * (a click, a key) hydrates it at once and is then dispatched. Sibling
 * boundaries hydrate together; a boundary inside another one a pass later.
 * Without the boundaries, the page's first commit mounted everything at once:
 * one long task of every layout effect and ref of the page.
 *
 * The markup is the same with or without it (the server writes the boundary
 * as comments, `<!--$-->…<!--/$-->`; a browser render writes nothing), and
 * nothing suspends inside it (the page's lazy parts are loaded before the
 * first render): `fallback` is there only for a part that would.
 *
 * Until its content is hydrated, the boundary renders the element of its
 * first render again: a re-render from above with new props would make React
 * hydrate it at once at that update's priority (an update at the default
 * priority: in one long task) or, from a layout effect, give up the server's
 * markup and render it anew. It catches up with what changed meanwhile right
 * after (a transition).
 */
export function HydrationBoundary({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const state = useRef<BoundaryState | null>(null);
  const [, caughtUp] = useState(0);
  const current = (
    <Suspense fallback={fallback}>
      {children}
      <ContentCommitted boundary={state} onCaughtUp={caughtUp} />
    </Suspense>
  );
  state.current ??= { first: current, committed: false, stale: false, token: {} };
  const boundary = state.current;
  if (!boundary.committed && boundary.first !== current) boundary.stale = true;
  // An effect, as the server renders this too: it runs after its content's (ContentCommitted's) when both
  // commit together, and before the effects of what follows it in the same commit (ReplayEarlyClick's).
  useEffect(() => {
    // Still dehydrated after the commit around it: the page is not live until this part is.
    if (!boundary.committed) pending.add(boundary.token);
    // Gone (another page, an error) before it hydrated: nothing to wait for. A tick later, as
    // StrictMode's unmount-and-mount of the effects (development) would end the wait too early.
    return () => {
      pending.delete(boundary.token);
      setTimeout(() => settle());
    };
  }, [boundary]);
  return boundary.committed ? current : boundary.first;
}

interface BoundaryState {
  first: ReactNode;
  /** The content has committed (hydrated, or rendered by the browser). */
  committed: boolean;
  /** Rendered with other children before then. */
  stale: boolean;
  token: object;
}

/** Last in the boundary: its effect runs once the content's own effects have run, in the commit that hydrated it. */
function ContentCommitted({
  boundary,
  onCaughtUp,
}: {
  boundary: { current: BoundaryState | null };
  onCaughtUp: (update: (n: number) => number) => void;
}) {
  useEffect(() => {
    const state = boundary.current;
    if (!state || state.committed) return;
    state.committed = true;
    if (state.stale) startTransition(() => onCaughtUp((n) => n + 1));
    pending.delete(state.token);
    settle();
  }, [boundary, onCaughtUp]);
  return null;
}

const pending = new Set<object>();
let waiting: Array<() => void> = [];

/** Runs the waiting callbacks once no boundary is pending. */
function settle() {
  if (pending.size > 0) return;
  const callbacks = waiting;
  waiting = [];
  callbacks.forEach((callback) => callback());
}

/**
 * Runs `callback` once every HydrationBoundary on the page has its content
 * committed: at once when none is waiting (a page the browser rendered, or
 * one hydrated in one pass). Call it from an effect of the first commit.
 */
export function whenBoundariesHydrated(callback: () => void): void {
  if (pending.size === 0) callback();
  else waiting.push(callback);
}
