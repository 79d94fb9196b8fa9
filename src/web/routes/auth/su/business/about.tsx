import { createFileRoute } from '@tanstack/react-router';
import { signedInAs } from '../../../../lib/guards';
import { ComingSoon } from '../../../../ui/ComingSoon';

export const Route = createFileRoute('/auth/su/business/about')({
  beforeLoad: signedInAs('business'),
  component: AboutYourBusinessPage,
});

function AboutYourBusinessPage() {
  return <ComingSoon title="About your business" />;
}
