import { useState, type ImgHTMLAttributes, type SyntheticEvent } from 'react';
import { IMAGE_PLACEHOLDER } from './image-placeholder.ts';

export interface SafeImageProps extends ImgHTMLAttributes<HTMLImageElement> {
  /** Shown instead of a broken or missing image; defaults to a neutral picture glyph. */
  fallback?: string;
}

/**
 * An <img> that swaps a broken image for a placeholder (spec §2: "Broken images fall back to a
 * placeholder image"). Remembers which src failed, so a new src gets a fresh try.
 */
export function SafeImage({ src, fallback = IMAGE_PLACEHOLDER, onError, ...rest }: SafeImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const broken = !src || failedSrc === src;
  const handleError = (event: SyntheticEvent<HTMLImageElement>) => {
    // Only the real image may fail over; if the placeholder itself fails there is nothing better to show.
    if (!broken && src) setFailedSrc(src);
    onError?.(event);
  };
  return (
    <img
      {...rest}
      src={broken ? fallback : src}
      data-broken={broken ? 'true' : undefined}
      onError={handleError}
    />
  );
}
