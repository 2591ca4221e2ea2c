import { translate } from '../i18n';

/** The widget's own words, in the shop's language (Widget.* keys). */
export function widgetText(locale: string) {
  const t = (key: string, values?: Record<string, string | number>) => translate(locale, `Widget.${key}`, values);
  return {
    shopTheLook: t('shopTheLook'),
    added: t('added'),
    close: t('close'),
    lowQuantity: (count: number) => t('lowQuantity', { count }),
    soldOut: t('soldOut'),
    total: t('total'),
    addSelected: t('addSelected'),
    addAll: t('addAll'),
    previous: t('previous'),
    next: t('next'),
    quantity: t('quantity'),
    marker: (n: number, title: string) => t('marker', { n, title }),
    applyDiscount: t('applyDiscount'),
    select: t('select'),
  };
}
export type WidgetText = ReturnType<typeof widgetText>;
