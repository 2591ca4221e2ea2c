import { Button } from '@shopify/polaris';
import { ArrowDownIcon } from '@shopify/polaris-icons';
import { useIntl } from 'react-intl';
import { downloadFileName, type ImageGeneration } from '../../../contracts/gallery';

/** Downloads the generated image as `<look title>-<type>-<id>.jpg` (a plain same-origin anchor with download). */
export function DownloadButton({
  generation,
  variant,
}: {
  generation: ImageGeneration;
  variant?: 'primary' | 'secondary';
}) {
  const intl = useIntl();
  if (!generation.generatedImageUrl) return null;
  const onClick = () => {
    const a = document.createElement('a');
    a.href = generation.generatedImageUrl!;
    a.download = downloadFileName(generation);
    a.rel = 'noopener';
    document.body.appendChild(a);
    a.click();
    a.remove();
  };
  return (
    <Button
      icon={ArrowDownIcon}
      onClick={onClick}
      variant={variant}
      accessibilityLabel={`${intl.formatMessage({ id: 'Gallery.list.download' })} ${generation.title}`}
    >
      {intl.formatMessage({ id: 'Gallery.list.download' })}
    </Button>
  );
}
