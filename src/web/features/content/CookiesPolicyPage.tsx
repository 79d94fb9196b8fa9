import { Link } from '@tanstack/react-router';
import { BRAND } from '../../../shared/brand';
import { PATHS } from '@/lib/paths';
import { LegalPage, type LegalSection } from './LegalPage';
import { LegalTable } from './LegalTable';

const { productName: PRODUCT, supportEmail: EMAIL } = BRAND;

interface StorageItem {
  /** The storage keys, where the entry has fixed ones. */
  keys: readonly string[];
  /** What to call an entry whose key varies (one per family, for example). */
  label?: string;
  purpose: string;
  kept: string;
}

/** Session storage is cleared when the tab closes; local storage stays until cleared. */
const SESSION_STORAGE = 'Session storage, until you close the tab';
const LOCAL_STORAGE = 'Local storage, until you sign out or clear it';

export const STORAGE_ITEMS: readonly StorageItem[] = [
  {
    keys: ['remember_me'],
    purpose: 'Remembers whether you ticked “Remember me” when signing in.',
    kept: LOCAL_STORAGE,
  },
  {
    keys: ['account_type'],
    purpose: 'The account type you picked on the sign-up page, until your sign-up is finished.',
    kept: SESSION_STORAGE,
  },
  {
    keys: ['auth_error', 'account_change_error', 'same_account_warn'],
    purpose: 'Carry a sign-in error or warning across a redirect, for example back from Google, so it can be shown.',
    kept: SESSION_STORAGE,
  },
  {
    keys: ['verification_email', 'verification_status'],
    purpose: 'Track the email verification step: whether a new link was asked for and whether the address is verified.',
    kept: SESSION_STORAGE,
  },
  {
    keys: ['service_selected_tool', 'service_request_refid'],
    purpose:
      'Keep the tool you selected and the reference of the request you are writing while you move between steps.',
    kept: SESSION_STORAGE,
  },
  {
    keys: ['after_verification_next'],
    purpose: 'Where to take you once you have verified your email, for example back to a request you were writing.',
    kept: LOCAL_STORAGE,
  },
  {
    keys: ['request_attachment_names'],
    purpose: 'The names of the files you attached to a request draft, so the draft shows them when you return.',
    kept: LOCAL_STORAGE,
  },
  {
    keys: [],
    label: 'New-request drafts, one per service family',
    purpose: 'Keep the answers of a request you have not submitted yet, so you do not lose them.',
    kept: LOCAL_STORAGE,
  },
  {
    keys: ['checkout_return_path', 'versigems_purchase_count'],
    purpose:
      'Keep the conversation you were in while you buy a plan, and the number of versigems you chose, until checkout returns.',
    kept: SESSION_STORAGE,
  },
  {
    keys: ['auth_event'],
    purpose: 'Tells your other open tabs that you signed in or out. Used only by browsers without BroadcastChannel.',
    kept: LOCAL_STORAGE,
  },
  {
    keys: ['chunk_reload_at'],
    purpose: 'Prevents repeated reloads when a page fails to load right after we release a new version.',
    kept: SESSION_STORAGE,
  },
  {
    keys: ['tsr-scroll-restoration-v1_3'],
    purpose: 'Remembers your scroll position so the back button returns you to where you were.',
    kept: SESSION_STORAGE,
  },
];

function StorageName({ item }: { item: StorageItem }) {
  if (item.keys.length === 0) return <>{item.label}</>;
  return (
    <span className="legal-keys">
      {item.keys.map((key) => (
        <code key={key}>{key}</code>
      ))}
    </span>
  );
}

export const COOKIES_SECTIONS: readonly LegalSection[] = [
  {
    id: 'summary',
    title: 'The short version',
    body: (
      <>
        <p>
          {PRODUCT} sets one cookie, <code>sid</code>, which keeps you signed in and protects your account. It is
          strictly necessary. We also keep a few small flags in your browser’s storage so that pages remember where you
          are in a flow.
        </p>
        <p>
          We do not use analytics, advertising or social media cookies, and we do not track you across other websites.
          That is why you do not see a cookie consent banner here.
        </p>
      </>
    ),
  },
  {
    id: 'what-are-cookies',
    title: 'What cookies and browser storage are',
    body: (
      <p>
        A cookie is a small piece of text a website asks your browser to keep and send back with each request. Browser
        storage (local storage and session storage) is similar, but stays in your browser and is only read by the
        website’s own pages. Session storage is cleared when you close the tab; local storage stays until it is cleared.
      </p>
    ),
  },
  {
    id: 'cookies-we-use',
    title: 'The cookie we use',
    body: (
      <>
        <LegalTable
          caption={`Cookies set by ${PRODUCT}`}
          columns={['Name', 'Purpose', 'Type', 'Duration']}
          rows={[
            {
              key: 'sid',
              cells: [
                <code key="name">sid</code>,
                'Identifies your session: keeps you signed in and ties each form you send to a security token, which protects against cross-site request forgery. It contains a random identifier, nothing about you.',
                'Strictly necessary, first-party. HttpOnly, Secure, SameSite=Lax.',
                'Until you close the browser; with “Remember me”, 30 days from your last visit. Signing out deletes it.',
              ],
            },
          ]}
        />
        <p>
          Because the cookie is strictly necessary for a service you ask for, the law does not require your consent for
          it. Without it you cannot sign in.
        </p>
      </>
    ),
  },
  {
    id: 'browser-storage',
    title: 'Browser storage we use',
    body: (
      <>
        <p>
          These entries hold preferences and the state of a flow you are in. They are read only by {PRODUCT}’s pages,
          are never sent to us automatically, and contain no tracking identifiers.
        </p>
        <LegalTable
          caption={`Browser storage used by ${PRODUCT}`}
          columns={['Name', 'Purpose', 'Where and how long']}
          rows={STORAGE_ITEMS.map((item) => ({
            key: item.keys.join() || item.label!,
            cells: [<StorageName key="name" item={item} />, item.purpose, item.kept],
          }))}
        />
      </>
    ),
  },
  {
    id: 'third-parties',
    title: 'Pages run by others',
    body: (
      <p>
        When you pay, you go to our card payment provider’s checkout page; if you sign in with Google, you go to
        Google’s sign-in page. Those pages are on their own websites and may set their own cookies, for example to
        prevent fraud, under their own cookie policies. {PRODUCT} does not set or read them.
      </p>
    ),
  },
  {
    id: 'your-choices',
    title: 'Your choices',
    body: (
      <>
        <p>
          You can delete cookies and browser storage, or block them, in your browser’s settings. If you block the{' '}
          <code>sid</code> cookie you will not be able to sign in; if you clear browser storage, unfinished request
          drafts are lost and you may have to repeat a step of a flow.
        </p>
        <p>Leaving “Remember me” unticked when you sign in means the cookie ends when you close your browser.</p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        If we ever want to use cookies that are not strictly necessary, such as analytics, we will ask for your consent
        first and update this policy. The date at the top shows when it last changed.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about cookies or browser storage: email <a href={`mailto:${EMAIL}`}>{EMAIL}</a>. How we handle
        personal data in general is explained in our <Link to={PATHS.privacyPolicy}>Privacy Policy</Link>.
      </p>
    ),
  },
];

export function CookiesPolicyPage() {
  return (
    <LegalPage
      title="Cookies Policy"
      path={PATHS.cookiesPolicy}
      summary={<p>The one cookie {PRODUCT} sets, the small flags it keeps in your browser, and how to control them.</p>}
      sections={COOKIES_SECTIONS}
    />
  );
}
