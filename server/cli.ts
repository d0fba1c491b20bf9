import { parseArgs } from 'node:util';
import { openDb } from './db.ts';
import { countKeys, createKeyForUser, createUserWithKey, listKeys, revokeKey } from './keys.ts';
import { DEFAULT_PORT, startService } from './start.ts';

const USAGE = `Usage:
  npm run service [-- --port N --host H --data PATH --rate-limit N --quiet]
  npm run service -- key create [--user ID] [--data PATH]   print a new key (last line)
  npm run service -- key list [--data PATH]
  npm run service -- key revoke ID [--data PATH]`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: 'string', default: String(DEFAULT_PORT) },
    host: { type: 'string', default: '127.0.0.1' },
    data: { type: 'string', default: '.data/service.db' },
    'rate-limit': { type: 'string' },
    user: { type: 'string' },
    quiet: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function wholeNumber(text: string, what: string): number {
  if (!/^\d+$/.test(text)) fail(`${what} must be a whole number, not "${text}".`);
  return Number(text);
}

async function keyCommand([action, id]: string[]): Promise<void> {
  const db = openDb(values.data);
  try {
    if (action === 'create') {
      const created = values.user
        ? createKeyForUser(db, wholeNumber(values.user, '--user'))
        : createUserWithKey(db);
      console.log(`Created key ${created.keyId}. It is shown only once:`);
      console.log(created.key);
    } else if (action === 'list') {
      console.log('id\tuser\tkey starts\tcreated\trevoked');
      for (const k of listKeys(db)) {
        console.log(`${k.id}\t${k.user_id}\t${k.prefix}…\t${k.created_at}\t${k.revoked_at ?? '-'}`);
      }
    } else if (action === 'revoke' && id) {
      if (!revokeKey(db, wholeNumber(id, 'ID'))) fail(`No active key with id ${id}.`);
      console.log(`Revoked key ${id}.`);
    } else {
      fail('Unknown key command.');
    }
  } finally {
    db.close();
  }
}

async function serveCommand(): Promise<void> {
  const firstKey = (() => {
    // On an empty database, make the first key so a newcomer can call the API at once.
    const db = openDb(values.data);
    try {
      return countKeys(db) === 0 ? createUserWithKey(db).key : undefined;
    } finally {
      db.close();
    }
  })();
  const limit = values['rate-limit'];
  const service = await startService({
    port: wholeNumber(values.port, '--port'),
    host: values.host,
    data: values.data,
    rateLimit:
      limit === undefined
        ? undefined
        : { limit: wholeNumber(limit, '--rate-limit'), windowMs: 60_000 },
    log: values.quiet ? false : undefined,
  });
  console.log(
    `Audit Reports service on ${service.url} (API: ${service.url}/api/v1, data: ${values.data})`,
  );
  if (firstKey) {
    console.log('\nNew database: created an API key. It is shown only once, keep it:\n');
    console.log(`  ${firstKey}\n`);
  } else {
    console.log('Make a key with: npm run service -- key create');
  }
  const stop = () => void service.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (values.help) console.log(USAGE);
else if (positionals[0] === 'key') await keyCommand(positionals.slice(1));
else if (positionals.length > 0) fail(`Unknown command "${positionals.join(' ')}".`);
else await serveCommand();
