// Public API of the layout feature (looks read definedTemplate; settings read it for the variant rule).
export { useGetLayoutQuery, layoutApi } from './layoutApi';
