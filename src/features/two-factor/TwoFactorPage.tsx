/**
 * /two-factor: the caller's own two-step verification (set up with a QR code or a key typed by
 * hand, confirmed with a first code, ten recovery codes shown once, turned off with a code), and
 * an admin's reset of another user's; docs/security.md explains the rules. Each part assembles
 * its machine with its effects (the API, the clipboard and the file download).
 */
import { usePageMessages } from '../../i18n/page-messages';
import { PageFrame } from '../../ui/PageFrame';
import { twoFactorMessages } from './messages';
import type { HostedPageProps } from '../../ui/hosted-page';
import { AdminReset } from './AdminReset';
import { OwnTwoFactor } from './OwnTwoFactor';

export default function TwoFactorPage({ title }: HostedPageProps) {
  const { t } = usePageMessages('twoFactor', twoFactorMessages);
  return (
    <PageFrame title={title}>
      <div className="mx-auto max-w-3xl space-y-6">
        <OwnTwoFactor t={t} />
        <AdminReset t={t} />
      </div>
    </PageFrame>
  );
}
