import { AppProvider } from '@shopify/polaris';
import en from '@shopify/polaris/locales/en.json';
import { NarrowScreenGuessProvider, useLgDown } from '../components/narrowScreen';

function Probe() {
  return <p>{useLgDown() ? 'phone layout' : 'wide layout'}</p>;
}

/** A text that says which layout `useLgDown` picks, under Polaris and the given guess (components/narrowScreen tests). */
export function NarrowScreenProbe({ guess }: { guess: boolean }) {
  return (
    <AppProvider i18n={en}>
      <NarrowScreenGuessProvider value={guess}>
        <Probe />
      </NarrowScreenGuessProvider>
    </AppProvider>
  );
}
