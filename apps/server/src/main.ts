import { ConfigError, loadConfig } from './platform/config/config.ts';
import { adoptEarlierDataDir } from './platform/config/data-dir.ts';
import { startServer } from './server.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const moved = await adoptEarlierDataDir(config.DATA_DIR, config.dataDir);
  if (moved) console.log(`Moved the data folder from ${moved} to ${config.dataDir}`);
  const server = await startServer(config);
  const shownUrl = `http://localhost:${config.PORT}`;
  console.log(`\nFormloop is running on ${shownUrl} (API docs: ${shownUrl}/api/docs)`);
  if (server.firstAdmin) {
    console.log(
      [
        '',
        '  First start: the demo tenant and its system administrator were created.',
        `  Sign in at ${shownUrl}/authentication/login`,
        `    username: ${server.firstAdmin.username}`,
        `    password: ${config.ADMIN_PASSWORD ? '(the ADMIN_PASSWORD you set)' : server.firstAdmin.password}`,
        config.ADMIN_PASSWORD
          ? ''
          : `  (also saved in ${config.dataDir}/initial-admin.txt; change it after signing in)`,
        '',
      ].join('\n'),
    );
  }
  if (server.demoPeople) {
    console.log(
      [
        '  Example business: apps, records, tasks, reports and a dashboard were made in the demo tenant.',
        `  Its people (${server.demoPeople.usernames.join(', ')}) sign in with`,
        `    password: ${server.demoPeople.password}`,
        `  (also saved in ${config.dataDir}/demo-people.txt; DEMO_CONTENT=false leaves the example out)`,
        '',
      ].join('\n'),
    );
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await server.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
