/** Height of the revenue chart's plot (RevenueChart), shared with its skeleton (RevenueChartSkeleton). */
export const REVENUE_CHART_HEIGHT = 220;
