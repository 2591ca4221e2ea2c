import { Navigate, useParams, useSearchParams } from 'react-router-dom';

/**
 * /looks/discounts/:id → replace-navigates to the new-look page with a
 * `discount` query parameter (its own `discount` value, default 1) and the
 * product id, which pre-fills the main product with the discount defaults.
 */
export default function LookDiscountRedirect() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const next = new URLSearchParams({ discount: params.get('discount') || '1' });
  if (id) next.set('productId', id);
  return <Navigate replace to={`/looks/new?${next.toString()}`} />;
}
