import { describe, expect, it } from 'vitest';
import { createLocalSender } from './local-sender.ts';

const message = { recipient: '+491701234567', subject: 'Your sign-in code', body: 'Your sign-in code is 493817.' };

function logged(printBody: boolean) {
  const lines: string[] = [];
  const sender = createLocalSender('sms', { info: (o, m) => lines.push(`${m} ${JSON.stringify(o)}`) }, { printBody });
  return sender.send(message).then(() => lines.join('\n'));
}

describe('local delivery', () => {
  it('prints the code for a developer outside production', async () => {
    expect(await logged(true)).toContain('493817');
  });

  it('never prints the body in production', async () => {
    const line = await logged(false);
    expect(line).toContain('+491701234567');
    expect(line).not.toContain('493817');
  });
});
