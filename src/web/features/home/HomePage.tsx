import '@/ui/styles/home.css';
import { AudienceCtas } from './AudienceCtas';
import { Hero } from './Hero';
import { HowItWorks } from './HowItWorks';
import { LatestRequests } from './LatestRequests';
import { ProductHighlights } from './ProductHighlights';
import { ServiceFamilies } from './ServiceFamilies';
import { TrustSection } from './TrustSection';

export function HomePage() {
  return (
    <>
      <title>Versimarket · Hire freelancers, consultants and service businesses</title>
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
