// The app's router (src/router): the browser's location or one in memory, routes matched by path,
// navigation that a form with unsaved changes can hold. Features import it from here only.
export { Router, useLocation, useNavigate, useParams, useSearchParams, useMatch, RouteParams, Link, Navigate, useBlocker, type BlockerState } from './Router';
export { createLocationStore, createMemoryLocation, browserHistory, memoryHistory, type AppLocation, type LocationStore, type To, type NavigateOptions } from './locationStore';
export { compilePath, matchPath } from './paths';
