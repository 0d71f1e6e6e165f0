/**
 * A real SMTP server on a local port that keeps what it receives: enough of RFC 5321 (EHLO/HELO,
 * optional AUTH PLAIN/LOGIN, MAIL, RCPT, DATA, RSET, NOOP, QUIT) for nodemailer to deliver to it
 * without TLS. Lets a test prove mail leaves through SMTP when the product is configured so.
 *
 * `hold()` makes it stall like a slow mail server: a message is read to its end but not answered
 * (and not counted as received) until `release()`, so a test can see what the product does while
 * a mail is still undelivered. `refuse()` makes it turn every message down (554), like a mail
 * server that rejects it.
 */
import { createServer, type Server, type Socket } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message (headers and body, dot-unstuffed). */
  data: string;
  /** `user` of AUTH, when the client authenticated. */
  user?: string;
}

export interface SmtpSink {
  port: number;
  received: ReceivedMail[];
  /** Messages read to their end but not answered yet (while held). */
  held: ReceivedMail[];
  /** From now on, leave each message unanswered (undelivered) until `release()`. */
  hold(): void;
  /** From now on, refuse each message (554): it is never received. */
  refuse(): void;
  /** Answers every held message (they become received) and goes back to accepting. */
  release(): void;
  /** Resolves with the first received (or, with `{ held: true }`, held) message that matches. */
  waitFor(match: (mail: ReceivedMail) => boolean, options?: { held?: boolean }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const held: ReceivedMail[] = [];
  /** The replies owed for held messages, in order. */
  const owed: (() => void)[] = [];
  let mode: 'accept' | 'hold' | 'refuse' = 'accept';
  const waiters = new Set<() => void>();
  const changed = () => {
    for (const w of [...waiters]) w();
  };
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    let inData = false;
    let authStep: 'user' | 'pass' | undefined;
    let user: string | undefined;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink.test ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          mail.data = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          const complete = { ...mail, user };
          mail = { from: '', to: [], data: '' };
          inData = false;
          const accept = () => {
            received.push(complete);
            reply('250 2.0.0 queued');
            changed();
          };
          if (mode === 'refuse') reply('554 5.7.1 message refused');
          else if (mode === 'hold') {
            held.push(complete);
            owed.push(() => {
              held.splice(held.indexOf(complete), 1);
              if (!socket.destroyed) accept();
            });
            changed();
          } else accept();
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        if (authStep === 'user') {
          user = Buffer.from(line, 'base64').toString();
          authStep = 'pass';
          reply('334 UGFzc3dvcmQ6');
          continue;
        }
        if (authStep === 'pass') {
          authStep = undefined;
          reply('235 2.7.0 accepted');
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-sink.test\r\n250-AUTH PLAIN LOGIN\r\n250 8BITMIME\r\n');
        else if (verb === 'HELO') reply('250 sink.test');
        else if (verb === 'AUTH') {
          const [, mechanism, initial] = line.split(' ');
          if (mechanism?.toUpperCase() === 'PLAIN' && initial) {
            user = Buffer.from(initial, 'base64').toString().split('\0')[1];
            reply('235 2.7.0 accepted');
          } else if (mechanism?.toUpperCase() === 'LOGIN') {
            authStep = 'user';
            reply('334 VXNlcm5hbWU6');
          } else reply('504 mechanism not supported');
        } else if (verb === 'MAIL') {
          mail.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          mail.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 end with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET') {
          mail = { from: '', to: [], data: '' };
          reply('250 ok');
        } else if (verb === 'NOOP') reply('250 ok');
        else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('502 command not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    received,
    held,
    hold: () => {
      mode = 'hold';
    },
    refuse: () => {
      mode = 'refuse';
    },
    release: () => {
      mode = 'accept';
      for (const pay of owed.splice(0)) pay();
    },
    waitFor: (match, options = {}) =>
      new Promise((resolve) => {
        const check = () => {
          const found = (options.held ? held : received).find(match);
          if (!found) return;
          waiters.delete(check);
          resolve(found);
        };
        waiters.add(check);
        check();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
