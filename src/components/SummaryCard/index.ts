export { SummaryCard, type SummaryCardProps } from './SummaryCard';
export { StatCards } from './StatCards';
export { useMoney } from './useMoney';
export { useQueryErrorToast } from './useQueryErrorToast';
export { ValueLineSkeleton } from './ValueLineSkeleton';
