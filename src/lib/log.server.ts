/** JSON-lines logs (pino); each request logs through a child carrying its request id. */
import pino from 'pino';
import { config } from './config.server.ts';

let root: pino.Logger | undefined;
export function logger(): pino.Logger {
  root ??= pino({
    level: config().LOG_LEVEL,
    base: { service: 'back-office' },
    redact: { paths: ['req.headers.cookie', 'password', '*.password', 'token'], censor: '[redacted]' },
  });
  return root;
}
