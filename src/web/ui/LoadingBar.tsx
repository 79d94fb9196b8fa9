/** The page-loading fallback (spec §2, §9): a full-width 3 px bar, a 40% #1F71BE segment sliding across. */
export function LoadingBar() {
  return (
    <div className="loading-bar" role="progressbar" aria-label="Loading page">
      <div className="loading-bar__indicator" />
    </div>
  );
}
