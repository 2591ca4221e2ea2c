// Public API of the experiments feature (A/B tests of looks).
export { ExperimentsCard } from './ExperimentsCard';
export { experimentsApi, useGetExperimentsQuery } from './experimentsApi';
