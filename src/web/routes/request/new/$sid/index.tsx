import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../../ui/ComingSoon';

export const Route = createFileRoute('/request/new/$sid/')({
  component: TellUsAboutYourProjectPage,
});

function TellUsAboutYourProjectPage() {
  return <ComingSoon title="Tell us about your project" />;
}
