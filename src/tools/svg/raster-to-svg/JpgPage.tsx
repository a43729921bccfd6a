import { TracePage } from './TracePage';

export default function JpgToSvgPage() {
  return <TracePage toolId="jpg-to-svg" />;
}
