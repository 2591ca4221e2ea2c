/** What other features use of the booster: its settings (the look form states the bundle discount's combinations). */
export { useGetBoosterQuery } from './boosterApi';
