import { lazy, Suspense, useSyncExternalStore } from 'react';
import { Toast } from '@shopify/polaris';
import type { StandaloneHost } from './standaloneHost';
import { useLabelToastCloseButtons } from './labelToastCloseButtons';

const ProductPickerModal = lazy(() => import(/* webpackChunkName: "product-picker" */ './ProductPickerModal'));

/** Renders the standalone host's toasts and product picker inside the Polaris Frame. */
export function StandaloneHostUI({ host }: { host: StandaloneHost }) {
  const state = useSyncExternalStore(host.subscribe, host.getState, host.getState);
  useLabelToastCloseButtons();
  return (
    <>
      {state.toasts.map((toast) => (
        <Toast
          key={toast.id}
          content={toast.message}
          error={toast.isError}
          onDismiss={() => host.dismissToast(toast.id)}
        />
      ))}
      {state.picker && (
        <Suspense fallback={null}>
          <ProductPickerModal host={host} request={state.picker} />
        </Suspense>
      )}
    </>
  );
}
