import { useEffect, useState } from 'react';
import { LOOKS_SEARCH_DEBOUNCE_MS } from '../../contracts/looks';
import { searchToApply } from './lookSearch';

/** Text typed now, query applied 800 ms later (only empty or > 2 characters); onApply resets paging. */
export function useDebouncedSearch(onApply: (query: string) => void, delay = LOOKS_SEARCH_DEBOUNCE_MS) {
  const [text, setText] = useState('');
  const [applied, setApplied] = useState('');
  useEffect(() => {
    const next = searchToApply(text);
    if (next === null || next === applied) return;
    const timer = setTimeout(() => {
      setApplied(next);
      onApply(next);
    }, delay);
    return () => clearTimeout(timer);
  }, [text, applied, delay, onApply]);
  return { text, setText, applied, pendingTooShort: searchToApply(text) === null };
}
