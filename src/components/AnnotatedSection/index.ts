export { AnnotatedSection } from './AnnotatedSection';
