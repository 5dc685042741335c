/**
 * What the page host (src/routes/PageHost.tsx) tells the page it renders. Pages never look
 * themselves up in the page registry: the registry loads the pages, so that would be a cycle.
 */
export interface HostedPageProps {
  /** The page's route pattern, e.g. '/reports/report-aftu-partner/$memberId'. */
  path: string;
  /** The page's title in the language in use. */
  title: string;
  /** The values of the pattern's parameters in the current address. */
  params: Readonly<Record<string, string>>;
  /** Whether the signed-in user may open the page at `path` (for links to other pages). */
  canOpen: (path: string) => boolean;
}
