import type { Reference, Resource } from '@caseload/core';
import { Image, Text } from '@mantine/core';
import { useContext } from 'react';
import { useResource } from '../../../data/index.ts';
import { DataLayerContext } from '../../../data/hooks/data-layer-context.ts';

export interface SignatureImageProps {
  image: Reference;
  /** A data URL drawn on this device, shown until (or instead of) the stored copy. */
  preview?: string;
  alt: string;
}

/**
 * The stored copy of a signature's image (its Media's content), or the local drawing while that is
 * on its way. Outside the signed-in app (the clinic's kiosk, which has no data layer) a signature
 * drawn earlier is said in words: the kiosk reads no record but its packet.
 */
export function SignatureImage(props: SignatureImageProps) {
  const layer = useContext(DataLayerContext);
  if (layer) return <StoredSignatureImage {...props} />;
  if (props.preview)
    return <Image src={props.preview} alt={props.alt} w={240} h={80} fit="contain" bg="white" radius="sm" data-testid="signature-image" />;
  return (
    <Text fz="sm" data-testid="signature-image">
      Signed.
    </Text>
  );
}

function StoredSignatureImage({ image, preview, alt }: SignatureImageProps) {
  const { item, loading } = useResource<Resource>('Media', preview ? undefined : image.id, { partition: image.partition });
  const src = preview ?? item?.content?.url;
  if (!src)
    return (
      <Text fz="xs" c="dimmed">
        {loading ? 'Loading the signature…' : 'The signature image is being sent.'}
      </Text>
    );
  return <Image src={src} alt={alt} w={240} h={80} fit="contain" bg="white" radius="sm" data-testid="signature-image" />;
}
