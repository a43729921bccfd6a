import { TracePage } from './TracePage';

export default function PngToSvgPage() {
  return <TracePage toolId="png-to-svg" />;
}
