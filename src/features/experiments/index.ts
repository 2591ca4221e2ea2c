// Public API of the experiments feature (A/B tests of looks).
export { ExperimentsCard, loadCreateExperimentForm } from './ExperimentsCard';
export { experimentsApi, useGetExperimentsQuery } from './experimentsApi';
