/**
 * Mantine's styles for the first screen only (the sign-in page, the loading and error screens, the
 * application shell and an empty page): a small part of Mantine's whole stylesheet, so the first
 * paint waits for less CSS to download, parse and apply (docs/performance.md, "Splitting the first
 * render").
 * The rest comes with the whole stylesheet, fetched once the browser is idle after the first render
 * (loadFullStylesheet); a component added to the first screen needs its file here.
 *
 * The `.layer.css` files put Mantine in the `mantine` cascade layer, so loading the whole sheet
 * later (its rules again, after the app's own) cannot override the app's styles: unlayered rules
 * beat layered ones whatever their order.
 */
import { warmUpLater } from './warm-up.ts';
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/core/styles/AppShell.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/NavLink.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/Avatar.layer.css';
import '@mantine/core/styles/Indicator.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
// The landing page's note lists (in the signed-in shell's chunk, app/pages.ts).
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Card.layer.css';
// Dialogs, which may open before the whole sheet is in (the session-expired one, any other).
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
// Where notifications stack (App.tsx): one may show before the whole sheet is in.
import '@mantine/notifications/styles.layer.css';

let requested = false;

/**
 * Fetches Mantine's whole stylesheet (every component), once, with the warm-ups a few seconds after
 * the page's load (ui/warm-up.ts): neither its download nor applying its rules competes with the
 * first screen. Every page loaded on demand brings it along too (app/pages.ts), so no
 * page shows before its styles.
 */
export function loadFullStylesheet(): void {
  if (requested) return;
  requested = true;
  warmUpLater(() => import('./full-stylesheet.ts'));
}
