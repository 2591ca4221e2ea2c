/** Entry of assets/looks-ab.js (see ab.ts). */
import { startVariants } from './ab';
import { on } from './dom';

if (document.readyState === 'loading') on(document, 'DOMContentLoaded', startVariants);
else startVariants();
