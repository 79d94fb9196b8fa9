import { Link } from '@tanstack/react-router';
import { PATHS, type AppPath } from '@/lib/paths';
import { ArrowIcon, CheckIcon } from '@/ui/icons';

interface Product {
  id: string;
  name: string;
  tagline: string;
  points: readonly string[];
  to: AppPath;
  cta: string;
}

const PRODUCTS: readonly Product[] = [
  {
    id: 'netsuite',
    name: 'NetSuite',
    tagline: 'Implement, optimise and support NetSuite with specialists who have done it before.',
    points: [
      'Implementations and migrations',
      'Custom workflows and SuiteScript',
      'Reporting, integrations and support',
    ],
    to: PATHS.netsuite,
    cta: 'Explore NetSuite services',
  },
  {
    id: 'react',
    name: 'React',
    tagline: 'Hire React developers for a new product, a rescue or a team that needs more hands.',
    points: [
      'Front-end and full-stack developers',
      'Part-time, full-time or project based',
      'Screened for real delivery',
    ],
    to: PATHS.react,
    cta: 'Hire React developers',
  },
];

export function ProductHighlights() {
  return (
    <section className="section" aria-labelledby="products-title">
      <div className="container">
        <header className="section-header">
          <p className="eyebrow">Specialist programmes</p>
          <h2 id="products-title">Deep expertise where it matters most</h2>
        </header>
        <div className="product-grid">
          {PRODUCTS.map((product) => (
            <article key={product.id} className={`product-card product-card--${product.id}`}>
              <h3 className="product-card__name">{product.name}</h3>
              <p className="product-card__tagline">{product.tagline}</p>
              <ul className="check-list">
                {product.points.map((point) => (
                  <li key={point}>
                    <CheckIcon />
                    {point}
                  </li>
                ))}
              </ul>
              <Link to={product.to} className="button button--light">
                {product.cta}
                <ArrowIcon />
              </Link>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
