/**
 * Mantine's whole stylesheet and its notifications', in the `mantine` layer, loaded on demand
 * (first-paint-styles.ts). A module of its own so the bundler gives it a chunk of its own.
 */
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
