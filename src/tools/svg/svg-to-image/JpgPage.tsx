import { RasterPage } from './RasterPage';

export default function SvgToJpgPage() {
  return <RasterPage format="jpg" />;
}
