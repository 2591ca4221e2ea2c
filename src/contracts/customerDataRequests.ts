/** A customers/data_request as the merchant reads it (GET /customerDataRequests): who asked, when, and the data produced. */
export interface CustomerDataRequestView {
  id: number;
  customerId: string | null;
  customerEmail: string | null;
  ordersRequested: string[];
  requestedAt: string;
  data: Record<string, unknown>;
}
