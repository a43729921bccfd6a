import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Sidebar } from './Sidebar';

/** The sidebar as a drawer on narrow screens. */
export function MobileMenu({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40 lg:hidden" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 lg:hidden" data-testid="mobile-menu">
          <Dialog.Title className="sr-only">{t('sidebar.label')}</Dialog.Title>
          <Dialog.Description className="sr-only">{t('sidebar.filter')}</Dialog.Description>
          <Sidebar onNavigate={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
