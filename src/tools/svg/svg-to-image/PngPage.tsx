import { RasterPage } from './RasterPage';

export default function SvgToPngPage() {
  return <RasterPage format="png" />;
}
