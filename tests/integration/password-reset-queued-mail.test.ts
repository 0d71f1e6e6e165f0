/**
 * The reset request answers before its mail is sent (issue 20, item 7: a known email must not take
 * longer to answer than an unknown one). Proved without a clock: the server sends mail through an
 * SMTP server that holds each message unanswered. Waiting for the mail, the request would hang; it
 * must answer 200 while the mail is still undelivered, and the mail must then arrive, with a link
 * that works. A mail that fails is logged by the server, never answered as an error.
 */
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { startServer, type TestServer } from '../helpers/server.ts';
import { DEMO_CREDENTIALS, HttpClient } from '../helpers/http.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../helpers/smtp-sink.ts';

const PATH = '/api/user/reset-password';
let sink: SmtpSink;
let server: TestServer;

beforeAll(async () => {
  sink = await startSmtpSink();
  server = await startServer({ template: inject('boPgliteTemplate'), env: { SMTP_URL: `smtp://127.0.0.1:${sink.port}` } });
}, 240_000);
afterAll(async () => {
  sink?.release();
  await server?.dispose();
  await sink?.close();
}, 30_000);

const client = () => new HttpClient(() => server.url);

/** A guest posting the form: GET for the XSRF-TOKEN cookie, then POST with `_token`. */
async function postForm(fields: Record<string, string>, path = PATH): Promise<{ status: number; html: string }> {
  const guest = client();
  await (await guest.get(path)).arrayBuffer();
  const response = await guest.post(path, { form: { _token: guest.csrfToken!, ...fields }, csrf: false });
  return { status: response.status, html: await response.text() };
}

/**
 * Fails the test, instead of hanging it, when the server does not answer while the sink holds the
 * mail (what the server did before: it waited for the mail). Not a measure of speed: any answer
 * at all within the guard passes.
 */
async function answersWhileHeld<T>(request: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('The reset request did not answer while its mail was held by the SMTP server')), 60_000);
  });
  try {
    return await Promise.race([request, hung]);
  } finally {
    clearTimeout(timer);
  }
}

const to = (email: string) => (mail: ReceivedMail) => mail.to.includes(email);
const message = (html: string, email: string) => /If an account exists for [^<]*/.exec(html)?.[0]?.replace(email, '<email>');

function tokenOf(mail: ReceivedMail): string {
  // Quoted-printable may fold the line and encode "="; undo both.
  const body = mail.data.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(body)?.[1];
  expect(token, body).toBeTruthy();
  return token!;
}

describe('POST /api/user/reset-password with a slow mail server', () => {
  it('answers a known email while its mail is undelivered, as it answers an unknown one; the mail then arrives with a working link', async () => {
    const { email } = DEMO_CREDENTIALS.support;
    sink.hold();
    const known = await answersWhileHeld(postForm({ email }));
    expect(known.status).toBe(200);
    expect(known.html).toContain(`If an account exists for ${email}, we have sent a link`);
    expect(sink.received.filter(to(email))).toEqual([]);

    const unknown = await answersWhileHeld(postForm({ email: 'nobody-here@example.com' }));
    expect(unknown.status).toBe(known.status);
    expect(message(unknown.html, 'nobody-here@example.com')).toBe(message(known.html, email));

    // The mail reached the SMTP server, which has not accepted it yet; then it does.
    await sink.waitFor(to(email), { held: true });
    expect(sink.received.filter(to(email))).toEqual([]);
    sink.release();
    const token = tokenOf(await sink.waitFor(to(email)));

    expect(await (await client().get(`${PATH}?token=${token}`)).text()).toContain('New password');
    const done = await postForm({ token, password: 'Fresh@2026pass', password_confirmation: 'Fresh@2026pass' }, `${PATH}?token=${token}`);
    expect(done.status).toBe(303);
    expect((await client().submitLogin(email, 'Fresh@2026pass')).status).toBe(303);
    expect(sink.received.filter(to('nobody-here@example.com'))).toEqual([]);
  });

  it('a mail the SMTP server refuses is logged by the server; the answer is still the usual one', async () => {
    const { email } = DEMO_CREDENTIALS.admin;
    sink.refuse();
    try {
      const answer = await answersWhileHeld(postForm({ email }));
      expect(answer.status).toBe(200);
      expect(answer.html).toContain(`If an account exists for ${email}, we have sent a link`);
      await vi.waitFor(() => expect(server.output()).toMatch(/"msg":"background work failed"/), { timeout: 30_000, interval: 50 });
      const line = server
        .output()
        .split('\n')
        .find((l) => l.includes('background work failed'))!;
      expect(line).toContain('password-reset');
      expect(line).not.toMatch(/token=/);
    } finally {
      sink.release();
    }
  });
});
