import type { LinkLikeComponentProps } from '@shopify/polaris/build/ts/src/utilities/link';
import { Link } from 'react-router-dom';

/** Polaris links and navigation go through the router for in-app URLs; external ones stay plain anchors. */
export function RouterLink({ url, external, children, ...rest }: LinkLikeComponentProps) {
  if (external || /^(https?:)?\/\//.test(url) || url.startsWith('mailto:')) {
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    );
  }
  return (
    <Link to={url} {...rest}>
      {children}
    </Link>
  );
}
