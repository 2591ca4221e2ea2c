import type { Kysely } from 'kysely';

// Schema of the gallery feature (filled in by its issue).
export async function up(_db: Kysely<any>): Promise<void> {}

export async function down(_db: Kysely<any>): Promise<void> {}
