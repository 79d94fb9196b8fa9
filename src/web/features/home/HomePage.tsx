import '@/ui/styles/home.css';
import { AudienceCtas } from './AudienceCtas';
import { Hero } from './Hero';
import { HowItWorks } from './HowItWorks';
import { LatestRequests } from './LatestRequests';
import { ProductHighlights } from './ProductHighlights';
import { ServiceFamilies } from './ServiceFamilies';
import { TrustSection } from './TrustSection';
import { DocumentTitle } from '@/ui/DocumentTitle';

export function HomePage() {
  return (
    <>
      <DocumentTitle>Versimarket · Hire freelancers, consultants and service businesses</DocumentTitle>
      <Hero />
      <ServiceFamilies />
      <HowItWorks />
      <LatestRequests />
      <ProductHighlights />
      <TrustSection />
      <AudienceCtas />
    </>
  );
}
