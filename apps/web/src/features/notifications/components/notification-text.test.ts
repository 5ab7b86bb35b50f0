import { describe, expect, it } from 'vitest';
import { setTestLanguage } from '../../../../test/i18n';
import { notificationText } from './notification-text';

const partial = {
  id: 1,
  kind: 'drawing.partially_approved' as const,
  data: {
    name: 'Hut 5001 wandkast',
    versionNumber: 2,
    by: 'Emma Jansen (Nordic Star)',
    waitingFor: ['Noor de Vries', 'Piet Bos'],
  },
  link: '/projects/3/drawings/11/versions/32',
  read: false,
  createdAt: '2026-03-02T09:00:00.000Z',
};

describe('notificationText', () => {
  it('words a partial approval of a drawing with the names still to approve as a list, in both languages', async () => {
    const nl = await setTestLanguage('nl');
    expect(notificationText(nl.t, partial)).toBe(
      'Emma Jansen (Nordic Star) keurde Hut 5001 wandkast v2 goed; wacht nog op Noor de Vries en Piet Bos',
    );
    const en = await setTestLanguage('en');
    expect(notificationText(en.t, partial)).toBe(
      'Emma Jansen (Nordic Star) approved Hut 5001 wandkast v2; still waiting for Noor de Vries and Piet Bos',
    );
  });
});
