import { catSvg } from './loading-cat-svg.ts';

export interface LoadingCatProps {
  size: number;
}

/** The 1 April loading cat, drawn from the same markup the entry script uses before React loads. */
export function LoadingCat({ size }: LoadingCatProps) {
  return <span style={{ display: 'inline-flex', lineHeight: 0 }} dangerouslySetInnerHTML={{ __html: catSvg(size) }} />;
}
