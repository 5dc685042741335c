import { Outlet, useRouter } from '@tanstack/react-router';
import { useMachine, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from '../../i18n/react';
import { useServices } from '../../app/ServicesContext';
import { useSignedInServices } from '../../app/SignedInServicesContext';
import { useMenuContext } from '../../app/use-menu-context';
import { menuMachine, NARROW_QUERY, selectMenuOpen, selectMenuOverlay } from '../../machines/menu';
import { selectUser } from '../../machines/session';
import { menuFor, menuLinks } from '../../../contract/navigation/menus';
import { AUTHORIZE_PATH } from '../../../contract/authorize-path';
import { KYC_CASE_LISTS } from '../../../contract/presence';
import { IdleWarning } from '../../session/IdleWarning';
import { Footer } from './Footer';
import { Header } from './Header';
import { SideMenu } from './SideMenu';
import { useRememberRecentPages } from './use-recent-pages';
import { focusPageStart, useRouteFocus } from './use-route-focus';

export function ShellLayout() {
  const { t } = useTranslation();
  const services = useServices();
  const { members, inbox, menuViewport } = useSignedInServices();
  const menuId = useId();
  const menuToggleId = useId();
  const user = useSelector(services.session, selectUser);
  const menuContext = useMenuContext();
  const sections = useMemo(() => (menuContext ? menuFor(menuContext) : []), [menuContext]);
  const [menuState, sendMenu] = useMachine(menuMachine.provide({ actors: { viewport: menuViewport } }), {
    input: { narrow: services.matchMedia(NARROW_QUERY).matches },
  });
  const open = selectMenuOpen(menuState);
  const overlay = selectMenuOverlay(menuState);

  // docs/product.md: the associated members are fetched when the side menu loads.
  const profileId = user?.profile.id;
  useEffect(() => {
    if (profileId !== undefined) members.send({ type: 'members.load', brokerId: profileId });
  }, [profileId, members]);

  // The inbox's stream is watched while the menu links to the inbox (its count) or to KYC cases
  // (who else has one open, decision 050).
  const hasInbox = useMemo(() => {
    const links = menuLinks(sections);
    return links.includes(AUTHORIZE_PATH) || links.some((link) => KYC_CASE_LISTS.includes(link));
  }, [sections]);
  useEffect(() => {
    inbox.send({ type: hasInbox ? 'inbox.watch' : 'inbox.stop' });
  }, [hasInbox, inbox]);

  // Once the frame shows: the code the pages share, while the browser is idle (decision 028).
  // Counted from the frame's first paint (decision 061): React runs these effects before the
  // browser paints, and an idle moment can come before that paint, so the preload used to
  // share the network with the home page's heading.
  useEffect(() => {
    let task: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      task = setTimeout(() => services.prefetchPages(), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(task);
    };
  }, [services]);

  const router = useRouter();
  useEffect(() => router.subscribe('onResolved', () => sendMenu({ type: 'menu.navigated' })), [router, sendMenu]);
  useRouteFocus(router, 'content');
  useRememberRecentPages(sections);

  // The menu over the page is closed like any other layer, and focus goes back to its button.
  useEffect(() => {
    if (!overlay) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      sendMenu({ type: 'menu.close' });
      document.getElementById(menuToggleId)?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [overlay, sendMenu, menuToggleId]);

  return (
    <div className="flex min-h-screen flex-col">
      {/* The first Tab of every page: past the header and the menu, straight to the page. A
          button, not an #content link: the address stays the page's own. */}
      <button
        type="button"
        onClick={() => focusPageStart('content')}
        className="fixed top-2 left-2 z-50 -translate-y-24 rounded-md bg-raised px-4 py-2 font-medium text-accent-strong shadow-lg ring-2 ring-brand-600 focus:translate-y-0"
      >
        {t('frame.skipToContent')}
      </button>
      <Header
        menuOpen={open}
        menuToggleId={menuToggleId}
        onToggleMenu={() => sendMenu({ type: 'menu.toggle' })}
        menuId={menuId}
        sections={sections}
      />
      <div className="relative flex flex-1">
        {overlay && (
          <button
            type="button"
            aria-label={t('shell.closeMenu')}
            tabIndex={-1}
            onClick={() => sendMenu({ type: 'menu.close' })}
            className="fixed inset-0 top-14 z-10 bg-ink/40"
          />
        )}
        <nav
          id={menuId}
          aria-label={t('shell.mainMenu')}
          hidden={!open}
          data-state={open ? 'open' : 'closed'}
          className={`w-menu shrink-0 border-r border-line bg-raised ${
            overlay ? 'fixed top-14 bottom-0 left-0 z-20 shadow-xl' : 'sticky top-14 h-[calc(100vh-3.5rem)]'
          }`}
        >
          <SideMenu sections={sections} />
        </nav>
        <div className="flex min-w-0 flex-1 flex-col">
          <main id="content" className="flex-1 p-4 2xl:p-6">
            <Outlet />
          </main>
          <Footer />
        </div>
      </div>
      <IdleWarning />
    </div>
  );
}
