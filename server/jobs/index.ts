/**
 * Background work: one engine (pg-boss) on the app's database, the queues and their policies,
 * cron schedules (one runner per cluster) and counts for metrics. Rooms above (platform, services'
 * callers, index.ts) register workers and send jobs; this room imports only `db`.
 */
export { JobEngine, type JobContext, type JobEngineOptions, type JobLog, type SendJobOptions } from './engine';
export { QUEUES, deadLetterOf, queueNames, type JobData, type QueueDefinition, type QueueName } from './queues';
export { jobCounts, deadLetterCounts, type JobCount, type JobState } from './metrics';
export { attachJobs, jobsFor } from './attached';
