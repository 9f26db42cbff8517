/*
 * Push-messaging service worker of the Dayfocus web companion. Firebase Cloud Messaging
 * delivers web pushes to this worker; it shows them and focuses (or opens) the page on a tap.
 * It has no imports so that it works offline and without a CDN.
 */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { notification: { body: event.data ? event.data.text() : '' } };
  }
  const notification = payload.notification || {};
  const data = payload.data || {};
  const title = notification.title || data.title || 'Dayfocus';
  const body = notification.body || data.body || '';
  event.waitUntil(
    self.registration.showNotification(title, {
      body,
      icon: '/images/logo.svg',
      tag: data.type || data.topic || 'dayfocus',
      data: { link: (payload.fcmOptions && payload.fcmOptions.link) || '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const wanted = new URL(
    event.notification.data && event.notification.data.link ? event.notification.data.link : '/',
    self.location.origin,
  );
  // Only a page of this site opens from a notification.
  const link = wanted.origin === self.location.origin ? wanted : new URL('/', self.location.origin);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url.startsWith(self.location.origin));
      return open ? open.focus() : self.clients.openWindow(link.href);
    }),
  );
});
