export { buildApp } from './app.ts';
export { loadConfig, type Config } from './config.ts';
export { startServer, type RunningServer } from './server.ts';
