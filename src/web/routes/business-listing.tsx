import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../ui/ComingSoon';

export const Route = createFileRoute('/business-listing')({
  component: ListYourBusinessPage,
});

function ListYourBusinessPage() {
  return <ComingSoon title="List your business" />;
}
