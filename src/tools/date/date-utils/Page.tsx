import { CalendarSection } from './CalendarSection';
import { InfoSection } from './InfoSection';
import { RangeSection } from './RangeSection';
import { TimestampSection } from './TimestampSection';
import { ZonesSection } from './ZonesSection';

/** Date utilities on the browser's own Date and Intl: no library to load. */
export default function DateUtilsPage() {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <TimestampSection />
      <ZonesSection />
      <RangeSection />
      <InfoSection />
      <CalendarSection />
    </div>
  );
}
