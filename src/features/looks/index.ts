// Public API of the looks feature (no page code: importing this keeps other chunks small).
// The looks resource (GET /productLooks, GET /productLooks/:id) is defined once, here; the gallery reads it too.
export { looksApi, useGetLooksQuery, type LooksPage, type LooksQuery } from './looksApi';
export { useGetLookQuery } from './lookApi';
