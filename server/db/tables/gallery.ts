import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type {
  GeneratedItemPosition,
  GenerationStatus,
  ImageType,
  StreamEventPayload,
  StreamEventName,
} from '../../../src/contracts/gallery';

/**
 * An image generation and its job: the status column is the job state
 * (PENDING → IN_QUEUE → IN_PROGRESS → COMPLETED | FAILED), so the queue is
 * durable and a restart finds every unfinished job.
 */
export interface ImageGenerationsTable {
  id: Generated<number>;
  shopId: number;
  productLookId: number | null;
  lookTitle: string;
  imageType: ImageType;
  customPrompt: string | null;
  status: Generated<GenerationStatus>;
  generatedImageUrl: string | null;
  /** Where the finished image shows the look's products (null: unknown). */
  itemPositions: ColumnType<GeneratedItemPosition[] | null, string | null | undefined, string | null>;
  errorMessage: string | null;
  /** Number of times the job was started (one credit each); names the output file. */
  run: Generated<number>;
  /** Tries of the current run (its job's retries, server/jobs/queues.ts `generation.run`). */
  attempts: Generated<number>;
  /** The try (instance, job, retry) that took the run over last (kept after it ends: who ran it). */
  workerId: string | null;
  queuedAt: Date | null;
  startedAt: Date | null;
  completedAt: Date | null;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
}

/** Every status change of a generation, in order: the SSE stream replays them (Last-Event-ID). */
export interface GenerationEventsTable {
  id: Generated<number>;
  generationId: number;
  shopId: number;
  event: StreamEventName;
  payload: JSONColumnType<StreamEventPayload>;
  createdAt: Generated<Date>;
}

export interface ShopCreditsTable {
  shopId: number;
  balance: Generated<number>;
  used: Generated<number>;
  freeClaimed: Generated<boolean>;
  updatedAt: Generated<Date>;
}

/** Append-only ledger; (shopId, reason, reference) is unique for free, purchase and refund rows (idempotency). */
export interface CreditLedgerTable {
  id: Generated<number>;
  shopId: number;
  delta: number;
  reason: 'free' | 'purchase' | 'generation' | 'refund';
  reference: string;
  createdAt: Generated<Date>;
}

export interface CreditPackagesTable {
  id: Generated<number>;
  name: string;
  price: ColumnType<string, string | number, string | number>;
  credits: number;
  position: Generated<number>;
  active: Generated<boolean>;
}

export interface GalleryTables {
  imageGenerations: ImageGenerationsTable;
  generationEvents: GenerationEventsTable;
  shopCredits: ShopCreditsTable;
  creditLedger: CreditLedgerTable;
  creditPackages: CreditPackagesTable;
}
