export { loadLater, LOAD_LATER_MARGIN, FIRST_ACTS, type LoadLater } from './loadLater';
