import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../../../ui/ComingSoon';

export const Route = createFileRoute('/products/netsuite/hire')({
  component: RequestNetSuiteHelpPage,
});

function RequestNetSuiteHelpPage() {
  return <ComingSoon title="Request NetSuite help" />;
}
