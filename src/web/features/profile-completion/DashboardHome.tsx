import { Link } from '@tanstack/react-router';
import { useAuth } from '@/lib/auth';
import { PATHS, type AppPath } from '@/lib/paths';
import { PRODUCT_NAME } from '@/ui/Logo';
import { CompletionCard } from './CompletionCard';
import { DocumentTitle } from '@/ui/DocumentTitle';
import './profile-completion.css';

interface Tile {
  to: AppPath;
  title: string;
  text: string;
}

const CLIENT_TILES: Tile[] = [
  { to: PATHS.newRequest, title: 'Post a request', text: 'Describe what you need and receive proposals.' },
  { to: '/dashboard/requests/', title: 'Your requests', text: 'Follow your requests and the proposals they got.' },
  { to: PATHS.messages, title: 'Messages', text: 'Your conversations with providers.' },
  { to: PATHS.settings, title: 'Settings', text: 'Your details, email, photo and password.' },
];

const BUSINESS_TILES: Tile[] = [
  { to: PATHS.findJobs, title: 'Find jobs', text: 'Requests from clients you can send a proposal to.' },
  { to: '/dashboard/proposals/', title: 'Your proposals', text: 'The proposals you sent and their answers.' },
  { to: PATHS.messages, title: 'Messages', text: 'Your conversations with clients.' },
  { to: PATHS.businessProfile, title: 'Business profile', text: 'Edit what your public profile shows.' },
  {
    to: PATHS.businessPlans,
    title: 'Plans and billing',
    text: 'Your plan, what it allows each month and the other plans.',
  },
  { to: PATHS.settings, title: 'Settings', text: 'Your logo, email and password.' },
];

/** `/dashboard/` for clients and businesses (freelancers are sent to their services): the score and the way on. */
export function DashboardHome() {
  const { user } = useAuth();
  const tiles = user?.accountType === 'business' ? BUSINESS_TILES : CLIENT_TILES;
  const name = user?.accountType === 'business' ? user.companyname : user?.firstname;
  return (
    <div className="container dashboard-home">
      <DocumentTitle>{`Dashboard | ${PRODUCT_NAME}`}</DocumentTitle>
      <h1 className="dashboard-home__title">Dashboard</h1>
      <p className="dashboard-home__lead">{name ? `Welcome back, ${name}.` : 'Welcome back.'}</p>
      <CompletionCard />
      <nav aria-label="Dashboard">
        <ul className="dashboard-home__links">
          {tiles.map((tile) => (
            <li key={tile.to}>
              <Link to={tile.to} className="dashboard-home__tile">
                <strong>{tile.title}</strong>
                <span>{tile.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
