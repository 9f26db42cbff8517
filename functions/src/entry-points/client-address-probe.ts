/** Public, through Hosting's `/api/clientAddressProbe` and its own URL: the deploy's smoke check's probe. */
import { clientAddressProbeAnswer } from '../platform/domain/client-address-probe.js';
import { httpFunction } from '../platform/functions/http-function.js';

export const clientAddressProbe = httpFunction('clientAddressProbe', (request, req) =>
  clientAddressProbeAnswer(request, {
    forwardedFor: req.get('x-forwarded-for'),
    forwarded: req.get('forwarded'),
    socket: req.socket.remoteAddress,
  }),
);
