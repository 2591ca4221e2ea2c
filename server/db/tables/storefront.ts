// Tables of the storefront feature (filled in by its issue).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface StorefrontTables {}
