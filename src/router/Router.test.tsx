import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryLocation } from './locationStore';
import { Link, Navigate, RouteParams, Router, useBlocker, useLocation, useMatch, useParams, useSearchParams } from './Router';

function Where() {
  const { pathname, search } = useLocation();
  return <output>{pathname + search}</output>;
}

describe('Router', () => {
  it('a link navigates in the app; a modified click or another target is left to the browser', () => {
    const store = createMemoryLocation('/looks');
    render(
      <Router store={store}>
        <Link to="/settings?tab=1">Settings</Link>
        <Link to="/gallery" target="_blank">Gallery</Link>
        <Where />
      </Router>,
    );
    const link = screen.getByRole('link', { name: 'Settings' });
    expect(link).toHaveAttribute('href', '/settings?tab=1');
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(screen.getByRole('status')).toHaveTextContent('/looks');
    expect(fireEvent.click(screen.getByRole('link', { name: 'Gallery' }))).toBe(true);
    expect(screen.getByRole('status')).toHaveTextContent('/looks');
    expect(fireEvent.click(link)).toBe(false);
    expect(screen.getByRole('status')).toHaveTextContent('/settings?tab=1');
  });

  it('matches the first route and gives its parameters to useParams', () => {
    const routes = [{ path: '/looks/edit/:id' }, { path: '*' }];
    function Page() {
      const match = useMatch(routes);
      return match && <RouteParams params={match.params}>{match.route.path === '*' ? 'not found' : <Id />}</RouteParams>;
    }
    function Id() {
      return <>look {useParams().id}</>;
    }
    const store = createMemoryLocation('/looks/edit/7');
    const { container } = render(
      <Router store={store}>
        <Page />
      </Router>,
    );
    expect(container).toHaveTextContent('look 7');
    act(() => store.navigate('/nope'));
    expect(container).toHaveTextContent('not found');
  });

  it('reads and replaces the search parameters', () => {
    const store = createMemoryLocation('/billing/plans?discountCode=A&subscribed=monthly');
    function Plans() {
      const [params, setParams] = useSearchParams();
      return <button onClick={() => setParams({ discountCode: params.get('discountCode') ?? '' }, { replace: true })}>{params.get('subscribed') ?? 'none'}</button>;
    }
    render(
      <Router store={store}>
        <Plans />
      </Router>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'monthly' }));
    expect(store.location()).toEqual({ pathname: '/billing/plans', search: '?discountCode=A' });
    expect(screen.getByRole('button', { name: 'none' })).toBeInTheDocument();
  });

  it('Navigate redirects once rendered', () => {
    const store = createMemoryLocation('/looks/discounts/3?x=1');
    render(
      <Router store={store}>
        <Navigate replace to="/looks/new?discount=3" />
      </Router>,
    );
    expect(store.location()).toEqual({ pathname: '/looks/new', search: '?discount=3' });
  });

  it('useBlocker holds navigation while it says so: reset stays, proceed goes on', () => {
    const store = createMemoryLocation('/looks/new');
    function Form({ dirty }: { dirty: boolean }) {
      const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
      return (
        <>
          <span>{blocker.state}</span>
          <button onClick={blocker.reset}>stay</button>
          <button onClick={blocker.proceed}>leave</button>
        </>
      );
    }
    const { rerender } = render(
      <Router store={store}>
        <Form dirty={false} />
      </Router>,
    );
    act(() => store.navigate('/looks/new?a=1'));
    rerender(
      <Router store={store}>
        <Form dirty />
      </Router>,
    );
    act(() => store.navigate('/looks'));
    expect(screen.getByText('blocked')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'stay' }));
    expect(screen.getByText('unblocked')).toBeInTheDocument();
    expect(store.location().pathname).toBe('/looks/new');
    act(() => store.navigate('/looks'));
    fireEvent.click(screen.getByRole('button', { name: 'leave' }));
    expect(store.location().pathname).toBe('/looks');
  });

  it('a new page starts at its top; a replaced entry or back/forward keep the scroll position', () => {
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const store = createMemoryLocation('/looks');
    render(
      <Router store={store}>
        <Where />
      </Router>,
    );
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => store.navigate('/looks?q=hat', { replace: true }));
    expect(scrollTo).not.toHaveBeenCalled();
    act(() => store.navigate('/settings'));
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(store.action()).toBe('push');
    scrollTo.mockRestore();
  });

  it('a hook outside <Router> says so', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Where />)).toThrow('outside <Router>');
    jest.restoreAllMocks();
  });
});
